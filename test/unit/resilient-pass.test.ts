/**
 * A call that is no port method (a passed-through request) through an instance's resilience stack
 * (`pass`): the operation's maintenance windows, circuit, timeout and metrics, and never a retry.
 */
import pino from 'pino';
import { configFrom } from '../../src/config/config';
import {
  CoreTimeoutError,
  CoreUnavailableError,
  GatewayError,
  InvalidFieldError,
} from '../../src/errors';
import { GatewayMetrics } from '../../src/observability/metrics';
import type { CallContext, CoreAdapter } from '../../src/ports';
import { memoryCacheStore } from '../../src/stores/cache';
import { redisKeys } from '../../src/stores/redis-keys';
import { type ResilientAdapter, withResilience } from '../helpers/core-call';

const NOW = Date.parse('2026-11-22T10:00:00Z');
const ctx = (): CallContext => ({ signal: new AbortController().signal, requestId: 'r-1' });

let stack: ResilientAdapter;
let metrics: GatewayMetrics;
function passing(env: Record<string, string | number> = {}) {
  metrics = new GatewayMetrics({ processMetrics: false });
  stack = withResilience({ id: 'upstream' } as CoreAdapter, {
    settings: configFrom({ RETRY_ATTEMPTS: 2, RETRY_BASE_DELAY_MS: 0, ...env }).resilience,
    metrics,
    cache: memoryCacheStore(10),
    keys: redisKeys({ namespace: 'unit' }),
    logger: pino({ level: 'silent' }),
    now: () => NOW,
  });
  return stack;
}
afterEach(() => stack.close());

async function outcomes(): Promise<Record<string, number>> {
  const metric = await metrics.coreDuration.get();
  const counts: Record<string, number> = {};
  for (const v of metric.values) {
    if (v.metricName !== 'dhg_core_call_duration_seconds_count' || v.value === 0) continue;
    counts[`${v.labels.operation}:${v.labels.outcome}`] = v.value;
  }
  return counts;
}

describe('a passed-through call on the resilience stack', () => {
  it('when a maintenance window of the instance is on, then it is refused with Retry-After and never sent', async () => {
    const windows = [
      { adapter: 'upstream', start: '2026-11-22T09:00:00Z', end: '2026-11-22T10:00:30Z' },
    ];
    const sent: string[] = [];
    const err = await passing({ MAINTENANCE_WINDOWS: JSON.stringify(windows) })
      .pass('fdx.listTransactions', async () => sent.push('sent'), ctx())
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CoreUnavailableError);
    expect((err as GatewayError).retryAfterSeconds).toBe(30);
    expect(sent).toEqual([]);
    expect(await outcomes()).toEqual({ 'fdx.listTransactions:maintenance': 1 });
  });

  it('when the caller’s request is refused (an error below 500), then it counts as client_error and never opens the circuit', async () => {
    passing({ CIRCUIT_MIN_VOLUME: 2, CIRCUIT_ERROR_PERCENTAGE: 50 });
    for (let i = 0; i < 6; i += 1) {
      await expect(
        stack.pass('fdx.listTransactions', () => Promise.reject(new InvalidFieldError('x')), ctx()),
      ).rejects.toBeInstanceOf(InvalidFieldError);
    }
    expect(stack.circuits.get('transactions')?.closed).toBe(true);
    expect(await outcomes()).toEqual({ 'fdx.listTransactions:client_error': 6 });
  });

  it('when the upstream fails, then the call is not retried and the operation’s group circuit counts it', async () => {
    passing({ CIRCUIT_MIN_VOLUME: 2, CIRCUIT_ERROR_PERCENTAGE: 50 });
    let sent = 0;
    const fail = () => {
      sent += 1;
      return Promise.reject(new CoreUnavailableError());
    };
    for (let i = 0; i < 2; i += 1) {
      await expect(stack.pass('banking.listPayees', fail, ctx())).rejects.toBeInstanceOf(
        CoreUnavailableError,
      );
    }
    expect(sent).toBe(2);
    expect(stack.circuits.get('payments')?.opened).toBe(true);
    await expect(stack.pass('banking.listPayees', fail, ctx())).rejects.toBeInstanceOf(
      CoreUnavailableError,
    );
    expect(sent).toBe(2);
    expect(await outcomes()).toEqual({
      'banking.listPayees:failure': 2,
      'banking.listPayees:rejected': 1,
    });
  });

  it('when the upstream does not answer in time, then the send’s signal is aborted and the call times out', async () => {
    passing({ CORE_TIMEOUT_MS: 50 });
    let signal: AbortSignal | undefined;
    const err = await stack
      .pass(
        'fdx.listStatements',
        (inner) => {
          signal = inner.signal;
          return new Promise(() => undefined);
        },
        ctx(),
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CoreTimeoutError);
    expect(signal?.aborted).toBe(true);
    expect(await outcomes()).toEqual({ 'fdx.listStatements:timeout': 1 });
  });
});
