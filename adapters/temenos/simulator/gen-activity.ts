/**
 * The recorded history of every account, from `HISTORY_START` to the business date: wages,
 * card purchases, fees and interest, and the entries the standing orders, direct debits and loan
 * schedules give rise to (both legs of a transfer between two accounts of the bank, under one
 * reference), and a few pending entries. Amounts vary by a seeded source.
 */
import type { SeededRandom } from '@data-holder-gateway/adapter-sdk';
import type { TemenosTransactionCode } from './catalogue';
import type { SimCounterparty } from './dataset';
import { BUSINESS_DATE, HISTORY_START } from './gen-accounts';
import type { IdSource, Ledger } from './gen-ledger';
import type { DirectDebitPlan, StandingOrderPlan } from './gen-orders';
import { occurrences, type Recurrence } from './recurrence';
import { addDays, addMonths, centsOf, money } from './sim-dates';

/** What writing entries needs: the ledgers by account id, ids and the seeded source. */
export interface Books {
  ledgers: Map<string, Ledger>;
  /** Account titles by id: the other side's name on a transfer. */
  titles: Map<string, string>;
  ids: IdSource;
  random: SeededRandom;
}

export function ledgerOf(books: Books, accountId: string): Ledger {
  const ledger = books.ledgers.get(accountId);
  if (!ledger) throw new Error(`no account ${accountId}`);
  return ledger;
}

/** Dates of a rule inside the recorded history (and before `end`, when given). */
export function inHistory(r: Recurrence, start: string, end = BUSINESS_DATE): string[] {
  const last = end < BUSINESS_DATE ? end : BUSINESS_DATE;
  return occurrences(r, start, last).filter((d) => d >= HISTORY_START);
}

/** One entry on one account, under a new reference. */
export function single(
  books: Books,
  accountId: string,
  entry: {
    date: string;
    cents: number;
    code: TemenosTransactionCode;
    narrative: string;
    counterparty?: SimCounterparty;
  },
  prefix = 'FT',
): string {
  const reference = books.ids.reference(prefix, entry.date);
  ledgerOf(books, accountId).post({ reference, ...entry });
  return reference;
}

/** A transfer between two accounts of the bank: both legs under one reference. */
export function transfer(
  books: Books,
  from: string,
  to: string,
  move: {
    date: string;
    cents: number;
    narrative?: string;
    prefix?: string;
    codes?: [TemenosTransactionCode, TemenosTransactionCode];
  },
): void {
  const reference = books.ids.reference(move.prefix ?? 'FT', move.date);
  const { date, cents } = move;
  const [out, into] = move.codes ?? ['201', '101'];
  ledgerOf(books, from).post({
    reference,
    date,
    cents: -cents,
    code: out,
    narrative: move.narrative ?? `TRANSFER TO ${to}`,
    counterparty: { name: books.titles.get(to) ?? to, accountId: to, bsb: '012345' },
  });
  ledgerOf(books, to).post({
    reference,
    date,
    cents,
    code: into,
    narrative: `TRANSFER FROM ${from}`,
    counterparty: { name: books.titles.get(from) ?? from, accountId: from, bsb: '012345' },
  });
}

export function bookStandingOrders(books: Books, plans: StandingOrderPlan[]): void {
  for (const { order, recurrence, code } of plans) {
    const cents = centsOf(order.amount);
    const narrative = `STO ${order.description.toUpperCase()} ${order.payee.name.toUpperCase()}`;
    for (const date of inHistory(recurrence, order.startDate, order.endDate)) {
      const internal = order.product === 'INTERNAL' && books.ledgers.has(order.payee.accountId!);
      if (internal) {
        transfer(books, order.accountId, order.payee.accountId!, { date, cents, narrative });
      } else {
        single(books, order.accountId, {
          date,
          cents: -cents,
          code,
          narrative,
          counterparty: order.payee,
        });
      }
    }
  }
}

export function bookDirectDebits(books: Books, plans: DirectDebitPlan[]): void {
  for (const { debit, recurrence, range } of plans) {
    const all = occurrences(recurrence, debit.startDate, BUSINESS_DATE);
    for (const date of all.filter((d) => d >= HISTORY_START)) {
      const cents = books.random.randInt(range[0], range[1]);
      single(
        books,
        debit.accountId,
        {
          date,
          cents: -cents,
          code: '301',
          narrative: `${debit.creditorName.toUpperCase()} ${debit.mandateReference}`,
          counterparty: {
            name: debit.creditorName,
            accountId: debit.creditorAccountId,
            bsb: debit.creditorBsb,
          },
        },
        'DD',
      );
      debit.amount = money(cents);
      debit.lastCollection = date;
    }
    debit.collections = all.length;
  }
}

/** Month ends (the last day of each month) inside the recorded history. */
export function monthEnds(from = HISTORY_START): string[] {
  return inHistory({ every: 'month', day: 31 }, addMonths(from, 0, 31));
}

/** A monthly fee at each month end. */
export function bookFees(books: Books, accountId: string, fee: string): void {
  for (const date of monthEnds()) {
    single(books, accountId, {
      date,
      cents: -centsOf(fee),
      code: '600',
      narrative: 'MONTHLY ACCOUNT FEE',
    });
  }
}

/** The dates of a weekly pattern: `perWeek` random days of each week of the history. */
export function randomWeekDays(books: Books, perWeek: [number, number], from = HISTORY_START) {
  const dates: string[] = [];
  for (let week = from; week <= BUSINESS_DATE; week = addDays(week, 7)) {
    const count = books.random.randInt(perWeek[0], perWeek[1]);
    for (let i = 0; i < count; i += 1) {
      const date = addDays(week, books.random.randInt(0, 6));
      if (date <= BUSINESS_DATE) dates.push(date);
    }
  }
  return dates.sort();
}
