/**
 * `data-holder-gateway serve` (`npm start`): starts the gateway. Listens on PORT (0 picks a free
 * port) and stops on SIGTERM/SIGINT. With WORKERS above 1 this process becomes the primary of
 * that many workers (src/cli/workers.ts), each of which runs this same function.
 */
import cluster from 'node:cluster';
import { type Config, ConfigError } from '../config/config';
import { applyThreadPoolDefault } from '../config/thread-pool';
import { gatewayVersion } from '../config/version';
import { createLogger } from '../observability/logger';
import { type CoreInstance, preflight, problemsText } from '../preflight';
import { createGateway, type Gateway } from '../gateway';
import { listen } from '../server';
import { AggregatorRegistry } from 'prom-client';
import { runPrimary } from './workers';
import { workerReporting } from './worker-reports';

export const SERVE_USAGE = `usage: data-holder-gateway serve
  Starts the gateway with the configuration from the environment (docs/configuration.md).
  WORKERS=n runs n processes sharing the port (needs a Redis setting and METRICS_PORT).
  SIGTERM: readiness off, SHUTDOWN_DELAY_MS pause, drain, exit 0; SIGINT: the same without pause.
Exit codes: 0 stopped by a signal, 1 invalid configuration or failed start.`;

/** The cores as the banner names them: `the fineract adapter`, or each family's. */
function servedCores(gateway: Gateway): string {
  const { cores } = gateway;
  if (cores.length === 1) return `the ${cores[0]!.id} adapter`;
  return cores.map((c) => `${c.families.join(', ')} from ${c.id}`).join('; ');
}

/**
 * What `npm run token` in another terminal needs to sign for this gateway: the variables that
 * differ from their defaults (a token's `aud` is PUBLIC_BASE_URL, by default localhost:PORT).
 */
function tokenEnv(config: Config): string {
  if (config.publicBaseUrl !== `http://localhost:${config.port}`)
    return `PUBLIC_BASE_URL=${config.publicBaseUrl} `;
  return config.port === 3000 ? '' : `PORT=${config.port} `;
}

/** The demo customer and account the banner calls, as the gateway names them (opaque or not). */
async function demoIds(gateway: Gateway): Promise<{ customer: string; account: string }> {
  const ids = gateway.ids.of(gateway.cores[0]!.id);
  const [customer] = await ids.externalIds([{ kind: 'customer', id: 'c-1001' }]);
  const [account] = await ids.externalIds([{ kind: 'account', id: 'acc-b-1001-01', customer }]);
  return { customer: customer!, account: account! };
}

/** How to call the gateway, on stdout, when it serves the development key set. */
async function printBanner(
  gateway: Gateway,
  config: Config,
  port: number,
  metricsPort: number | undefined,
): Promise<void> {
  const metricsWhere = metricsPort === undefined ? '/metrics' : `/metrics on port ${metricsPort}`;
  if (gateway.devKey && gateway.cores.length === 1 && gateway.cores[0]!.kind === 'demo') {
    const { customer, account } = await demoIds(gateway);
    process.stdout.write(
      [
        '',
        `Data Holder Gateway on http://localhost:${port}, serving the demo core (${config.demoDataFile}).`,
        `Tokens: development key set at http://localhost:${port}/dev/jwks.json; iss = sub = "${config.holderSubdomain}", aud = ${config.publicBaseUrl} + path.`,
        'Call it with a freshly signed token (in another terminal):',
        `  ${tokenEnv(config)}npm run --silent token -- GET /auth/v1/customer/${customer}/accounts | sh`,
        `  ${tokenEnv(config)}npm run --silent token -- POST /v1/banking/customer/${customer}/accounts/balances '{"data":{"accountIds":["${account}"]}}' | sh`,
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
        `Data Holder Gateway on http://localhost:${port}, serving ${servedCores(gateway)} with the development key set (HOLDER_DEV_KEYS=true: never in production).`,
        'Call it with a freshly signed token (in another terminal, with the same variables):',
        `  ${tokenEnv(config)}npm run --silent token -- GET /auth/v1/customer/<customer id>/accounts | sh`,
        ...(gateway.ids.encoding === 'opaque'
          ? [
              `  (ids are opaque: a customer's id comes from ${tokenEnv(config)}npm run --silent token -- POST /auth/v1/customer/search '{"email":"<address>"}' | sh)`,
            ]
          : []),
        `Health: /livez /readyz · metrics: ${metricsWhere} · API description: http://localhost:${port}/openapi.json`,
        '',
      ].join('\n'),
    );
  }
}

/** Starts one gateway in this process and stops it on a signal. */
async function serveHere(
  config: Config,
  instances: CoreInstance[],
  shadowInstances: CoreInstance[],
): Promise<void> {
  // A worker's traffic and status go to the primary, which serves the reports of every worker.
  const reporting = cluster.isWorker ? workerReporting() : undefined;
  const gateway = await createGateway(config, {
    instances,
    shadowInstances,
    trafficSink: reporting?.sink,
  });
  reporting?.answerWith(gateway.serviceLevels.reports);
  if (cluster.isWorker) {
    // The primary serves every worker's registry on METRICS_PORT; a worker listens on the API
    // port only (where /metrics is not served either: METRICS_PORT is set). prom-client answers
    // the primary's requests only once an AggregatorRegistry was made in the worker.
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([gateway.metrics.registry]);
  }
  const listening = cluster.isWorker
    ? { ...gateway, config: { ...gateway.config, metricsPort: undefined } }
    : gateway;
  const { port, metricsPort, shutdown } = await listen(listening, config.port, config.host);
  gateway.logger.info(
    {
      port,
      metricsPort,
      host: config.host,
      adapter: gateway.adapter.id,
      version: gatewayVersion(),
    },
    'gateway listening',
  );
  // One banner for a set of workers: the primary's.
  if (!cluster.isWorker) await printBanner(gateway, config, port, metricsPort);

  // SIGTERM comes from an orchestrator: pause so load balancers see /readyz fail first.
  // SIGINT is a person at a terminal: no pause. A second signal (a terminal sends SIGINT to the
  // primary and its workers alike, and the primary forwards it) changes nothing.
  let stopping = false;
  const stop = (signal: 'SIGTERM' | 'SIGINT') => {
    if (stopping) return;
    stopping = true;
    const delayMs = signal === 'SIGINT' ? 0 : config.shutdownDelayMs;
    gateway.logger.info({ signal, delayMs }, 'stopping: readiness off, draining connections');
    shutdown({ delayMs }).then(
      () => {
        reporting?.close();
        process.exit(0);
      },
      (err: unknown) => {
        gateway.logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** Runs `serve`: one gateway, or the primary of WORKERS workers. Resolves once started. */
export async function serveCommand(args: readonly string[] = []): Promise<number | undefined> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${SERVE_USAGE}\n`);
    return 0;
  }
  if (args.length > 0) {
    process.stderr.write(`unexpected arguments: ${args.join(' ')}\n${SERVE_USAGE}\n`);
    return 2;
  }
  // Before anything queues work on libuv's pool (the preflight reads files).
  applyThreadPoolDefault();
  try {
    // The checks `check` runs too, so that both refuse a configuration with the same lines.
    const checked = await preflight(undefined, (config) => createLogger(config.logLevel));
    if (!checked.ok) {
      process.stderr.write(`${problemsText(checked.problems)}\n`);
      return 1;
    }
    const { config, instances, candidates } = checked;
    if (config.workers > 1 && cluster.isPrimary) {
      // The primary serves no API: its workers create their own adapters.
      await Promise.allSettled([...instances, ...candidates].map((i) => i.adapter.close?.()));
      await runPrimary(config);
    } else await serveHere(config, instances, candidates);
    return undefined;
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
    } else {
      process.stderr.write(`Gateway failed to start: ${(err as Error)?.stack ?? String(err)}\n`);
    }
    return 1;
  }
}
