/**
 * The standard's reports with WORKERS above 1: each worker hands its traffic to the primary about
 * once a second, the primary keeps the one ledger of every worker's traffic (Get Metrics), and
 * asks every worker for its status (each has its own circuits) and answers with the worst.
 * Messages go over node:cluster's IPC channel.
 */
import cluster from 'node:cluster';
import { CoreUnavailableError } from '../errors';
import { getMetricsBody } from '../service-levels/get-metrics';
import type { AdminReports } from '../service-levels/service-levels';
import type { Outage, ServiceStatus, StatusData } from '../service-levels/service-status';
import { type TrafficIncrement, TrafficLedger } from '../service-levels/traffic-ledger';

const TRAFFIC = 'dhg:traffic';
const ASK = 'dhg:report';
const ANSWER = 'dhg:report-answer';
/** How often a worker hands its traffic over. */
const FLUSH_EVERY_MS = 1000;
/** How long the primary waits for the workers' answers. */
const ANSWER_WITHIN_MS = 1000;

type Report = 'status' | 'outages';
type Message =
  | { kind: typeof TRAFFIC; increments: TrafficIncrement[] }
  | { kind: typeof ASK; id: number; report: Report }
  | { kind: typeof ANSWER; id: number; body: unknown };

const isMessage = (msg: unknown): msg is Message =>
  typeof msg === 'object' && msg !== null && typeof (msg as { kind?: unknown }).kind === 'string';

/**
 * In a worker: a traffic sink that sums alike increments and hands them to the primary once a
 * second, and answers the primary's questions from this worker's reports.
 */
export function workerReporting(): {
  sink: (increment: TrafficIncrement) => void;
  answerWith(reports: AdminReports): void;
  close(): void;
} {
  let batch = new Map<string, TrafficIncrement>();
  const flush = () => {
    if (batch.size === 0 || !process.send) return;
    process.send({ kind: TRAFFIC, increments: [...batch.values()] } satisfies Message);
    batch = new Map();
  };
  const timer = setInterval(flush, FLUSH_EVERY_MS);
  timer.unref();
  let listener: ((msg: unknown) => void) | undefined;
  return {
    sink(inc) {
      const key = `${inc.second}|${inc.tier}|${inc.status}|${inc.within}|${inc.planned}`;
      const seen = batch.get(key);
      if (!seen) batch.set(key, { ...inc });
      else {
        seen.count += inc.count;
        seen.durationMs += inc.durationMs;
      }
    },
    answerWith(reports) {
      listener = (msg) => {
        if (!isMessage(msg) || msg.kind !== ASK) return;
        void Promise.resolve(msg.report === 'status' ? reports.status() : reports.outages()).then(
          (body) => process.send?.({ kind: ANSWER, id: msg.id, body } satisfies Message),
        );
      };
      process.on('message', listener);
    },
    close() {
      clearInterval(timer);
      flush();
      if (listener) process.off('message', listener);
    },
  };
}

const RANK: Record<ServiceStatus, number> = {
  OK: 0,
  PARTIAL_FAILURE: 1,
  SCHEDULED_OUTAGE: 2,
  UNAVAILABLE: 3,
};

/** In the primary: the reports over every worker's traffic and answers. */
export function primaryReports(now: () => number = Date.now): AdminReports {
  const ledger = new TrafficLedger(now());
  const waiting = new Map<number, (body: unknown) => void>();
  let next = 0;
  cluster.on('message', (_worker, msg: unknown) => {
    if (!isMessage(msg)) return;
    if (msg.kind === TRAFFIC) ledger.add(msg.increments);
    if (msg.kind === ANSWER) waiting.get(msg.id)?.(msg.body);
  });

  /** Every worker's answer (those in time); a 503 when none answered. */
  const ask = (report: Report): Promise<unknown[]> => {
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w?.isConnected());
    const id = (next += 1);
    return new Promise((resolve, reject) => {
      const answers: unknown[] = [];
      const finish = () => {
        clearTimeout(timer);
        waiting.delete(id);
        if (answers.length > 0) resolve(answers);
        else reject(new CoreUnavailableError({ retryAfterSeconds: 1 }));
      };
      const timer = setTimeout(finish, ANSWER_WITHIN_MS);
      waiting.set(id, (body) => {
        answers.push(body);
        if (answers.length === workers.length) finish();
      });
      for (const worker of workers) worker!.send({ kind: ASK, id, report } satisfies Message);
    });
  };

  return {
    metrics: (period, self) => getMetricsBody(ledger, now(), period, self),
    async status() {
      const answers = (await ask('status')) as StatusData[];
      return answers.reduce((worst, s) => (RANK[s.status] > RANK[worst.status] ? s : worst));
    },
    async outages() {
      // Every worker reads the same windows: the first answer is every worker's.
      return ((await ask('outages')) as Outage[][])[0]!;
    },
  };
}
