/**
 * `npm run kraken:sim`: starts the Kraken simulator (adapters/kraken/simulator/simulator.ts) on
 * `KRAKEN_SIM_PORT` (default 8444) and `KRAKEN_SIM_HOST` (default 127.0.0.1), prints its GraphQL
 * endpoint, its key, its customers and the environment that points `npm start` at it, and stops
 * cleanly on SIGINT or SIGTERM.
 *
 * Optional: `KRAKEN_SIM_API_KEY` (the organisation secret key it accepts),
 * `KRAKEN_SIM_TOKEN_SECONDS` (Kraken Token lifetime, default 3600).
 */
import { startKrakenSimulator } from '../adapters/kraken/simulator/simulator';
import { gatewayInstructions, portFrom, stopOnSignals } from './simulator-cli';
import { krakenSettings } from './simulator-settings';

async function main(): Promise<void> {
  const env = process.env;
  const port = portFrom(env.KRAKEN_SIM_PORT ?? '8444', 'KRAKEN_SIM_PORT');
  const seconds = env.KRAKEN_SIM_TOKEN_SECONDS ?? '3600';
  if (!/^[1-9][0-9]{0,6}$/.test(seconds)) {
    process.stderr.write(`KRAKEN_SIM_TOKEN_SECONDS must be a positive integer, got "${seconds}"\n`);
    process.exit(2);
  }
  const sim = await startKrakenSimulator({
    port,
    host: env.KRAKEN_SIM_HOST || '127.0.0.1',
    apiKey: env.KRAKEN_SIM_API_KEY || undefined,
    tokenLifetimeSeconds: Number(seconds),
  });
  const admin = sim.url.replace(/\/v1\/graphql\/$/, '');
  const customers = Object.entries(sim.data.customers).map(([customerId, userId]) => {
    const user = sim.data.users.find((u) => u.id === userId)!;
    const served = user.accountNumbers.filter((n) => sim.data.accounts[n]!.status !== 'VOID');
    return `    ${customerId}  ${user.givenName} ${user.familyName} (account user ${userId}, ${served.length} energy accounts)`;
  });
  const vars: [string, string][] = [['CORE_ADAPTER', 'kraken'], ...krakenSettings(sim)];
  process.stdout.write(
    [
      `Kraken simulator listening on ${sim.url}`,
      `  organisation secret key (obtainKrakenToken): ${sim.apiKey}`,
      `  Kraken Token lifetime: ${seconds} s`,
      '  customers (gateway customer ids):',
      ...customers,
      `  faults: curl -X POST ${admin}/__sim/fault -d '{"fault":"slow","delayMs":3000}'`,
      `          curl -X POST ${admin}/__sim/expire-tokens`,
      '',
      ...gatewayInstructions(vars),
    ].join('\n'),
  );
  stopOnSignals('Kraken', () => sim.close());
}

main().catch((err: unknown) => {
  process.stderr.write(`kraken simulator: ${(err as Error).message}\n`);
  process.exit(1);
});
