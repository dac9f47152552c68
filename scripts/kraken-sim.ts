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

function shellQuote(value: string): string {
  return /^[A-Za-z0-9_./:@-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

function portOf(raw: string, name: string): number {
  if (!/^[0-9]{1,5}$/.test(raw) || Number(raw) > 65535) {
    process.stderr.write(`${name} must be a port number (0-65535), got "${raw}"\n`);
    process.exit(2);
  }
  return Number(raw);
}

async function main(): Promise<void> {
  const env = process.env;
  const port = portOf(env.KRAKEN_SIM_PORT ?? '8444', 'KRAKEN_SIM_PORT');
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
  const vars: [string, string][] = [
    ['CORE_ADAPTER', 'kraken'],
    ['KRAKEN_BASE_URL', sim.url],
    ['KRAKEN_API_KEY', sim.apiKey],
    ['KRAKEN_API_KEY_KIND', 'organization'],
    ['KRAKEN_CUSTOMERS', JSON.stringify(sim.data.customers)],
  ];
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
      'Point the gateway at it (in another terminal; HOLDER_DEV_KEYS=true serves the development',
      'key set so `npm run token` works: never in production):',
      '',
      `  ${vars.map(([k, v]) => `export ${k}=${shellQuote(v)}`).join('\n  ')}`,
      '  export HOLDER_DEV_KEYS=true',
      '  npm start',
      '',
      'then, with the same variables:',
      '  npm run --silent token -- GET /auth/v1/customer/1/accounts | sh',
      '',
      'Ctrl-C stops the simulator.',
      '',
    ].join('\n'),
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal}: stopping the Kraken simulator\n`);
    void sim.close().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  process.stderr.write(`kraken simulator: ${(err as Error).message}\n`);
  process.exit(1);
});
