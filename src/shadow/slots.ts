/**
 * How many shadow reads of one candidate may be under way at once. A sampled read beyond it is
 * skipped, never queued: a queue would grow with the live traffic while the candidate is slow,
 * and the shadow reads must never cost the live ones memory or time.
 */
export class Slots {
  #busy = 0;

  constructor(readonly max: number) {}

  /** Takes a slot; false when all are taken. */
  take(): boolean {
    if (this.#busy >= this.max) return false;
    this.#busy += 1;
    return true;
  }

  release(): void {
    if (this.#busy > 0) this.#busy -= 1;
  }

  /** Shadow reads under way. */
  get busy(): number {
    return this.#busy;
  }
}
