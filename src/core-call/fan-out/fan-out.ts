/**
 * What several cores answer together, as one step over the steps of each instance (each through
 * its own layers: its cache, its circuits, its maintenance windows):
 *
 * - authorisation.listShareableAccounts: every core of an account family at once, the lists
 *   merged (merged-accounts.ts);
 * - customer.searchCustomersByEmail: every core of customers at once, the answers joined
 *   (joined-search.ts);
 * - customer.getCustomerIdentity: the cores of customers in turn (identity-in-turn.ts).
 *
 * Every other operation is the step of the one instance that serves its port's family. With one
 * instance, that instance's ports are the gateway's.
 */
import type { Logger } from 'pino';
import { type GatewayIds, RAW_IDS } from '../../ids/gateway-ids';
import type { CoreAdapter } from '../../ports';
import {
  FAMILY_OF_PORT,
  type Operation,
  type OperationName,
  operations,
} from '../../ports/operations';
import type { Step } from '../core-call';
import { portsOver } from '../ports';
import { customerCores } from './customer-cores';
import type { Instance, ServingInstance } from './instance';
import { identityInTurn } from './identity-in-turn';
import { joinedSearch } from './joined-search';
import { accountSources, mergedAccounts } from './merged-accounts';

/** The one step over several instances of an operation they answer together. */
type FanOut = (instances: readonly Instance[], logger: Logger, ids: GatewayIds) => Step | undefined;

/** The operations several cores answer together, and how. */
export const FAN_OUT: Partial<Readonly<Record<OperationName, FanOut>>> = {
  'authorisation.listShareableAccounts': (instances, logger) =>
    mergedAccounts(accountSources(instances), logger),
  'customer.searchCustomersByEmail': (instances, _logger, ids) =>
    joinedSearch(customerCores(instances, 'customer.searchCustomersByEmail'), (id) =>
      ids.customerKey(id),
    ),
  'customer.getCustomerIdentity': (instances) =>
    identityInTurn(customerCores(instances, 'customer.getCustomerIdentity')),
};

/** The step of `operation` over `instances`; undefined when none of them answers it. */
export function stepOver(
  operation: Operation,
  instances: readonly Instance[],
  logger: Logger,
  ids: GatewayIds = RAW_IDS,
): Step | undefined {
  const fanOut = FAN_OUT[operation.name];
  if (fanOut) return fanOut(instances, logger, ids);
  const family = FAMILY_OF_PORT[operation.port];
  if (!family) return undefined;
  const serving = instances.find((i) => i.families.includes(family));
  return serving?.operations.has(operation.name) ? serving.step : undefined;
}

export type { Instance, ServingInstance } from './instance';

/** The ports the services call over the instances (each already behind its own layers). */
export function servedPorts(
  instances: readonly ServingInstance[],
  logger: Logger,
  ids: GatewayIds = RAW_IDS,
): CoreAdapter {
  if (instances.length === 1) return instances[0]!.adapter;
  const steps = new Map<OperationName, Step>();
  for (const operation of operations()) {
    const step = stepOver(operation, instances, logger, ids);
    if (step) steps.set(operation.name, step);
  }
  const answered = operations().filter((op) => steps.has(op.name));
  const ports = portsOver(answered, instances.map((i) => i.id).join('+'), (op) =>
    steps.get(op.name)!,
  );
  ports.isReady = () => instances.every((i) => i.adapter.isReady?.() ?? true);
  ports.close = async () => {
    await Promise.all(instances.map((i) => i.adapter.close?.()));
  };
  return ports;
}
