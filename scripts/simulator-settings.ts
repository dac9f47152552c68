/**
 * The gateway variables that point an adapter at a running simulator, shared by
 * `npm run fineract:sim`, `npm run kraken:sim` (which print them) and `npm run multi-core`
 * (which sets them).
 */
import type { FineractSimulator } from '../adapters/fineract/simulator/simulator';
import { CONTACTS_DATATABLE, type FineractDataset } from '../adapters/fineract/simulator/dataset';
import type { KrakenSimulator } from '../adapters/kraken/simulator/simulator';

/** The simulator's tenant and back-office user. */
export interface FineractLogin {
  tenant: string;
  username: string;
  password: string;
}

/**
 * `FINERACT_*` for a Fineract simulator; each self-service user becomes a customer, and the
 * customer search reads the data set's authorised contacts table.
 */
export function fineractSettings(
  sim: FineractSimulator,
  login: FineractLogin,
  data: FineractDataset,
): [string, string][] {
  const customers = Object.fromEntries(
    data.selfServiceUsers.map((u) => [
      String(u.clientId),
      { selfServiceUsername: u.username, selfServicePassword: u.password },
    ]),
  );
  return [
    ['FINERACT_BASE_URL', sim.url],
    ['FINERACT_TENANT', login.tenant],
    ['FINERACT_USERNAME', login.username],
    ['FINERACT_PASSWORD', login.password],
    ['FINERACT_BSB', '012-345'],
    ['FINERACT_CUSTOMERS', JSON.stringify(customers)],
    ...(data.datatables[CONTACTS_DATATABLE]
      ? [['FINERACT_CONTACTS_DATATABLE', CONTACTS_DATATABLE] as [string, string]]
      : []),
  ];
}

/** `KRAKEN_*` for a Kraken simulator, its customers as its data set maps them. */
export function krakenSettings(sim: KrakenSimulator): [string, string][] {
  return [
    ['KRAKEN_BASE_URL', sim.url],
    ['KRAKEN_API_KEY', sim.apiKey],
    ['KRAKEN_API_KEY_KIND', 'organization'],
    ['KRAKEN_CUSTOMERS', JSON.stringify(sim.data.customers)],
  ];
}
