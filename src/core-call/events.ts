/**
 * What the layers decide, published once as events: metrics and tracing subscribe to them
 * (src/observability/core-call-*.ts); no layer reports to either itself.
 */

/** How one attempt to reach a core ended (the `outcome` label of `dhg_core_call_duration`). */
export type AttemptOutcome =
  | 'success'
  | 'failure'
  | 'timeout'
  | 'invalid_record'
  | 'client_error'
  | 'rejected'
  | 'maintenance';

export type CircuitStateName = 'closed' | 'half_open' | 'open';

/** One decision of a layer about one call of `operation` on adapter instance `adapter`. */
export type CoreCallEvent =
  | {
      type: 'attempt';
      adapter: string;
      operation: string;
      outcome: AttemptOutcome;
      seconds: number;
    }
  | {
      type: 'cache';
      adapter: string;
      operation: string;
      result: 'hit' | 'miss' | 'stale' | 'error';
    }
  | { type: 'single_flight_join'; adapter: string; operation: string }
  | { type: 'retry'; adapter: string; operation: string; attempt: number }
  | { type: 'circuit_refused'; adapter: string; operation: string; circuit: string }
  | {
      type: 'maintenance_window';
      adapter: string;
      operation: string;
      retryAfterSeconds: number;
    }
  | { type: 'answer_nonconforming'; adapter: string; operation: string }
  | {
      type: 'circuit_state';
      adapter: string;
      circuit: string;
      state: CircuitStateName;
      /** False for the state a circuit starts in, true for each change after. */
      transition: boolean;
    };

export type CoreCallListener = (event: CoreCallEvent) => void;

/** The events of one adapter instance's stack, and who listens to them. */
export class CoreCallEvents {
  private listeners: readonly CoreCallListener[] = [];

  /** Adds a listener; the function returned removes it. */
  on(listener: CoreCallListener): () => void {
    this.listeners = [...this.listeners, listener];
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  publish(event: CoreCallEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
