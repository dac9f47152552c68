/**
 * Each account's own activity (what no instruction or schedule drives): wages, card purchases,
 * merchant settlements, supplier payments, interest, and the pending entries of the business
 * date. Charlotte's everyday account is the busy one (well over a hundred entries a year).
 */
import type { SimCounterparty, SimScheduleLine } from './dataset';
import {
  type Books,
  bookFees,
  inHistory,
  ledgerOf,
  monthEnds,
  randomWeekDays,
  single,
  transfer,
} from './gen-activity';
import { type AccountShell, ACCOUNTS, BUSINESS_DATE, HISTORY_START } from './gen-accounts';
import { addDays, centsOf, money } from './sim-dates';

/** Card merchants: narrative and the range of a purchase in cents. */
const HOUSEHOLD: [string, number, number][] = [
  ['WOOLWORTHS 1234 SYDNEY', 2_500, 18_000],
  ['COLES 0456 SURRY HILLS', 2_000, 15_000],
  ['UBER *TRIP SYDNEY', 1_200, 4_800],
  ['SHELL COLES EXPRESS', 4_000, 9_500],
  ['BUNNINGS ALEXANDRIA', 1_500, 22_000],
  ['NETFLIX.COM', 1_899, 1_899],
  ['CHEMIST WAREHOUSE', 900, 6_500],
  ['THE GROUNDS CAFE', 800, 4_200],
];
const BUSINESS_SUPPLIES: [string, number, number][] = [
  ['OFFICEWORKS NEWTOWN', 2_000, 30_000],
  ['COSTCO WHOLESALE', 15_000, 90_000],
  ['ENERGYAUSTRALIA PAYMENT', 40_000, 65_000],
];

function cards(books: Books, accountId: string, perWeek: [number, number], shops = HOUSEHOLD) {
  for (const date of randomWeekDays(books, perWeek)) {
    const [narrative, min, max] = shops[books.random.randInt(0, shops.length - 1)]!;
    single(books, accountId, {
      date,
      cents: -books.random.randInt(min, max),
      code: '213',
      narrative,
      counterparty: { name: narrative.split(' ')[0]! },
    });
  }
}

function wages(books: Books, accountId: string, start: string, cents: number, payer: string) {
  for (const date of inHistory({ every: 'fortnight' }, start)) {
    single(books, accountId, {
      date,
      cents,
      code: '122',
      narrative: `${payer.toUpperCase()} PAYROLL`,
      counterparty: { name: payer, bsb: '062000', accountId: '10457721' },
    });
  }
}

/** Interest at each month end, about the rate on `aboutCents` (the book balance is not tracked). */
function interest(books: Books, account: AccountShell, aboutCents: number, from = HISTORY_START) {
  const monthly = Math.round((aboutCents * Number(account.interestRate)) / 100 / 12);
  const spread = Math.floor(monthly / 10);
  let paidThisYear = 0;
  let last: { amount: string; date: string } | undefined;
  for (const date of monthEnds(from)) {
    const cents = Math.max(1, monthly + books.random.randInt(-spread, spread));
    single(books, account.accountId, { date, cents, code: '502', narrative: 'CREDIT INTEREST' });
    if (date.startsWith(BUSINESS_DATE.slice(0, 4))) paidThisYear += cents;
    last = { amount: money(cents), date };
  }
  account.interestPaidYtd = money(paidThisYear);
  if (last) account.lastInterest = last;
}

export function everydayActivity(books: Books, current: AccountShell): void {
  const id = ACCOUNTS.charlotteCurrent;
  wages(books, id, '2025-10-02', 215_040, 'Acme Health');
  cards(books, id, [1, 3]);
  bookFees(books, id, current.monthlyFee!);
  for (const date of inHistory({ every: 'quarter', day: 22 }, '2025-10-22')) {
    single(books, id, {
      date,
      cents: -books.random.randInt(12_000, 18_000),
      code: '400',
      narrative: 'BPAY SYDNEY WATER 4471203001',
      counterparty: { name: 'Sydney Water', accountId: '75556' },
    });
  }
  transfer(books, ACCOUNTS.charlotteSavings, id, { date: '2026-04-10', cents: 50_000 });
  const pending = (date: string, cents: number, narrative: string, payee: SimCounterparty) =>
    ledgerOf(books, id).pending({
      reference: books.ids.reference('FT', date),
      date,
      cents,
      code: payee.accountId ? '400' : '213',
      narrative,
      counterparty: payee,
      processingDate: addDays(BUSINESS_DATE, 1),
    });
  pending('2026-11-19', -2_345, 'UBER *TRIP SYDNEY', { name: 'UBER' });
  pending(BUSINESS_DATE, -8_712, 'WOOLWORTHS 1234 SYDNEY', { name: 'WOOLWORTHS' });
  pending(BUSINESS_DATE, -14_320, 'BPAY SYDNEY WATER 4471203001', {
    name: 'Sydney Water',
    accountId: '75556',
  });
}

export function householdActivity(books: Books, byId: Map<string, AccountShell>): void {
  const joint = byId.get(ACCOUNTS.joint)!;
  wages(books, joint.accountId, '2025-10-09', 110_000, 'Brightside Engineering');
  cards(books, joint.accountId, [1, 2]);
  bookFees(books, joint.accountId, joint.monthlyFee!);
  ledgerOf(books, joint.accountId).pending({
    reference: books.ids.reference('FT', BUSINESS_DATE),
    date: BUSINESS_DATE,
    cents: -4_590,
    code: '213',
    narrative: 'COLES 0456 SURRY HILLS',
    counterparty: { name: 'COLES' },
    processingDate: addDays(BUSINESS_DATE, 1),
  });
  const liam = byId.get(ACCOUNTS.liamSavings)!;
  single(books, liam.accountId, {
    date: '2026-06-30',
    cents: 100_000,
    code: '110',
    narrative: 'ATO TAX REFUND',
    counterparty: { name: 'Australian Taxation Office' },
  });
  interest(books, liam, 300_000);
  const savings = byId.get(ACCOUNTS.charlotteSavings)!;
  interest(books, savings, 1_500_000);
}

/** Jane's everyday account: fortnightly wages, the monthly rent, card purchases and the fee. */
export function janeActivity(books: Books, current: AccountShell): void {
  const id = current.accountId;
  wages(books, id, '2025-10-09', 221_540, 'Exampleton Council');
  for (const date of inHistory({ every: 'month', day: 1 }, '2025-10-01')) {
    single(books, id, {
      date,
      cents: -195_000,
      code: '201',
      narrative: 'RENT SAMPLE REALTY',
      counterparty: { name: 'Sample Realty', bsb: '082001', accountId: '55012340' },
    });
  }
  cards(books, id, [0, 2]);
  bookFees(books, id, current.monthlyFee!);
}

export function priyaActivity(books: Books, savings: AccountShell): void {
  const id = savings.accountId;
  single(books, id, {
    date: savings.openingDate,
    cents: 200_000,
    code: '110',
    narrative: 'OPENING DEPOSIT',
  });
  for (const date of inHistory({ every: 'month', day: 20 }, '2026-06-20')) {
    single(books, id, {
      date,
      cents: 25_000,
      code: '101',
      narrative: 'TRANSFER FROM P SHARMA',
      counterparty: { name: 'P Sharma', bsb: '062000', accountId: '11223344' },
    });
  }
  interest(books, savings, 300_000, savings.openingDate);
}

export function bakeryActivity(books: Books, current: AccountShell): void {
  const id = current.accountId;
  for (const date of inHistory({ every: 'week' }, '2025-10-06')) {
    const cents = books.random.randInt(200_000, 350_000);
    single(books, id, { date, cents, code: '105', narrative: 'TYRO SETTLEMENT 40021' });
  }
  for (const date of inHistory({ every: 'fortnight' }, '2025-10-08')) {
    single(books, id, {
      date,
      cents: -books.random.randInt(180_000, 260_000),
      code: '201',
      narrative: 'INV GOLDEN GRAIN MILLS',
      counterparty: { name: 'Golden Grain Mills', bsb: '034002', accountId: '771234' },
    });
  }
  for (const date of inHistory({ every: 'quarter', day: 15 }, '2025-11-15')) {
    single(books, id, {
      date,
      cents: -320_000,
      code: '201',
      narrative: 'SWIFT MOULIN DE PROVENCE',
      counterparty: {
        name: 'Moulin de Provence',
        iban: 'FR7630006000011234567890189',
        bic: 'AGRIFRPPXXX',
      },
    });
  }
  cards(books, id, [0, 1], BUSINESS_SUPPLIES);
  bookFees(books, id, current.monthlyFee!);
  ledgerOf(books, id).pending({
    reference: books.ids.reference('FT', BUSINESS_DATE),
    date: BUSINESS_DATE,
    cents: 541_280,
    code: '105',
    narrative: 'TYRO SETTLEMENT 40021',
    processingDate: addDays(BUSINESS_DATE, 1),
  });
}

/** A loan's repayments from `payer` and the interest charged, as its schedule says. */
export function loanActivity(books: Books, loan: AccountShell, payer: string): void {
  for (const line of loan.schedule!.filter(inWindow)) {
    const cents = centsOf(line.total);
    transfer(books, payer, loan.accountId, {
      date: line.paymentDate,
      cents,
      narrative: `LOAN REPAYMENT ${loan.accountId}`,
      prefix: 'AAACT',
      codes: ['701', '701'],
    });
    single(
      books,
      loan.accountId,
      {
        date: line.paymentDate,
        cents: -centsOf(line.interest),
        code: '510',
        narrative: 'INTEREST CHARGED',
      },
      'AAACT',
    );
  }
}

const inWindow = (line: SimScheduleLine) =>
  line.paymentDate >= HISTORY_START && line.paymentDate <= BUSINESS_DATE;
