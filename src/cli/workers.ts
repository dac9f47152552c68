/**
 * The primary of WORKERS gateway processes on one host (node:cluster): the workers share the API
 * port (the primary accepts and hands connections round-robin). The primary serves no API itself:
 * it forwards SIGTERM/SIGINT so each worker drains as a single gateway does, replaces a worker
 * that dies unexpectedly (with a back-off, never while stopping), exits once every worker is gone,
 * and serves METRICS_PORT with every worker's registry aggregated (prom-client).
 */
import cluster, { type Worker } from 'node:cluster';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { AggregatorRegistry } from 'prom-client';
import type { Config } from '../config/config';
import { createLogger } from '../observability/logger';
import { REPORT_PATHS, reportsApp } from '../http/admin-routes';
import { primaryReports } from './worker-reports';

/** A worker that lived shorter than this died "young": the next replacement waits longer. */
const YOUNG_MS = 10_000;
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 10_000;

/** The delay before replacing a worker, doubling with each young death in a row. */
export function restartDelayMs(youngDeathsInARow: number): number {
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, youngDeathsInARow - 1));
}

/**
 * `/metrics` of every worker, aggregated by prom-client (counters and histograms summed, each
 * gauge by the aggregator its metric names: metrics.ts), and the standard's reports over every
 * worker (worker-reports.ts); nothing else.
 */
async function startMetricsServer(config: Config, logger: Logger): Promise<http.Server> {
  const aggregator = new AggregatorRegistry();
  const reports = reportsApp(primaryReports(), config.publicBaseUrl);
  const server = http.createServer((req, res) => {
    if (REPORT_PATHS.has(req.url?.split('?')[0] ?? '')) {
      reports(req, res);
      return;
    }
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
      return;
    }
    aggregator.clusterMetrics().then(
      (body) => res.writeHead(200, { 'content-type': aggregator.contentType }).end(body),
      (err: unknown) => {
        logger.warn({ err }, 'worker metrics not collected');
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end('{"error":"Service unavailable"}');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.metricsPort, config.host, resolve);
  });
  return server;
}

/** Forks the workers and keeps them running until a signal; exits when the last one is gone. */
export async function runPrimary(config: Config): Promise<void> {
  const logger = createLogger(config.logLevel).child({ role: 'primary' });
  const metricsServer =
    config.metricsPort === undefined ? undefined : await startMetricsServer(config, logger);
  let stopping: NodeJS.Signals | undefined;
  let youngDeaths = 0;
  let failedExits = 0;
  const startedAt = new Map<number, number>();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };
  const onExit = (worker: Worker, code: number | null, signal: string | null) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? Date.now());
    startedAt.delete(worker.id);
    if (stopping) {
      if (code !== 0) failedExits += 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        logger.info({ failedExits }, 'every worker stopped');
        metricsServer?.close();
        process.exit(failedExits === 0 ? 0 : 1);
      }
      return;
    }
    youngDeaths = lived < YOUNG_MS ? youngDeaths + 1 : 0;
    const delayMs = restartDelayMs(youngDeaths);
    logger.error(
      { pid: worker.process.pid, code, signal, livedMs: lived, restartInMs: delayMs },
      'worker died; replacing it',
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, delayMs);
  };
  cluster.on('exit', onExit);
  cluster.on('listening', (worker, address) => {
    logger.info({ pid: worker.process.pid, port: address.port }, 'worker listening');
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = signal;
    logger.info({ signal }, 'stopping: forwarding the signal to every worker');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < config.workers; i += 1) fork();
  const metricsAt = metricsServer && (metricsServer.address() as AddressInfo).port;
  // A log line, not a banner: with workers every line on stdout is JSON, for log collectors.
  logger.info(
    { workers: config.workers, port: config.port, metricsPort: metricsAt, pid: process.pid },
    'primary started its workers',
  );
}
