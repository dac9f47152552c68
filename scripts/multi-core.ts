/**
 * `npm run multi-core`: the gateway on two real-core simulators at once, in one process. The
 * Fineract simulator (FINERACT_SIM_PORT, default 8443) serves banking, customer detail and FDX;
 * with `npm run multi-core -- --bank temenos` the Temenos simulator (TEMENOS_SIM_PORT, default
 * 8445) serves them instead. The Kraken simulator (KRAKEN_SIM_PORT, default 8444) serves energy;
 * products stay on the demo core. The gateway (PORT, default 3000) serves the development key
 * set, so that the printed `npm run --silent token -- GET /auth/v1/customer/<id>/accounts | sh`
 * shows the merged list. SIGINT or SIGTERM stops the gateway as `npm start` does, and the
 * simulators with it.
 */
import {
  loadFineractDataset,
  startFineractSimulator,
} from '../adapters/fineract/simulator/simulator';
import { startKrakenSimulator } from '../adapters/kraken/simulator/simulator';
import { startTemenosSimulator } from '../adapters/temenos/simulator/simulator';
import { serveCommand } from '../src/cli/serve';
import { readConfiguration } from '../src/config/config';
import {
  bankOf,
  type Cores,
  instructions,
  type MultiCoreBank,
  multiCoreEnv,
} from './multi-core-commands';
import { portFrom } from './simulator-cli';

const HOST = '127.0.0.1';

/** The bank's simulator and Kraken's, on their ports. */
async function startCores(bank: MultiCoreBank, env: NodeJS.ProcessEnv): Promise<Cores> {
  const kraken = await startKrakenSimulator({
    port: portFrom(env.KRAKEN_SIM_PORT ?? '8444', 'KRAKEN_SIM_PORT'),
    host: HOST,
  });
  if (bank === 'temenos') {
    const port = portFrom(env.TEMENOS_SIM_PORT ?? '8445', 'TEMENOS_SIM_PORT');
    return { temenos: await startTemenosSimulator({ port, host: HOST }), kraken };
  }
  const login = { tenant: 'default', username: 'mifos', password: 'password' };
  const fineract = await startFineractSimulator({
    port: portFrom(env.FINERACT_SIM_PORT ?? '8443', 'FINERACT_SIM_PORT'),
    host: HOST,
    ...login,
  });
  return { fineract, kraken, dataset: loadFineractDataset(), login };
}

async function main(): Promise<void> {
  const env = process.env;
  const cores = await startCores(bankOf(process.argv.slice(2)), env);
  // An invalid configuration prints nothing here: `serve` names its problems and exits 1.
  const { config } = readConfiguration(multiCoreEnv(env, cores));
  if (config) process.stdout.write(instructions(config, env.CORE_ADAPTERS!, cores).join('\n'));
  const code = await serveCommand([]);
  if (code !== undefined) {
    const bank = 'temenos' in cores ? cores.temenos : cores.fineract;
    await Promise.all([bank.close(), cores.kraken.close()]);
    process.exit(code);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`multi-core: ${(err as Error).message}\n`);
  process.exit(1);
});
