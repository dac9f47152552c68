/**
 * Writes the Temenos simulator's data set, `adapters/temenos/simulator/data/dataset.json`, from a
 * seeded source and fixed dates, so two runs give the same file (a unit test checks that the
 * committed file is what this writes).
 *
 * Run: `npx ts-node --transpile-only adapters/temenos/simulator/generate-dataset.ts`
 *
 * Content (ids in catalogue.ts, gen-customers.ts, gen-accounts.ts):
 * - 100100 Charlotte Wilson: everyday account 10000183 (overdraft, 250+ entries, 3 pending),
 *   savings 10000191, term deposit 10000205, personal loan 10000213; three standing orders
 *   (monthly, fortnightly, yearly), three direct debits, four beneficiaries;
 * - 100200 Liam Wilson: savings 10000248 (a monthly standing order with an end date), and the
 *   joint account 10000221 he holds with Charlotte (weekly standing order, a direct debit);
 * - 100300 Wattle Creek Bakery Pty Ltd (a company): business account 10000256 (daily standing
 *   order, a pending credit), business loan 10000264, two beneficiaries; its signatory is
 * - 100400 Priya Sharma: savings 10000272 opened during the recorded history;
 * - 100500 Jane Citizen (the Kraken simulator's customer too): everyday account 10000280.
 */
import fs from 'node:fs';
import path from 'node:path';
import { seededRandom } from '@data-holder-gateway/adapter-sdk';
import { TEMENOS_SIM_COMPANY_ID } from './catalogue';
import type { SimAccount, SimTransaction, TemenosDataset } from './dataset';
import { type Books, bookDirectDebits, bookStandingOrders, transfer } from './gen-activity';
import {
  type AccountShell,
  accountShells,
  ACCOUNTS,
  BUSINESS_DATE,
  HISTORY_START,
  janeShell,
} from './gen-accounts';
import { customers } from './gen-customers';
import { IdSource, Ledger } from './gen-ledger';
import { depositSchedule, instalmentCents, loanSchedule } from './gen-loans';
import { beneficiaries, directDebits, standingOrders } from './gen-orders';
import {
  bakeryActivity,
  everydayActivity,
  householdActivity,
  janeActivity,
  loanActivity,
  priyaActivity,
} from './gen-streams';
import { centsOf, money } from './sim-dates';

/** Path of the generated file. */
export const DATASET_PATH = path.join(__dirname, 'data', 'dataset.json');

const SEED = 2026_1120;

/** A loan's or deposit's schedule, and what a loan owed when the recorded history starts. */
function withSchedule(shell: AccountShell): void {
  const terms = shell.terms;
  if (!terms) return;
  if (shell.categoryId === '6601') {
    shell.schedule = depositSchedule(terms, BUSINESS_DATE);
    return;
  }
  terms.instalment = money(instalmentCents(terms));
  shell.schedule = loanSchedule(terms, BUSINESS_DATE);
  const before = shell.schedule.filter((l) => l.paymentDate < HISTORY_START).at(-1);
  shell.broughtForwardCents = -centsOf(before?.outstanding ?? terms.principal);
}

/** Every entry of every account, written into the books. */
function writeHistory(books: Books, byId: Map<string, AccountShell>, ids: IdSource) {
  const bens = beneficiaries(ids);
  const orders = standingOrders(bens);
  const debits = directDebits();
  bookStandingOrders(books, orders);
  bookDirectDebits(books, debits);
  everydayActivity(books, byId.get(ACCOUNTS.charlotteCurrent)!);
  householdActivity(books, byId);
  priyaActivity(books, byId.get(ACCOUNTS.priyaSavings)!);
  bakeryActivity(books, byId.get(ACCOUNTS.bakeryCurrent)!);
  loanActivity(books, byId.get(ACCOUNTS.charlotteLoan)!, ACCOUNTS.charlotteCurrent);
  loanActivity(books, byId.get(ACCOUNTS.bakeryLoan)!, ACCOUNTS.bakeryCurrent);
  const deposit = byId.get(ACCOUNTS.charlotteDeposit)!;
  transfer(books, ACCOUNTS.charlotteSavings, deposit.accountId, {
    date: deposit.openingDate,
    cents: centsOf(deposit.terms!.principal),
  });
  return {
    beneficiaries: bens,
    standingOrders: orders.map((o) => o.order),
    directDebits: debits.map((d) => d.debit),
  };
}

export function buildTemenosDataset(): TemenosDataset {
  const random = seededRandom(SEED);
  const ids = new IdSource(random);
  const shells = accountShells(ids);
  shells.forEach(withSchedule);
  const books: Books = {
    ledgers: new Map(
      shells.map((s) => [s.accountId, new Ledger(s.accountId, s.broughtForwardCents)]),
    ),
    titles: new Map(shells.map((s) => [s.accountId, s.title])),
    ids,
    random,
  };
  const byId = new Map(shells.map((s) => [s.accountId, s]));
  const orders = writeHistory(books, byId, ids);
  // Drawn after every other account's history: adding Jane changed none of their ids.
  const jane = janeShell(ids);
  books.ledgers.set(jane.accountId, new Ledger(jane.accountId, jane.broughtForwardCents));
  books.titles.set(jane.accountId, jane.title);
  janeActivity(books, jane);
  shells.push(jane);
  const transactions: SimTransaction[] = [];
  const accounts = shells.map(({ broughtForwardCents: _, ...shell }): SimAccount => {
    const booked = books.ledgers.get(shell.accountId)!.close(ids);
    transactions.push(...booked.transactions);
    return { ...shell, workingBalance: money(booked.working), lockedAmount: money(booked.locked) };
  });
  return {
    about:
      'Temenos Transact simulator data set (adapters/temenos/simulator): generated by generate-dataset.ts, do not edit by hand. Dates ISO, money exact decimal strings signed from the account side.',
    businessDate: BUSINESS_DATE,
    companyId: TEMENOS_SIM_COMPANY_ID,
    customers: customers(),
    accounts,
    transactions,
    ...orders,
  };
}

/** The data set as one line of JSON (what the committed file parses back to). */
export function datasetJson(): string {
  return JSON.stringify(buildTemenosDataset());
}

if (require.main === module) {
  // Formatted as Prettier formats JSON, so `prettier --check` passes on the committed file.
  void import('prettier')
    .then((prettier) => prettier.format(datasetJson(), { parser: 'json', printWidth: 100 }))
    .then((text) => {
      fs.mkdirSync(path.dirname(DATASET_PATH), { recursive: true });
      fs.writeFileSync(DATASET_PATH, text);
      console.log(`wrote ${path.relative(process.cwd(), DATASET_PATH)} (${text.length} bytes)`);
    });
}
