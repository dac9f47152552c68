/** The data set indexed as the routes look it up; a miss is Transact's 404. */
import { productOf, type TemenosProduct } from './catalogue';
import type { SimAccount, SimCustomer, SimTransaction, TemenosDataset } from './dataset';
import { notFound } from './temenos-errors';

/** The date an entry is listed and selected by: its booking date, a pending one's value date. */
export const listedDate = (t: SimTransaction): string => t.bookingDate ?? t.valueDate;

/** Newest first: pending entries, then by date and entry id (reference), descending. */
export function newestFirst(a: SimTransaction, b: SimTransaction): number {
  if (a.status !== b.status) return a.status === 'PENDING' ? -1 : 1;
  const [x, y] = [listedDate(a), listedDate(b)];
  if (x !== y) return x < y ? 1 : -1;
  const [p, q] = [a.entryReference ?? a.reference, b.entryReference ?? b.reference];
  return p < q ? 1 : p > q ? -1 : 0;
}

export class SimIndex {
  private readonly customers = new Map<string, SimCustomer>();
  private readonly accounts = new Map<string, SimAccount>();
  private readonly arrangements = new Map<string, SimAccount>();
  private readonly entries = new Map<string, SimTransaction[]>();
  private readonly references = new Map<string, SimTransaction[]>();

  constructor(readonly data: TemenosDataset) {
    for (const c of data.customers) this.customers.set(c.customerId, c);
    for (const a of data.accounts) {
      this.accounts.set(a.accountId, a);
      this.arrangements.set(a.arrangementId, a);
      this.entries.set(a.accountId, []);
    }
    for (const t of data.transactions) {
      this.entries.get(t.accountId)?.push(t);
      this.references.set(t.reference, [...(this.references.get(t.reference) ?? []), t]);
    }
    for (const list of this.entries.values()) list.sort(newestFirst);
  }

  customer(customerId: string): SimCustomer {
    const found = this.customers.get(customerId);
    if (!found) throw notFound('Customer', customerId);
    return found;
  }

  allCustomers(): SimCustomer[] {
    return this.data.customers;
  }

  /** An account by its number (or, as Transact accepts, its arrangement id). */
  account(accountId: string): SimAccount {
    const found = this.accounts.get(accountId) ?? this.arrangements.get(accountId);
    if (!found) throw notFound('Account', accountId);
    return found;
  }

  allAccounts(): SimAccount[] {
    return this.data.accounts;
  }

  /** The accounts a customer holds, alone or jointly. */
  accountsOf(customerId: string): SimAccount[] {
    return this.data.accounts.filter((a) => a.holders.some((h) => h.customerId === customerId));
  }

  /** The account's holders, the primary one first. */
  holdersOf(account: SimAccount): SimCustomer[] {
    return account.holders.map((h) => this.customer(h.customerId));
  }

  product(account: SimAccount): TemenosProduct {
    return productOf(account.productId);
  }

  /** The account's entries, newest first. */
  transactionsOf(accountId: string): SimTransaction[] {
    return this.entries.get(accountId) ?? [];
  }

  /** The entries (one, or both legs of a transfer) under a transaction reference. */
  transaction(reference: string): SimTransaction[] {
    const found = this.references.get(reference);
    if (!found) throw notFound('Transaction', reference);
    return found;
  }
}
