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
import { readConfiguration } from '../src/config/config';
import { instructions, multiCoreEnv } from './multi-core-commands';
import { portFrom } from './simulator-cli';

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
  const sims = { fineract, kraken, dataset: loadFineractDataset(), login };
  // An invalid configuration prints nothing here: `serve` names its problems and exits 1.
  const { config } = readConfiguration(multiCoreEnv(env, sims));
  if (config) process.stdout.write(instructions(config, env.CORE_ADAPTERS!, sims).join('\n'));
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
