/** Starts the gateway: `npm start`. Listens on PORT (0 picks a free port) and stops on SIGTERM/SIGINT. */
import { ConfigError, loadConfig } from './config/config';
import { createGateway } from './gateway';
import { listen } from './server';

async function main(): Promise<void> {
  const config = loadConfig();
  const gateway = await createGateway(config);
  const { port, metricsPort, shutdown } = await listen(gateway, config.port, config.host);
  gateway.logger.info(
    { port, metricsPort, host: config.host, adapter: gateway.adapter.id },
    'gateway listening',
  );
  const metricsWhere = metricsPort === undefined ? '/metrics' : `/metrics on port ${metricsPort}`;
  if (gateway.devKey && gateway.adapter.id === 'demo') {
    process.stdout.write(
      [
        '',
        `Data Holder Gateway on http://localhost:${port}, serving the demo core (${config.demoDataFile}).`,
        `Tokens: development key set at http://localhost:${port}/dev/jwks.json; iss = sub = "${config.holderSubdomain}", aud = ${config.publicBaseUrl} + path.`,
        'Call it with a freshly signed token (in another terminal):',
        '  npm run --silent token -- GET /auth/v1/customer/c-1001/accounts | sh',
        `  npm run --silent token -- POST /v1/banking/customer/c-1001/accounts/balances '{"data":{"accountIds":["acc-b-1001-01"]}}' | sh`,
        'Platform endpoints: get a client secret with `npm run clients -- rotate demo-platform-client`,',
        `  then POST http://localhost:${port}/v1/token (see the README, "Platform endpoints").`,
        `Health: /livez /readyz · metrics: ${metricsWhere} · API description: http://localhost:${port}/openapi.json`,
        '',
      ].join('\n'),
    );
  } else if (gateway.devKey) {
    process.stdout.write(
      [
        '',
        `Data Holder Gateway on http://localhost:${port}, serving the ${gateway.adapter.id} adapter with the development key set (HOLDER_DEV_KEYS=true: never in production).`,
        'Call it with a freshly signed token (in another terminal, with the same variables):',
        '  npm run --silent token -- GET /auth/v1/customer/<customer id>/accounts | sh',
        `Health: /livez /readyz · metrics: ${metricsWhere} · API description: http://localhost:${port}/openapi.json`,
        '',
      ].join('\n'),
    );
  }

  // SIGTERM comes from an orchestrator: pause so load balancers see /readyz fail first.
  // SIGINT is a person at a terminal: no pause.
  const stop = (signal: 'SIGTERM' | 'SIGINT') => {
    const delayMs = signal === 'SIGINT' ? 0 : config.shutdownDelayMs;
    gateway.logger.info({ signal, delayMs }, 'stopping: readiness off, draining connections');
    shutdown({ delayMs }).then(
      () => process.exit(0),
      (err: unknown) => {
        gateway.logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || (err as Error)?.name === 'DemoDataError') {
    process.stderr.write(`${(err as Error).message}\n`);
  } else {
    process.stderr.write(`Gateway failed to start: ${(err as Error)?.stack ?? String(err)}\n`);
  }
  process.exit(1);
});
