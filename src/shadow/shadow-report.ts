/**
 * What a shadow read reports: each sampled read counted by outcome, each field that differed
 * counted by operation and field, and a comparison that differed logged once with its paths.
 * Never a value, an id or an error's message (a core's message may quote one): paths, the
 * operation, the request id and an error's type and code.
 */
import type { Logger } from 'pino';
import type { GatewayMetrics } from '../observability/metrics';
import { familyOfOperation, type Operation } from '../ports/operations';
import type { Comparison } from './compare';

/** How a sampled read's shadow ended. */
export type ShadowOutcome = 'same' | 'different' | 'error' | 'skipped';

export interface ShadowReport {
  /** A sampled read's shadow ended so. */
  read(operation: Operation, outcome: ShadowOutcome): void;
  /** The candidate's answer to request `requestId` differed from the live one. */
  differed(operation: Operation, requestId: string, comparison: Comparison): void;
  /** The candidate failed to answer request `requestId`. */
  failed(operation: Operation, requestId: string, err: unknown): void;
}

/** An error's type and code: what says why without quoting what the core said. */
function errorKind(err: unknown): { type: string; code?: string } {
  if (!(err instanceof Error)) return { type: typeof err };
  // The class's own name: a gateway error's `name` may be the base class's.
  const type = err.constructor.name || err.name;
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? { type, code } : { type };
}

/**
 * The report into the gateway's metrics and the candidate's log.
 * @param logger labelled with the candidate instance
 */
export function shadowReport(metrics: GatewayMetrics, logger: Logger): ShadowReport {
  return {
    read(operation, outcome) {
      const family = familyOfOperation(operation.name) ?? 'none';
      metrics.shadowReads.inc({ family, operation: operation.name, outcome });
    },
    differed(operation, requestId, comparison) {
      // The route of the request is not known below the services: the operation stands for it.
      for (const field of comparison.fields)
        metrics.shadowDifferences.inc({ route: operation.name, field });
      const { paths, count } = comparison;
      logger.info(
        { operation: operation.name, requestId, paths, more: count - paths.length },
        'shadow read: the candidate answered otherwise than the live core',
      );
    },
    failed(operation, requestId, err) {
      logger.debug(
        { operation: operation.name, requestId, err: errorKind(err) },
        'shadow read: the candidate failed',
      );
    },
  };
}
