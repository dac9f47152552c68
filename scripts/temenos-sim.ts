/**
 * `npm run temenos:sim`: starts the Temenos Transact simulator (adapters/temenos/simulator/) on
 * the port of `--port <n>` (or `TEMENOS_SIM_PORT`; default 0, a free port) and
 * `TEMENOS_SIM_HOST` (default 127.0.0.1), prints the port it bound, its login and the `export`
 * lines that point `npm start` at it, and stops cleanly on SIGINT or SIGTERM.
 *
 * Optional: `TEMENOS_SIM_COMPANY_ID` (default `AU0010001`), `TEMENOS_SIM_USERNAME` (`SIMUSER`),
 * `TEMENOS_SIM_PASSWORD` (`sim-password`), `TEMENOS_SIM_TOKEN` (the bearer token also accepted,
 * `temenos-sim-token`), `TEMENOS_SIM_DATA` (a data set file, default the bundled one).
 */
import { temenosGatewaySettings } from '../adapters/temenos/simulator/gateway-settings';
import { startTemenosSimulator } from '../adapters/temenos/simulator/simulator';
import { gatewayInstructions, portFrom, stopOnSignals } from './simulator-cli';

/** `--port <n>` or `--port=<n>`, else the variable, else 0. */
function portText(argv: readonly string[], fallback: string): [string, string] {
  const at = argv.findIndex((a) => a === '--port' || a.startsWith('--port='));
  if (at < 0) return [fallback, 'TEMENOS_SIM_PORT'];
  const flag = argv[at]!;
  return [flag.includes('=') ? flag.slice('--port='.length) : (argv[at + 1] ?? ''), '--port'];
}

async function main(): Promise<void> {
  const env = process.env;
  const [raw, name] = portText(process.argv.slice(2), env.TEMENOS_SIM_PORT ?? '0');
  const sim = await startTemenosSimulator({
    port: portFrom(raw, name),
    host: env.TEMENOS_SIM_HOST || '127.0.0.1',
    companyId: env.TEMENOS_SIM_COMPANY_ID || undefined,
    username: env.TEMENOS_SIM_USERNAME || undefined,
    password: env.TEMENOS_SIM_PASSWORD || undefined,
    bearerToken: env.TEMENOS_SIM_TOKEN || undefined,
    dataFile: env.TEMENOS_SIM_DATA || undefined,
  });
  const { login, data } = sim;
  const customers = data.customers.map((c) => {
    const held = data.accounts.filter((a) => a.holders.some((h) => h.customerId === c.customerId));
    const kind = c.kind === 'CORPORATE' ? 'company' : 'person';
    return `    ${c.customerId}  ${c.name} (${kind}, ${held.length} accounts, ${c.emails[0]})`;
  });
  process.stdout.write(
    [
      `Temenos Transact simulator listening on ${sim.url} (port ${sim.port})`,
      `  services under ${sim.url}/api/v4.0.0/party/..., /api/v4.1.0/holdings/accounts/..., /api/v1.0.0/...`,
      `  companyId header:      ${login.companyId}`,
      `  Basic user / password: ${login.username} / ${login.password}`,
      `  or Bearer token:       ${login.bearerToken}`,
      `  control:               ${sim.url}/__sim/faults, /__sim/requests, /__sim/routes`,
      '  customers (gateway customer ids):',
      ...customers,
      '',
      ...gatewayInstructions(temenosGatewaySettings(sim), data.customers[0]!.customerId),
    ].join('\n'),
  );
  stopOnSignals('Temenos', () => sim.close());
}

main().catch((err: unknown) => {
  process.stderr.write(`temenos simulator: ${(err as Error).message}\n`);
  process.exit(1);
});
