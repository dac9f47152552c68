/**
 * `npm run fineract:sim`: starts the Fineract simulator (adapters/fineract/simulator/simulator.ts)
 * on `FINERACT_SIM_PORT` (default 8443) and `FINERACT_SIM_HOST` (default 127.0.0.1), prints its
 * base URL, its credentials and the environment that points `npm start` at it, and stops cleanly
 * on SIGINT or SIGTERM.
 *
 * Optional: `FINERACT_SIM_TENANT` (default `default`), `FINERACT_SIM_USERNAME` (`mifos`),
 * `FINERACT_SIM_PASSWORD` (`password`), `FINERACT_SIM_DATA` (a data set file, default the bundled
 * `adapters/fineract/simulator/data/dataset.json`), `FINERACT_SIM_SELF_SERVICE_PLUGIN=false` (or
 * the flag `--without-self-service-plugin`) to answer `/v1/self/...` as a Fineract without the
 * self-service plugin (404).
 */
import {
  loadFineractDataset,
  startFineractSimulator,
} from '../adapters/fineract/simulator/simulator';
import { gatewayInstructions, portFrom, stopOnSignals } from './simulator-cli';
import { fineractSettings } from './simulator-settings';

async function main(): Promise<void> {
  const env = process.env;
  const port = portFrom(env.FINERACT_SIM_PORT ?? '8443', 'FINERACT_SIM_PORT');
  const tenant = env.FINERACT_SIM_TENANT || 'default';
  const username = env.FINERACT_SIM_USERNAME || 'mifos';
  const password = env.FINERACT_SIM_PASSWORD || 'password';
  const dataFile = env.FINERACT_SIM_DATA || undefined;
  const plugin = env.FINERACT_SIM_SELF_SERVICE_PLUGIN ?? 'true';
  if (plugin !== 'true' && plugin !== 'false') {
    process.stderr.write(
      `FINERACT_SIM_SELF_SERVICE_PLUGIN must be true or false, got "${plugin}"\n`,
    );
    process.exit(2);
  }
  const selfServicePlugin =
    plugin === 'true' && !process.argv.includes('--without-self-service-plugin');
  const sim = await startFineractSimulator({
    port,
    host: env.FINERACT_SIM_HOST || '127.0.0.1',
    tenant,
    username,
    password,
    dataFile,
    selfServicePlugin,
  });
  const data = loadFineractDataset(dataFile);
  const selfUsers = data.selfServiceUsers;
  const clients = data.clients.map((c) => {
    const accounts = data.clientAccounts[String(c.id)] ?? {};
    const count = ['savingsAccounts', 'loanAccounts']
      .map((k) => (accounts[k] as unknown[] | undefined)?.length ?? 0)
      .reduce((a, b) => a + b, 0);
    return `    ${c.id}  ${String(c.displayName)} (${count} accounts)`;
  });
  const vars: [string, string][] = [
    ['CORE_ADAPTER', 'fineract'],
    ...fineractSettings(sim, { tenant, username, password }, data),
  ];
  process.stdout.write(
    [
      `Fineract simulator listening on ${sim.url}`,
      `  tenant (Fineract-Platform-TenantId): ${tenant}`,
      `  self-service plugin:                 ${selfServicePlugin ? 'installed' : 'not installed (/v1/self/... answers 404)'}`,
      `  back-office user (Basic auth):        ${username} / ${password}`,
      ...selfUsers.map(
        (u) =>
          `  self-service user:                   ${u.username} / ${u.password} (client ${u.clientId})`,
      ),
      '  clients (gateway customer ids):',
      ...clients,
      '',
      ...gatewayInstructions(vars),
    ].join('\n'),
  );

  stopOnSignals('Fineract', () => sim.close());
}

main().catch((err: unknown) => {
  process.stderr.write(`fineract simulator: ${(err as Error).message}\n`);
  process.exit(1);
});
