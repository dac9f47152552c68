/**
 * The port methods an adapter instance must have for the families it serves, checked once it is
 * created: a missing method stops start-up (and `check`) naming the adapter, the port and the
 * method, instead of answering 500 at its first call.
 */
import type { CoreFamily } from '../config/core-layout';
import type { CoreAdapter } from '.';
import { OPERATIONS, type PortName } from './operations';

/** The ports each family's endpoints call. The authorisation list spans banking and energy. */
const PORTS_OF_FAMILY: Readonly<Record<CoreFamily, readonly PortName[]>> = {
  banking: ['banking', 'authorisation'],
  energy: ['energy', 'authorisation'],
  common: ['customer'],
  fdx: ['fdx'],
  products: ['products'],
};

/** The ports an adapter must have whatever it serves (`CoreAdapter` does not make them optional). */
const ALWAYS: readonly PortName[] = ['authorisation', 'customer'];

type Port<P extends PortName> = NonNullable<CoreAdapter[P]>;
type OptionalMethodOf<P extends PortName> = {
  [M in keyof Port<P>]-?: object extends Pick<Port<P>, M> ? M : never;
}[keyof Port<P>];
type OptionalOperation = {
  [P in PortName]: `${P}.${Extract<OptionalMethodOf<P>, string>}`;
}[PortName];

/**
 * Methods a port may leave out (the gateway then asks another core, or answers without them).
 * Typed: the list must name exactly the optional methods of the port interfaces.
 */
export const OPTIONAL_OPERATIONS = [
  'customer.searchCustomersByEmail',
  'customer.getCustomerIdentity',
  'banking.listAccountsById',
  'energy.listAccountsById',
  'banking.listAccountRefs',
  'energy.listAccountRefs',
  'energy.listAccountRefsForInvoices',
  'banking.listTransactions',
  'banking.getTransaction',
  'energy.getAccountBalance',
  'fdx.listAccountDescriptors',
  'fdx.getAccountDetail',
  'fdx.getAccountContact',
  'fdx.listPaymentNetworks',
] as const satisfies readonly OptionalOperation[];
type Listed = (typeof OPTIONAL_OPERATIONS)[number];
// Fails to compile when a port gains an optional method that the list above leaves out.
const everyOptionalListed: [OptionalOperation] extends [Listed] ? true : never = true;
void everyOptionalListed;

const OPTIONAL = new Set<string>(OPTIONAL_OPERATIONS);

/** An instance as the check needs it. */
export interface InstanceMethods {
  readonly id: string;
  readonly families: readonly CoreFamily[];
  /** The families `CORE_ADAPTERS` names for it: a problem names `CORE_ADAPTERS` then. */
  readonly named: readonly CoreFamily[];
  readonly adapter: CoreAdapter;
}

/**
 * The missing required methods of the ports the instance's families need, one line each. A port
 * the adapter leaves out entirely is not a problem here (its endpoints answer 404), except the
 * authorisation and customer ports every adapter has.
 */
export function missingMethodProblems(instance: InstanceMethods): string[] {
  const variable = instance.named.length > 0 ? 'CORE_ADAPTERS' : 'CORE_ADAPTER';
  const ports = new Set(instance.families.flatMap((f) => PORTS_OF_FAMILY[f]));
  const problems: string[] = [];
  for (const port of ports) {
    const object = instance.adapter[port] as Record<string, unknown> | undefined;
    if (object === undefined && !ALWAYS.includes(port)) continue;
    for (const method of Object.keys(OPERATIONS[port])) {
      if (OPTIONAL.has(`${port}.${method}`) || typeof object?.[method] === 'function') continue;
      problems.push(
        object === undefined
          ? `${variable}: adapter "${instance.id}" has no ${port} port (method ${method} is required)`
          : `${variable}: adapter "${instance.id}" port ${port} has no method ${method}`,
      );
    }
  }
  return problems;
}
