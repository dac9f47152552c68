/**
 * `npm run multi-core`: the gateway on two real-core simulators at once, in one process. The
 * Fineract simulator (FINERACT_SIM_PORT, default 8443) serves banking, customer detail and FDX;
 * the Kraken simulator (KRAKEN_SIM_PORT, default 8444) serves energy; products stay on the demo
 * core. The gateway (PORT, default 3000) serves the development key set, so that
 * `npm run --silent token -- GET /auth/v1/customer/1/accounts | sh` shows the merged list.
 * SIGINT or SIGTERM stops the gateway as `npm start` does, and the simulators with it.
 */
import {
  loadFineractDataset,
  startFineractSimulator,
} from '../adapters/fineract/simulator/simulator';
import { startKrakenSimulator } from '../adapters/kraken/simulator/simulator';
import { serveCommand } from '../src/cli/serve';
import { portFrom } from './simulator-cli';
import { fineractSettings, krakenSettings } from './simulator-settings';

/** The layout and the settings of both cores, as an operator would export them. */
const MULTI_CORE_LAYOUT = 'banking:fineract,energy:kraken,common:fineract,fdx:fineract';

/**
 * Commands for the endpoints of the platform's holder reference on customer 1: savings account
 * `sav-1` and loan `loan-1` in Fineract, `energyAccount` in Kraken.
 */
function holderReferenceCommands(transactionId: string, energyAccount: string): string[] {
  const token = 'npm run --silent token --';
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

async function main(): Promise<void> {
  const env = process.env;
  const host = '127.0.0.1';
  const login = { tenant: 'default', username: 'mifos', password: 'password' };
  const fineract = await startFineractSimulator({
    port: portFrom(env.FINERACT_SIM_PORT ?? '8443', 'FINERACT_SIM_PORT'),
    host,
    ...login,
  });
  const kraken = await startKrakenSimulator({
    port: portFrom(env.KRAKEN_SIM_PORT ?? '8444', 'KRAKEN_SIM_PORT'),
    host,
  });
  const dataset = loadFineractDataset();
  const settings: Record<string, string> = {
    CORE_ADAPTERS: MULTI_CORE_LAYOUT,
    ...Object.fromEntries(fineractSettings(fineract, login, dataset)),
    ...Object.fromEntries(krakenSettings(kraken)),
    HOLDER_DEV_KEYS: 'true',
  };
  // What the caller set wins: another port, a log level, another layout.
  for (const [name, value] of Object.entries(settings)) env[name] ??= value;
  const transactionId = String(dataset.savingsTransactions['1']![0]!.id);
  const energyAccount = kraken.data.users
    .find((u) => u.id === kraken.data.customers['1'])!
    .accountNumbers.find((n) => kraken.data.accounts[n]!.status !== 'VOID')!;
  process.stdout.write(
    [
      `Fineract simulator on ${fineract.url} (banking, customer detail, FDX)`,
      `Kraken simulator on ${kraken.url} (energy)`,
      `CORE_ADAPTERS=${env.CORE_ADAPTERS!}`,
      'Customer 1 has banking and energy accounts, 2 banking only, 3 energy only:',
      `  ${env.PORT === '3000' ? '' : `PORT=${env.PORT!} `}npm run --silent token -- GET /auth/v1/customer/1/accounts | sh`,
      'Customer 1 is found by one address in both cores (with the business it is a contact of):',
      `  npm run --silent token -- POST /auth/v1/customer/search '{"email":"jane.citizen@example.com"}' | sh`,
      "One account's detail, transactions and plans (Fineract), an energy balance (Kraken), FDX:",
      ...holderReferenceCommands(transactionId, energyAccount).map((c) => `  ${c}`),
      `Faults: curl -X POST ${kraken.url.replace(/\/v1\/graphql\/$/, '')}/__sim/fault -d '{"fault":"unavailable503"}'`,
      '  (energy and lists not asked before answer 503, banking keeps answering; an answer served',
      '  before the fault comes from the cache within its stale-if-error window; {"fault":"none"} heals it)',
      '',
    ].join('\n'),
  );
  const code = await serveCommand([]);
  if (code !== undefined) {
    await Promise.all([fineract.close(), kraken.close()]);
    process.exit(code);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`multi-core: ${(err as Error).message}\n`);
  process.exit(1);
});
