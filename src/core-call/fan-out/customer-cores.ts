/**
 * The cores of the consent flow (the customer search and the identity), in the order they are
 * asked: every instance that serves a family of customers, the one serving `common` first, then
 * the others in layout order, each only when its adapter implements the operation.
 */
import type { CoreFamily } from '../../config/core-layout';
import type { OperationName } from '../../ports/operations';
import type { Instance } from './instance';

/** The families whose cores hold customers: a core serving only products holds none. */
const CUSTOMER_FAMILIES: readonly CoreFamily[] = ['banking', 'energy', 'common', 'fdx'];

/** The cores of the consent flow whose adapter implements `operation`, in the order asked. */
export function customerCores(
  instances: readonly Instance[],
  operation: OperationName,
): Instance[] {
  const holders = instances.filter(
    (i) => i.operations.has(operation) && i.families.some((f) => CUSTOMER_FAMILIES.includes(f)),
  );
  const common = holders.find((i) => i.families.includes('common'));
  return common ? [common, ...holders.filter((i) => i !== common)] : holders;
}
