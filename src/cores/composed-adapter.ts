/**
 * The adapter the routes see when several cores serve the gateway: each port from the instance
 * the layout names for its family, the authorisation list merged over every core that serves
 * an account family, the customer search merged over every core that can search
 * (customer-search.ts), and the identity from the first core that can give it
 * (customer-identity.ts). With one instance, that instance is the adapter itself.
 */
import type { Logger } from 'pino';
import { ACCOUNT_FAMILIES, type CoreFamily } from '../config/core-layout';
import type { CoreAdapter } from '../ports';
import type { IdentitySource } from './customer-identity';
import { composedCustomerPort, type SearchSource } from './customer-search';
import { type AccountSource, mergedAuthorisation } from './shareable-accounts';

/** An instance as composition needs it: its id, the families it serves and its wrapped adapter. */
export interface ServingInstance {
  id: string;
  families: readonly CoreFamily[];
  adapter: CoreAdapter;
}

/** The account families an adapter has ports for. */
const accountPortsOf = (adapter: CoreAdapter): CoreFamily[] =>
  ACCOUNT_FAMILIES.filter((family) => adapter[family] !== undefined);

/** The sources of the authorisation list, banking's core first, each core once. */
export function accountSources(instances: readonly ServingInstance[]): AccountSource[] {
  const sources: AccountSource[] = [];
  for (const family of ACCOUNT_FAMILIES) {
    const instance = instances.find((i) => i.families.includes(family));
    if (!instance || sources.some((s) => s.id === instance.id)) continue;
    const families: readonly CoreFamily[] = ACCOUNT_FAMILIES.filter((f) =>
      instance.families.includes(f),
    );
    sources.push({
      id: instance.id,
      families,
      holdsOthers: accountPortsOf(instance.adapter).some((f) => !families.includes(f)),
      authorisation: instance.adapter.authorisation,
    });
  }
  return sources;
}

/** The families whose cores hold customers: a core serving only products holds none. */
const CUSTOMER_FAMILIES: readonly CoreFamily[] = ['banking', 'energy', 'common', 'fdx'];

/**
 * The cores of the consent flow: every instance that serves a family of customers, the one
 * serving `common` first, then the others in layout order.
 */
function customerCores(instances: readonly ServingInstance[]): ServingInstance[] {
  const holders = instances.filter((i) => i.families.some((f) => CUSTOMER_FAMILIES.includes(f)));
  const common = holders.find((i) => i.families.includes('common'));
  return common ? [common, ...holders.filter((i) => i !== common)] : holders;
}

/** The cores asked by the customer search: the cores of the consent flow whose port can search. */
export function searchSources(instances: readonly ServingInstance[]): SearchSource[] {
  return customerCores(instances).flatMap(({ id, adapter: { customer } }) =>
    customer.searchCustomersByEmail
      ? [{ id, search: customer.searchCustomersByEmail.bind(customer) }]
      : [],
  );
}

/**
 * The cores asked for an identity, in turn: the cores of the consent flow whose port can give
 * one, in the search's order.
 */
export function identitySources(instances: readonly ServingInstance[]): IdentitySource[] {
  return customerCores(instances).flatMap(({ id, adapter: { customer } }) =>
    customer.getCustomerIdentity
      ? [{ id, identify: customer.getCustomerIdentity.bind(customer) }]
      : [],
  );
}

/** The adapter the routes use over the instances (already wrapped by the resilience stack). */
export function composedAdapter(
  instances: readonly ServingInstance[],
  logger: Logger,
): CoreAdapter {
  if (instances.length === 1) return instances[0]!.adapter;
  const of = (family: CoreFamily) => instances.find((i) => i.families.includes(family))!.adapter;
  const common = of('common');
  return {
    id: instances.map((i) => i.id).join('+'),
    authorisation: mergedAuthorisation(accountSources(instances), logger),
    customer: composedCustomerPort(
      common.customer,
      searchSources(instances),
      identitySources(instances),
    ),
    banking: of('banking').banking,
    energy: of('energy').energy,
    fdx: of('fdx').fdx,
    products: of('products').products,
    isReady: () => instances.every((i) => i.adapter.isReady?.() ?? true),
    close: async () => {
      await Promise.all(instances.map((i) => i.adapter.close?.()));
    },
  };
}
