/**
 * What `npm run multi-core` (scripts/multi-core.ts) sets and prints: the gateway's settings over
 * the two simulators, and the token commands that call it, each working as printed in another
 * terminal (PORT or PUBLIC_BASE_URL in front when the gateway is not on the default). The bank is
 * the Fineract simulator, or with `--bank temenos` the Temenos one; energy is always Kraken.
 */
import type { FineractDataset } from '../adapters/fineract/simulator/dataset';
import type { FineractSimulator } from '../adapters/fineract/simulator/simulator';
import type { KrakenSimulator } from '../adapters/kraken/simulator/simulator';
import type { TemenosSimulator } from '../adapters/temenos/simulator/simulator';
import type { Config } from '../src/config/config';
import {
  type FineractLogin,
  fineractSettings,
  krakenCustomersOfTemenos,
  krakenSettings,
  temenosSettings,
} from './simulator-settings';

/** The layouts and the settings of both cores, as an operator would export them. */
const MULTI_CORE_LAYOUT = 'banking:fineract,energy:kraken,common:fineract,fdx:fineract';
export const TEMENOS_LAYOUT = 'banking:temenos,common:temenos,fdx:temenos,energy:kraken';

/** The banks `--bank` names. */
export const MULTI_CORE_BANKS = ['fineract', 'temenos'] as const;
export type MultiCoreBank = (typeof MULTI_CORE_BANKS)[number];

/** The simulators the gateway is pointed at, and the data set the Fineract one serves. */
export interface MultiCoreSimulators {
  fineract: FineractSimulator;
  kraken: KrakenSimulator;
  dataset: FineractDataset;
  login: FineractLogin;
}

/** The Temenos simulator in Fineract's place (`--bank temenos`). */
export interface TemenosCores {
  temenos: TemenosSimulator;
  kraken: KrakenSimulator;
}

export type Cores = MultiCoreSimulators | TemenosCores;

const onTemenos = (cores: Cores): cores is TemenosCores => 'temenos' in cores;

/**
 * The bank of `--bank <name>` (or `--bank=<name>`) among the arguments; Fineract without it.
 * @throws Error naming the banks when the name is none of them
 */
export function bankOf(argv: readonly string[]): MultiCoreBank {
  const at = argv.findIndex((a) => a === '--bank' || a.startsWith('--bank='));
  if (at < 0) return 'fineract';
  const flag = argv[at]!;
  const name = flag.includes('=') ? flag.slice('--bank='.length) : (argv[at + 1] ?? '');
  const bank = MULTI_CORE_BANKS.find((b) => b === name);
  if (!bank) throw new Error(`--bank must be ${MULTI_CORE_BANKS.join(' or ')}, not "${name}"`);
  return bank;
}

/** The layout and the settings of both cores. */
function coreSettings(cores: Cores): [string, string][] {
  if (onTemenos(cores)) {
    const customers = krakenCustomersOfTemenos(cores.temenos.data, cores.kraken.data);
    return [
      ['CORE_ADAPTERS', TEMENOS_LAYOUT],
      ...temenosSettings(cores.temenos),
      ...krakenSettings(cores.kraken, customers),
    ];
  }
  return [
    ['CORE_ADAPTERS', MULTI_CORE_LAYOUT],
    ...fineractSettings(cores.fineract, cores.login, cores.dataset),
    ...krakenSettings(cores.kraken),
  ];
}

/**
 * `env` with the gateway's settings over both simulators; what the caller set wins (another port,
 * a log level, another layout).
 */
export function multiCoreEnv(env: NodeJS.ProcessEnv, cores: Cores): NodeJS.ProcessEnv {
  const settings: Record<string, string> = {
    ...Object.fromEntries(coreSettings(cores)),
    HOLDER_DEV_KEYS: 'true',
    // The simulators' own ids, so that the documented calls name their customers as they are.
    ID_ENCODING: 'raw',
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

/** The first energy account Kraken serves the user of gateway customer `customerId`. */
function energyAccountOf(kraken: KrakenSimulator, userId: string): string {
  return kraken.data.users
    .find((u) => u.id === userId)!
    .accountNumbers.find((n) => kraken.data.accounts[n]!.status !== 'VOID')!;
}

/**
 * Commands for the endpoints of the platform's holder reference on one customer: a banking
 * account (and a loan with its plans, when the bank has plans), an energy account, FDX.
 */
function holderReferenceCommands(
  token: string,
  customer: { id: string; account: string; transactionId: string; loan?: string },
  energyAccount: string,
) {
  const { id, account, transactionId, loan } = customer;
  const banking = `/v1/banking/customer/${id}/accounts`;
  const fdx = `/fdx/v6/customer/${id}/accounts`;
  const fdxIds = JSON.stringify({ data: { accountIds: loan ? [account, loan] : [account] } });
  return [
    `${token} GET ${banking}/${account} | sh`,
    `${token} GET '${banking}/${account}/transactions?oldest-time=2026-01-01T00:00:00Z&page-size=5' | sh`,
    `${token} GET ${banking}/${account}/transactions/${transactionId} | sh`,
    ...(loan ? [`${token} GET '${banking}/${loan}/payments/plans?plan-status=ALL' | sh`] : []),
    `${token} GET /v1/energy/customer/${id}/accounts/${energyAccount} | sh`,
    `${token} GET /v1/energy/customer/${id}/accounts/${energyAccount}/balance | sh`,
    `${token} POST ${fdx} '${fdxIds}' | sh`,
    `${token} GET ${fdx}/${loan ?? account} | sh`,
    `${token} GET ${fdx}/${account}/contact | sh`,
    `${token} GET ${fdx}/${account}/payment-networks | sh`,
  ];
}

/** The Kraken fault command and what it shows. */
function krakenFault(kraken: KrakenSimulator): string[] {
  return [
    `Faults: curl -X POST ${kraken.url.replace(/\/v1\/graphql\/$/, '')}/__sim/fault -d '{"fault":"unavailable503"}'`,
    '  (energy and lists not asked before answer 503, banking keeps answering; an answer served',
    '  before the fault comes from the cache within its stale-if-error window; {"fault":"none"} heals it)',
  ];
}

/** What the script prints before the gateway starts, with Fineract as the bank. */
function fineractInstructions(token: string, layout: string, sims: MultiCoreSimulators) {
  const { fineract, kraken, dataset } = sims;
  const transactionId = String(dataset.savingsTransactions['1']![0]!.id);
  const energyAccount = energyAccountOf(kraken, kraken.data.customers['1']!);
  const customer = { id: '1', account: 'sav-1', transactionId, loan: 'loan-1' };
  return [
    `Fineract simulator on ${fineract.url} (banking, customer detail, FDX)`,
    `Kraken simulator on ${kraken.url} (energy)`,
    `CORE_ADAPTERS=${layout}`,
    'Customer 1 has banking and energy accounts, 2 banking only, 3 energy only:',
    `  ${token} GET /auth/v1/customer/1/accounts | sh`,
    'Customer 1 is found by one address in both cores (with the business it is a contact of):',
    `  ${token} POST /auth/v1/customer/search '{"email":"jane.citizen@example.com"}' | sh`,
    "One account's detail, transactions and plans (Fineract), an energy balance (Kraken), FDX:",
    ...holderReferenceCommands(token, customer, energyAccount).map((c) => `  ${c}`),
    ...krakenFault(kraken),
    '',
  ];
}

/** What the script prints before the gateway starts, with Temenos as the bank. */
function temenosInstructions(token: string, layout: string, { temenos, kraken }: TemenosCores) {
  const lined = krakenCustomersOfTemenos(temenos.data, kraken.data);
  const [id, userId] = Object.entries(lined)[0]!;
  const person = temenos.data.customers.find((c) => c.customerId === id)!;
  const account = temenos.data.accounts.find((a) => a.holders[0]!.customerId === id)!.accountId;
  const transactionId = temenos.data.transactions.find(
    (t) => t.accountId === account && t.status === 'POSTED',
  )!.entryReference!;
  const customer = { id, account, transactionId };
  const bankOnly = temenos.data.customers[0]!.customerId;
  return [
    `Temenos simulator on ${temenos.url} (banking, customer detail, FDX)`,
    `Kraken simulator on ${kraken.url} (energy)`,
    `CORE_ADAPTERS=${layout}`,
    `Customer ${id} (${person.name}) has banking and energy accounts, ${bankOnly} banking only:`,
    `  ${token} GET /auth/v1/customer/${id}/accounts | sh`,
    `Customer ${id} is found by one address in both cores:`,
    `  ${token} POST /auth/v1/customer/search '{"email":"${person.emails[0]!}"}' | sh`,
    "One account's detail and transactions (Temenos), an energy balance (Kraken), FDX:",
    ...holderReferenceCommands(token, customer, energyAccountOf(kraken, userId)).map(
      (c) => `  ${c}`,
    ),
    ...krakenFault(kraken),
    `Temenos faults: curl -X POST ${temenos.url}/__sim/faults -d '{"kind":"unavailable503"}'`,
    `  (banking, customer detail and FDX answer 503, energy keeps answering; curl -X DELETE ${temenos.url}/__sim/faults heals it)`,
    '',
  ];
}

/** What the script prints before the gateway starts: the cores and commands that call them. */
export function instructions(
  config: Pick<Config, 'port' | 'publicBaseUrl'>,
  layout: string,
  cores: Cores,
): string[] {
  const token = `${tokenEnv(config)}npm run --silent token --`;
  return onTemenos(cores)
    ? temenosInstructions(token, layout, cores)
    : fineractInstructions(token, layout, cores);
}
