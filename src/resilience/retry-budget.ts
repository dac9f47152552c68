/** Retries held in the bank at most. */
const CAPACITY = 10;
/** One retry, in the hundredths the bank counts in (exact: 10 calls at 10% earn one retry). */
const RETRY = 100;

/** Retries ration themselves: each call earns `percent`/100 of a retry, up to 10 in the bank. */
export class RetryBudget {
  private hundredths = CAPACITY * RETRY;

  constructor(private readonly percent: number) {}

  /** One call made: a fraction of a retry earned. */
  earn(): void {
    this.hundredths = Math.min(CAPACITY * RETRY, this.hundredths + this.percent);
  }

  /** Spends one retry; false when the bank holds less than one. */
  take(): boolean {
    if (this.hundredths < RETRY) return false;
    this.hundredths -= RETRY;
    return true;
  }
}
