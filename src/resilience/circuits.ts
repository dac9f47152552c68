/**
 * The circuit breakers of one adapter (opossum): one per circuit name its operations map to (a
 * group of operations, or one operation kept apart; see circuit-groups.ts), each created at its
 * first call. Only calls that reach the core count: a call an open circuit refuses is refused
 * here, before opossum would count it as a `fire`, and a circuit that closes starts with an empty
 * window, so neither the refusals of an open period nor the failures from before a recovery
 * dilute the error rate of a relapse.
 */
import { EventEmitter } from 'node:events';
import CircuitBreaker from 'opossum';
import type { Logger } from 'pino';
import type { Config } from '../config/config';
import { CoreUnavailableError, type GatewayError } from '../errors';
import { isCoreFailure } from './core-failure';

/** Buckets of a circuit's rolling window. */
const WINDOW_BUCKETS = 10;

export interface CircuitsDeps {
  adapterId: string;
  settings: Config['resilience'];
  logger: Logger;
  /**
   * Told each circuit's state: `closed` when it is created (no transition), then every change
   * (a transition).
   */
  onState(circuit: string, state: 'closed' | 'half_open' | 'open', transition: boolean): void;
  /** The circuit name of every operation (from `circuitNames`). */
  circuitOf: ReadonlyMap<string, string>;
}

export class Circuits {
  readonly byName = new Map<string, CircuitBreaker>();
  private readonly openedAt = new Map<string, number>();
  // Windows turn on our clock (opossum's rotateBucketController), so a closing circuit can
  // empty its own window.
  private readonly rotators = new Map<string, EventEmitter>();
  private readonly rotation: NodeJS.Timeout;

  constructor(private readonly deps: CircuitsDeps) {
    this.rotation = setInterval(
      () => {
        for (const rotator of this.rotators.values()) rotator.emit('rotate');
      },
      Math.floor((deps.settings.windowSeconds * 1000) / WINDOW_BUCKETS),
    );
    this.rotation.unref();
  }

  /** The circuit name and breaker an operation's calls go through. */
  for(operation: string): { name: string; breaker: CircuitBreaker } {
    const name = this.deps.circuitOf.get(operation);
    if (name === undefined) throw new Error(`no circuit for operation ${operation}`);
    return { name, breaker: this.byName.get(name) ?? this.create(name) };
  }

  /**
   * The refusal of a call through `name` while its circuit is open, or half-open with its one
   * trial call under way (opossum's own rule); undefined when the call may go.
   */
  refusal(name: string, breaker: CircuitBreaker): GatewayError | undefined {
    if (breaker.closed || breaker.pendingClose) return undefined;
    return new CoreUnavailableError({ retryAfterSeconds: this.secondsUntilTrial(name) });
  }

  close(): void {
    clearInterval(this.rotation);
    for (const breaker of this.byName.values()) breaker.shutdown();
  }

  /** Seconds until an open circuit lets a trial call through (at least 1). */
  private secondsUntilTrial(name: string): number {
    const since = Date.now() - (this.openedAt.get(name) ?? Date.now());
    return Math.max(1, Math.ceil((this.deps.settings.resetSeconds * 1000 - since) / 1000));
  }

  private create(name: string): CircuitBreaker {
    const { adapterId, settings } = this.deps;
    const rotator = new EventEmitter();
    const breaker = new CircuitBreaker((call: () => Promise<unknown>) => call(), {
      timeout: false, // the stack's own per-call timeout aborts the request (see timeout.ts)
      errorThresholdPercentage: settings.errorPercentage,
      volumeThreshold: settings.minVolume,
      resetTimeout: settings.resetSeconds * 1000,
      rollingCountTimeout: settings.windowSeconds * 1000,
      rollingCountBuckets: WINDOW_BUCKETS,
      rotateBucketController: rotator,
      errorFilter: (err: unknown) => !isCoreFailure(err),
      name: `${adapterId}:${name}`,
    });
    this.rotators.set(name, rotator);
    this.observe(name, breaker, rotator);
    this.byName.set(name, breaker);
    return breaker;
  }

  /** States told, and logs; a closing circuit empties its window. */
  private observe(name: string, breaker: CircuitBreaker, rotator: EventEmitter): void {
    const { onState, logger } = this.deps;
    onState(name, 'closed', false);
    breaker.on('open', () => {
      this.openedAt.set(name, Date.now());
      onState(name, 'open', true);
      logger.warn({ circuit: name }, 'circuit opened');
    });
    breaker.on('halfOpen', () => onState(name, 'half_open', true));
    breaker.on('close', () => {
      for (let i = 0; i < WINDOW_BUCKETS; i += 1) rotator.emit('rotate');
      onState(name, 'closed', true);
      logger.info({ circuit: name }, 'circuit closed');
    });
  }
}
