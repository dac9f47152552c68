/**
 * What `npm run multi-core` (scripts/multi-core.ts) sets and prints: the gateway's settings over
 * the two simulators, and the token commands that call it, each working as printed in another
 * terminal (PORT or PUBLIC_BASE_URL in front when the gateway is not on the default).
 */
import type { FineractDataset } from '../adapters/fineract/simulator/dataset';
import type { FineractSimulator } from '../adapters/fineract/simulator/simulator';
import type { KrakenSimulator } from '../adapters/kraken/simulator/simulator';
import type { Config } from '../src/config/config';
import { type FineractLogin, fineractSettings, krakenSettings } from './simulator-settings';

/** The layout and the settings of both cores, as an operator would export them. */
const MULTI_CORE_LAYOUT = 'banking:fineract,energy:kraken,common:fineract,fdx:fineract';

/** The simulators the gateway is pointed at, and the data set the Fineract one serves. */
export interface MultiCoreSimulators {
  fineract: FineractSimulator;
  kraken: KrakenSimulator;
  dataset: FineractDataset;
  login: FineractLogin;
}

/**
 * `env` with the gateway's settings over both simulators; what the caller set wins (another port,
 * a log level, another layout).
 */
export function multiCoreEnv(env: NodeJS.ProcessEnv, sims: MultiCoreSimulators): NodeJS.ProcessEnv {
  const settings: Record<string, string> = {
    CORE_ADAPTERS: MULTI_CORE_LAYOUT,
    ...Object.fromEntries(fineractSettings(sims.fineract, sims.login, sims.dataset)),
    ...Object.fromEntries(krakenSettings(sims.kraken)),
    HOLDER_DEV_KEYS: 'true',
  };
  for (const [name, value] of Object.entries(settings)) env[name] ??= value;
  return env;
}

/**
 * What `npm run token` in another terminal needs to sign for this gateway, as `serve` prints it:
 * PUBLIC_BASE_URL when it is not `http://localhost:<port>`, else PORT unless it is the default.
 */
export function tokenEnv(config: Pick<Config, 'port' | 'publicBaseUrl'>): string {
  if (config.publicBaseUrl !== `http://localhost:${config.port}`)
    return `PUBLIC_BASE_URL=${config.publicBaseUrl} `;
  return config.port === 3000 ? '' : `PORT=${config.port} `;
}

/**
 * Commands for the endpoints of the platform's holder reference on customer 1: savings account
 * `sav-1` and loan `loan-1` in Fineract, `energyAccount` in Kraken.
 */
function holderReferenceCommands(token: string, transactionId: string, energyAccount: string) {
  const banking = '/v1/banking/customer/1/accounts';
  return [
    `${token} GET ${banking}/sav-1 | sh`,
    `${token} GET '${banking}/sav-1/transactions?oldest-time=2026-01-01T00:00:00Z&page-size=5' | sh`,
    `${token} GET ${banking}/sav-1/transactions/${transactionId} | sh`,
    `${token} GET '${banking}/loan-1/payments/plans?plan-status=ALL' | sh`,
    `${token} GET /v1/energy/customer/1/accounts/${energyAccount} | sh`,
    `${token} GET /v1/energy/customer/1/accounts/${energyAccount}/balance | sh`,
    `${token} POST /fdx/v6/customer/1/accounts '{"data":{"accountIds":["sav-1","loan-1"]}}' | sh`,
    `${token} GET /fdx/v6/customer/1/accounts/loan-1 | sh`,
    `${token} GET /fdx/v6/customer/1/accounts/sav-1/contact | sh`,
    `${token} GET /fdx/v6/customer/1/accounts/sav-1/payment-networks | sh`,
  ];
}

/** What the script prints before the gateway starts: the cores and commands that call them. */
export function instructions(
  config: Pick<Config, 'port' | 'publicBaseUrl'>,
  layout: string,
  { fineract, kraken, dataset }: MultiCoreSimulators,
): string[] {
  const token = `${tokenEnv(config)}npm run --silent token --`;
  const transactionId = String(dataset.savingsTransactions['1']![0]!.id);
  const energyAccount = kraken.data.users
    .find((u) => u.id === kraken.data.customers['1'])!
    .accountNumbers.find((n) => kraken.data.accounts[n]!.status !== 'VOID')!;
  return [
    `Fineract simulator on ${fineract.url} (banking, customer detail, FDX)`,
    `Kraken simulator on ${kraken.url} (energy)`,
    `CORE_ADAPTERS=${layout}`,
    'Customer 1 has banking and energy accounts, 2 banking only, 3 energy only:',
    `  ${token} GET /auth/v1/customer/1/accounts | sh`,
    'Customer 1 is found by one address in both cores (with the business it is a contact of):',
    `  ${token} POST /auth/v1/customer/search '{"email":"jane.citizen@example.com"}' | sh`,
    "One account's detail, transactions and plans (Fineract), an energy balance (Kraken), FDX:",
    ...holderReferenceCommands(token, transactionId, energyAccount).map((c) => `  ${c}`),
    `Faults: curl -X POST ${kraken.url.replace(/\/v1\/graphql\/$/, '')}/__sim/fault -d '{"fault":"unavailable503"}'`,
    '  (energy and lists not asked before answer 503, banking keeps answering; an answer served',
    '  before the fault comes from the cache within its stale-if-error window; {"fault":"none"} heals it)',
    '',
  ];
}
