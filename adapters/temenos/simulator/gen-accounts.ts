/**
 * The data set's accounts before their entries are booked: who holds each, its product, its
 * terms, and the balance brought forward into the recorded history (which starts on
 * `HISTORY_START`; an account opened later starts from nothing).
 */
import { productOf } from './catalogue';
import type { SimAccount, SimHolder, SimTerms } from './dataset';
import { CHARLOTTE, JANE, LIAM, PRIYA, WATTLE_CREEK } from './gen-customers';
import type { IdSource } from './gen-ledger';
import { addMonths } from './sim-dates';

/** Transact's business date ("today") of the recording. */
export const BUSINESS_DATE = '2026-11-20';
/** The first day of the recorded account history. */
export const HISTORY_START = '2025-10-01';

export const ACCOUNTS = {
  charlotteCurrent: '10000183',
  charlotteSavings: '10000191',
  charlotteDeposit: '10000205',
  charlotteLoan: '10000213',
  joint: '10000221',
  liamSavings: '10000248',
  bakeryCurrent: '10000256',
  bakeryLoan: '10000264',
  priyaSavings: '10000272',
  janeCurrent: '10000280',
} as const;

/** An account before booking: no balances yet, and what it held when the history starts. */
export type AccountShell = Omit<SimAccount, 'workingBalance' | 'lockedAmount'> & {
  broughtForwardCents: number;
};

interface ShellPlan {
  accountId: string;
  productId: string;
  holders: string[];
  title: string;
  shortTitle: string;
  openingDate: string;
  interestRate: string;
  broughtForwardCents: number;
  extra?: Partial<AccountShell>;
}

function shell(ids: IdSource, plan: ShellPlan): AccountShell {
  const { holders, extra, ...rest } = plan;
  const product = productOf(plan.productId);
  return {
    ...rest,
    arrangementId: ids.reference('AA', plan.openingDate),
    categoryId: product.categoryId,
    currency: 'AUD',
    holders: holders.map((customerId, i): SimHolder => ({
      customerId,
      role: i === 0 ? 'OWNER' : 'JOINT.OWNER',
    })),
    interestPaidYtd: '0.00',
    ...extra,
  };
}

/** A deposit's or a loan's terms from its start, length and rate. */
export function terms(principal: string, rate: string, months: number, start: string): SimTerms {
  return { principal, rate, months, startDate: start, maturityDate: addMonths(start, months) };
}

const PERSONAL = (ids: IdSource): AccountShell[] => [
  shell(ids, {
    accountId: ACCOUNTS.charlotteCurrent,
    productId: 'CURACC',
    holders: [CHARLOTTE],
    title: 'Charlotte Wilson Everyday',
    shortTitle: 'C WILSON EVERYDAY',
    openingDate: '2019-07-08',
    interestRate: '0.00',
    broughtForwardCents: 184_217,
    extra: { overdraftLimit: '1000.00', monthlyFee: '5.00' },
  }),
  shell(ids, {
    accountId: ACCOUNTS.charlotteSavings,
    productId: 'SAVACC',
    holders: [CHARLOTTE],
    title: 'Charlotte Wilson Bonus Saver',
    shortTitle: 'C WILSON SAVER',
    openingDate: '2020-02-03',
    interestRate: '4.50',
    broughtForwardCents: 3_000_000,
  }),
  shell(ids, {
    accountId: ACCOUNTS.charlotteDeposit,
    productId: 'TERMDP',
    holders: [CHARLOTTE],
    title: 'Charlotte Wilson Term Deposit',
    shortTitle: 'C WILSON TD',
    openingDate: '2026-03-02',
    interestRate: '4.35',
    broughtForwardCents: 0,
    extra: { terms: terms('25000.00', '4.35', 12, '2026-03-02') },
  }),
  shell(ids, {
    accountId: ACCOUNTS.charlotteLoan,
    productId: 'PERSLN',
    holders: [CHARLOTTE],
    title: 'Charlotte Wilson Personal Loan',
    shortTitle: 'C WILSON LOAN',
    openingDate: '2025-06-16',
    interestRate: '8.99',
    broughtForwardCents: 0, // set from the schedule
    extra: { terms: { ...terms('20000.00', '8.99', 60, '2025-06-16'), repaymentDay: 15 } },
  }),
];

const SHARED = (ids: IdSource): AccountShell[] => [
  shell(ids, {
    accountId: ACCOUNTS.joint,
    productId: 'CURACC',
    holders: [CHARLOTTE, LIAM],
    title: 'Charlotte Wilson and Liam Wilson',
    shortTitle: 'C & L WILSON',
    openingDate: '2024-02-12',
    interestRate: '0.00',
    broughtForwardCents: 312_055,
    extra: { monthlyFee: '5.00' },
  }),
  shell(ids, {
    accountId: ACCOUNTS.liamSavings,
    productId: 'SAVACC',
    holders: [LIAM],
    title: 'Liam Wilson Bonus Saver',
    shortTitle: 'L WILSON SAVER',
    openingDate: '2023-09-01',
    interestRate: '4.50',
    broughtForwardCents: 525_000,
  }),
  shell(ids, {
    accountId: ACCOUNTS.priyaSavings,
    productId: 'SAVACC',
    holders: [PRIYA],
    title: 'Priya Sharma Bonus Saver',
    shortTitle: 'P SHARMA SAVER',
    openingDate: '2026-05-18',
    interestRate: '4.50',
    broughtForwardCents: 0,
  }),
];

const BUSINESS = (ids: IdSource): AccountShell[] => [
  shell(ids, {
    accountId: ACCOUNTS.bakeryCurrent,
    productId: 'BUSACC',
    holders: [WATTLE_CREEK],
    title: 'Wattle Creek Bakery Pty Ltd',
    shortTitle: 'WATTLE CREEK BAKERY',
    openingDate: '2022-05-09',
    interestRate: '0.00',
    broughtForwardCents: 1_843_010,
    extra: { overdraftLimit: '10000.00', monthlyFee: '10.00' },
  }),
  shell(ids, {
    accountId: ACCOUNTS.bakeryLoan,
    productId: 'BUSLN',
    holders: [WATTLE_CREEK],
    title: 'Wattle Creek Bakery Equipment Loan',
    shortTitle: 'WATTLE CREEK LOAN',
    openingDate: '2024-08-01',
    interestRate: '9.50',
    broughtForwardCents: 0, // set from the schedule
    extra: { terms: { ...terms('150000.00', '9.50', 84, '2024-08-01'), repaymentDay: 1 } },
  }),
];

/**
 * Jane Citizen's everyday account. Its ids are drawn after every other account's history (see
 * generate-dataset.ts), so adding it changed nothing generated before it.
 */
export function janeShell(ids: IdSource): AccountShell {
  return shell(ids, {
    accountId: ACCOUNTS.janeCurrent,
    productId: 'CURACC',
    holders: [JANE],
    title: 'Jane Citizen Everyday',
    shortTitle: 'J CITIZEN EVERYDAY',
    openingDate: '2021-03-15',
    interestRate: '0.00',
    broughtForwardCents: 95_000,
    extra: { monthlyFee: '5.00' },
  });
}

/** Every account but Jane's, in account number order. */
export function accountShells(ids: IdSource): AccountShell[] {
  return [...PERSONAL(ids), ...SHARED(ids), ...BUSINESS(ids)].sort((a, b) =>
    a.accountId < b.accountId ? -1 : 1,
  );
}
