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
  const settings: Record<string, string> = {
    CORE_ADAPTERS: MULTI_CORE_LAYOUT,
    ...Object.fromEntries(fineractSettings(fineract, login, loadFineractDataset())),
    ...Object.fromEntries(krakenSettings(kraken)),
    HOLDER_DEV_KEYS: 'true',
  };
  // What the caller set wins: another port, a log level, another layout.
  for (const [name, value] of Object.entries(settings)) env[name] ??= value;
  process.stdout.write(
    [
      `Fineract simulator on ${fineract.url} (banking, customer detail, FDX)`,
      `Kraken simulator on ${kraken.url} (energy)`,
      `CORE_ADAPTERS=${env.CORE_ADAPTERS!}`,
      'Customer 1 has banking and energy accounts, 2 banking only, 3 energy only:',
      '  npm run --silent token -- GET /auth/v1/customer/1/accounts | sh',
      'Customer 1 is found by one address in both cores (with the business it is a contact of):',
      `  npm run --silent token -- POST /auth/v1/customer/search '{"email":"jane.citizen@example.com"}' | sh`,
      `Faults: curl -X POST ${kraken.url.replace(/\/v1\/graphql\/$/, '')}/__sim/fault -d '{"fault":"unavailable503"}'`,
      '  (energy answers 503, banking keeps answering; {"fault":"none"} heals it)',
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
