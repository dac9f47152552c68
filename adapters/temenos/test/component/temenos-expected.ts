/**
 * What the Temenos component tests expect, computed from the simulator's data set with small code
 * of their own (exact decimals in bigint cents), never with the adapter's mappers; and the
 * gateway they run on (the settings `npm run temenos:sim` prints, every cache lifetime 0).
 */
import { refOf } from '../../../../contracts';
import { contractErrors } from '../../../../test/helpers/contracts';
import {
  startGateway,
  type TestGateway,
  type TestResponse,
} from '../../../../test/helpers/gateway';
import { type Env, temenosSimEnv } from '../../../../test/helpers/simulator-env';
import {
  loadTemenosDataset,
  type TemenosRequestRecord,
  type TemenosSimulator,
} from '../../simulator/simulator';
import type { SimAccount, SimCustomer, SimTransaction } from '../../simulator/dataset';

export const data = loadTemenosDataset();

/** The simulator's customers (adapters/temenos/simulator/gen-customers.ts). */
export const CHARLOTTE = '100100';
export const LIAM = '100200';
export const BAKERY = '100300';
export const PRIYA = '100400';
export const JOINT = '10000221';

/** The gateway settings' categories (gateway-settings.ts): category id → product category. */
const CATEGORY: Readonly<Record<string, string>> = {
  '1001': 'TRANS_AND_SAVINGS_ACCOUNTS',
  '1002': 'TRANS_AND_SAVINGS_ACCOUNTS',
  '6001': 'TRANS_AND_SAVINGS_ACCOUNTS',
  '6601': 'TERM_DEPOSITS',
  '3001': 'PERS_LOANS',
  '3100': 'BUSINESS_LOANS',
};
export const categoryOf = (a: SimAccount): string => CATEGORY[a.categoryId]!;
const isLoan = (a: SimAccount) => ['3001', '3100'].includes(a.categoryId);
const isLocked = (a: SimAccount) => isLoan(a) || a.categoryId === '6601';

export const customerOf = (id: string): SimCustomer =>
  data.customers.find((c) => c.customerId === id)!;
export const accountOf = (id: string): SimAccount => data.accounts.find((a) => a.accountId === id)!;

/** The customer's accounts in account number order, as Transact lists them. */
export const accountsOf = (customerId: string): SimAccount[] =>
  data.accounts.filter((a) => a.holders.some((h) => h.customerId === customerId));

export const idsOf = (customerId: string): string[] =>
  accountsOf(customerId).map((a) => a.accountId);

/** All but the last four digits masked. */
export const masked = (id: string): string => `${'x'.repeat(id.length - 4)}${id.slice(-4)}`;

/** An amount (exact text, at most two fraction digits) in cents. */
export function cents(text: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`not a money amount: ${text}`);
  const units = BigInt(match[2]!) * 100n + BigInt((match[3] ?? '').padEnd(2, '0') || '0');
  return match[1] ? -units : units;
}

/** Cents as the documented amount string, two fraction digits. */
export function money(c: bigint): string {
  const abs = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/**
 * The documented balance: current is the booked balance; available is Transact's funds available
 * (booked, less what pending debits hold, plus an overdraft limit), never below nothing on a loan
 * or term deposit.
 */
export function expectedBalance(a: SimAccount): Record<string, string> {
  const funds = cents(a.workingBalance) - cents(a.lockedAmount) + cents(a.overdraftLimit ?? '0.00');
  const available = isLocked(a) && funds < 0n ? 0n : funds;
  return {
    accountId: a.accountId,
    currentBalance: money(cents(a.workingBalance)),
    availableBalance: money(available),
  };
}

/** The account's holders as related users: each with its first email, each a holder. */
export const usersOf = (a: SimAccount) =>
  a.holders.map((h) => ({
    id: h.customerId,
    email: customerOf(h.customerId).emails[0]!,
    isAccountHolder: true,
  }));

/** The authorisation list item of the account. */
export const shareableOf = (a: SimAccount) => ({
  accountId: a.accountId,
  displayName: a.title,
  openStatus: 'OPEN',
  extensions: {
    cdr: {
      complexAccountType: a.holders.length > 1 ? 'JOINT' : 'INDIVIDUAL',
      users: usersOf(a),
    },
  },
});

const inWindow = (date: string, from: string, to: string) => date >= from && date <= to;

/** The account's posted transactions booked in [from, to], newest first, a day's by entry id. */
export function postedOf(accountId: string, from: string, to: string): SimTransaction[] {
  return data.transactions
    .filter((t) => t.accountId === accountId && t.status === 'POSTED')
    .filter((t) => inWindow(t.bookingDate!, from, to))
    .sort((x, y) =>
      x.bookingDate !== y.bookingDate
        ? x.bookingDate! < y.bookingDate!
          ? 1
          : -1
        : x.entryReference! < y.entryReference!
          ? -1
          : 1,
    );
}

/** The account's pending transactions dated in [from, to] (by their value date). */
export const pendingOf = (accountId: string, from: string, to: string): SimTransaction[] =>
  data.transactions.filter(
    (t) => t.accountId === accountId && t.status === 'PENDING' && inWindow(t.valueDate, from, to),
  );

/** A page envelope of the interface's lists. */
export const pageBody = (key: string, records: unknown[]) => ({
  data: { [key]: records },
  links: {},
  meta: { totalRecords: records.length, totalPages: records.length ? 1 : 0 },
});

export const REQUEST_ID = 'temenos-test-1';

export const expectError = (res: TestResponse, status: number, error: string): void =>
  expect({ status: res.status, body: res.body }).toEqual({ status, body: { error } });

export const expectFdxError = (
  res: TestResponse,
  status: number,
  code: number,
  message: string,
): void => {
  expect({ status: res.status, body: res.body }).toEqual({
    status,
    body: { code, message, debugMessage: `request ${REQUEST_ID}` },
  });
  expect(contractErrors({ $ref: refOf('envelopes', 'ErrorFdx') }, res.body)).toEqual([]);
};

/** Checks a 200 answer against the response contract of its operation. */
export function expectValid(gw: TestGateway, op: string, res: TestResponse): void {
  const route = gw.gateway.routes.find((r) => r.operationId === op)!;
  expect({ op, status: res.status }).toEqual({ op, status: 200 });
  expect({ op, errors: contractErrors(route.response, res.body) }).toEqual({ op, errors: [] });
}

/** The gateway as `npm start` builds it on the simulator: the registry resolves `temenos`. */
export function startTemenosGateway(sim: TemenosSimulator, extra: Env = {}): Promise<TestGateway> {
  return startGateway({ ...temenosSimEnv(sim), ...extra });
}

/** The requests the simulator received since `mark`, of the paths `path` matches. */
export const since = (sim: TemenosSimulator, mark: number, path?: RegExp): TemenosRequestRecord[] =>
  sim.requests.slice(mark).filter((r) => path === undefined || path.test(r.path));
