/** Starts the gateway: `npm start`. Listens on PORT (0 picks a free port) and stops on SIGTERM/SIGINT. */
import type { AddressInfo } from 'node:net';
import { ConfigError, loadConfig } from './config/config';
import { createGateway } from './gateway';

async function main(): Promise<void> {
  const config = loadConfig();
  const gateway = await createGateway(config);
  const server = gateway.app.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  gateway.logger.info(
    { port, host: config.host, adapter: gateway.adapter.id },
    'gateway listening',
  );
  if (gateway.devKey) {
    process.stdout.write(
      [
        '',
        `Data Holder Gateway on http://localhost:${port}, serving the demo core (${config.demoDataFile}).`,
        `Tokens: development key set at http://localhost:${port}/dev/jwks.json; iss = sub = "${config.holderSubdomain}", aud = ${config.publicBaseUrl} + path.`,
        'Call it with a freshly signed token (in another terminal):',
        '  npm run --silent token -- GET /auth/v1/customer/c-1001/accounts | sh',
        `  npm run --silent token -- POST /v1/banking/customer/c-1001/accounts/balances '{"data":{"accountIds":["acc-b-1001-01"]}}' | sh`,
        `API description: http://localhost:${port}/openapi.json`,
        '',
      ].join('\n'),
    );
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    gateway.logger.info({ signal }, 'stopping');
    server.close(() => {
      void gateway.close().finally(() => process.exit(0));
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || (err as Error)?.name === 'DemoDataError') {
    process.stderr.write(`${(err as Error).message}\n`);
  } else {
    process.stderr.write(`Gateway failed to start: ${(err as Error)?.stack ?? String(err)}\n`);
  }
  process.exit(1);
});
