/**
 * The gateway variables that point an adapter at a running simulator, shared by
 * `npm run fineract:sim`, `npm run kraken:sim` (which print them) and `npm run multi-core`
 * (which sets them), and how the Kraken simulator's customers line up with the Temenos
 * simulator's when both run behind one gateway.
 */
import type { FineractSimulator } from '../adapters/fineract/simulator/simulator';
import { CONTACTS_DATATABLE, type FineractDataset } from '../adapters/fineract/simulator/dataset';
import type { KrakenDataset } from '../adapters/kraken/simulator/dataset';
import type { KrakenSimulator } from '../adapters/kraken/simulator/simulator';
import type { TemenosDataset } from '../adapters/temenos/simulator/dataset';
import { temenosGatewaySettings } from '../adapters/temenos/simulator/gateway-settings';
import type { TemenosSimulator } from '../adapters/temenos/simulator/simulator';

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

/**
 * `KRAKEN_*` for a Kraken simulator, its customers as its data set maps them (customer id →
 * account user), or as `customers` does.
 */
export function krakenSettings(
  sim: KrakenSimulator,
  customers: Readonly<Record<string, string>> = sim.data.customers,
): [string, string][] {
  return [
    ['KRAKEN_BASE_URL', sim.url],
    ['KRAKEN_API_KEY', sim.apiKey],
    ['KRAKEN_API_KEY_KIND', 'organization'],
    ['KRAKEN_CUSTOMERS', JSON.stringify(customers)],
  ];
}

/** `TEMENOS_*` for a Temenos simulator, as `npm run temenos:sim` prints them. */
export function temenosSettings(sim: TemenosSimulator): [string, string][] {
  return temenosGatewaySettings(sim).filter(([name]) => name.startsWith('TEMENOS_'));
}

/**
 * `KRAKEN_CUSTOMERS` beside the Temenos simulator: each Transact customer id → the Kraken account
 * user who is the same person (the same name and email address), so that one customer id names
 * one person in both cores; Kraken's other users are left out (they have no Transact id).
 */
export function krakenCustomersOfTemenos(
  temenos: TemenosDataset,
  kraken: KrakenDataset,
): Record<string, string> {
  const lined: [string, string][] = [];
  for (const c of temenos.customers) {
    const user = kraken.users.find(
      (u) =>
        `${u.givenName} ${u.familyName}` === c.name &&
        c.emails.some((e) => e.toLowerCase() === u.email.toLowerCase()),
    );
    if (user) lined.push([c.customerId, user.id]);
  }
  return Object.fromEntries(lined);
}
