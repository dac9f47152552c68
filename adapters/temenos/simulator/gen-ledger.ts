/**
 * The generator's books: Transact-looking ids from a seeded source, and one ledger per account
 * that collects entries and then books them in date order with running balances.
 */
import type { SeededRandom } from '@data-holder-gateway/adapter-sdk';
import type { TemenosTransactionCode } from './catalogue';
import type { SimCounterparty, SimTransaction } from './dataset';
import { julian, money } from './sim-dates';

const ALPHANUMERIC = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

/** Unique ids of the shapes Transact gives: `FT25274K7QX2`, `AA25274K7QX2`, `BEN25274K7QX2`. */
export class IdSource {
  private readonly used = new Set<string>();
  private entries = 0;

  constructor(private readonly random: SeededRandom) {}

  /** Prefix, the date's `YYDDD`, then five random characters, never the same twice. */
  reference(prefix: string, date: string): string {
    for (;;) {
      let tail = '';
      for (let i = 0; i < 5; i += 1) {
        tail += ALPHANUMERIC[this.random.randInt(0, ALPHANUMERIC.length - 1)];
      }
      const id = `${prefix}${julian(date)}${tail}`;
      if (!this.used.has(id)) {
        this.used.add(id);
        return id;
      }
    }
  }

  /** A statement entry id: the date's `YYDDD`, a running number, and the entry's part. */
  entry(date: string): string {
    this.entries += 1;
    return `${julian(date)}${String(this.entries).padStart(10, '0')}.000001`;
  }
}

/** One entry before booking. */
export interface LedgerEntry {
  reference: string;
  /** The value date (and booking date once posted). */
  date: string;
  cents: number;
  code: TemenosTransactionCode;
  narrative: string;
  counterparty?: SimCounterparty;
  /** Pending entries are processed later, on this date. */
  processingDate?: string;
}

/** An account's entries: posted ones and pending ones, booked by `close`. */
export class Ledger {
  private readonly posted: LedgerEntry[] = [];
  private readonly waiting: LedgerEntry[] = [];

  /** `broughtForward`: the balance in cents before the first entry here. */
  constructor(
    readonly accountId: string,
    private readonly broughtForward: number,
  ) {}

  post(entry: LedgerEntry): void {
    this.posted.push(entry);
  }

  pending(entry: LedgerEntry): void {
    this.waiting.push(entry);
  }

  /** The booked transactions, the booked balance and the amount held for pending debits. */
  close(ids: IdSource): { transactions: SimTransaction[]; working: number; locked: number } {
    // A stable sort: entries of one day keep the order they were written in.
    const ordered = [...this.posted].sort((a, b) =>
      a.date < b.date ? -1 : a.date > b.date ? 1 : 0,
    );
    let balance = this.broughtForward;
    const transactions: SimTransaction[] = ordered.map((e) => {
      balance += e.cents;
      return {
        ...this.common(e),
        status: 'POSTED',
        entryReference: ids.entry(e.date),
        bookingDate: e.date,
        processingDate: e.date,
        balanceAfter: money(balance),
      };
    });
    // Not booked yet: no booking date, no statement entry, outside the balance.
    const pending: SimTransaction[] = this.waiting.map((e) => ({
      ...this.common(e),
      status: 'PENDING',
      processingDate: e.processingDate ?? e.date,
    }));
    const locked = this.waiting.reduce((sum, e) => sum + Math.max(0, -e.cents), 0);
    return { transactions: [...transactions, ...pending], working: balance, locked };
  }

  private common(e: LedgerEntry) {
    return {
      reference: e.reference,
      accountId: this.accountId,
      valueDate: e.date,
      amount: money(e.cents),
      currency: 'AUD',
      code: e.code,
      narrative: e.narrative,
      ...(e.counterparty ? { counterparty: e.counterparty } : {}),
    };
  }
}
