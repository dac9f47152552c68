/**
 * The bundled demo data set (`adapters/demo/data/sample.json`): its skeleton, every documented
 * record against `contracts/` after the demo adapter's transformations, and every line of
 * docs/demo-core.md's "The bundled sample has at least" list.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { createContractsAjv } from '../../../../contracts';

type Rec = Record<string, unknown>;

interface BankingAccount extends Rec {
  accountId: string;
  displayName: string;
  maskedNumber: string;
  accountNumber?: string;
  openStatus?: string;
  isOwned?: boolean;
  productCategory: string;
  complexAccountType: string;
  users: { id: string; email: string; isAccountHolder: boolean }[];
  specificAccountUType?: string;
  balance: { currentBalance: string; availableBalance: string };
  directDebits?: Rec[];
  scheduledPayments?: Rec[];
  instalmentPlans?: { planId: string; creationDate: string; schedule: { isPaid: boolean }[] }[];
  transactions?: Transaction[];
  fdx?: {
    status: string;
    transactions: Rec[];
    statements: (Rec & { statementId: string; statementDate: string; document: string })[];
    assetTransferNetworks?: Rec[];
    paymentNetworks?: (Rec & { type: string })[];
  };
}

interface Transaction extends Rec {
  transactionId: string;
  type: string;
  status: string;
  description: string;
  reference: string;
  amount: string;
  postingDateTime?: string;
  executionDateTime?: string;
  extendedData?: Rec & { nppPayload?: Rec };
}

interface EnergyAccount extends Rec {
  accountId: string;
  openStatus?: string;
  invoices: (Rec & { issueDate: string })[];
  concessions: Rec[];
  balance?: string;
}

interface Customer {
  customerId: string;
  sharingRefusal?: string;
  detail: Rec;
  payees: Rec[];
  bankingAccounts: BankingAccount[];
  energyAccounts: EnergyAccount[];
}

interface DemoData {
  customers: Customer[];
  products: Rec[];
}

const DEMO = path.join(__dirname, '..', '..');
const SAMPLE_FILE = path.join(DEMO, 'data', 'sample.json');
const SKELETON_FILE = path.join(DEMO, 'demo-data.schema.json');

const sampleText = fs.readFileSync(SAMPLE_FILE, 'utf8');
const sample = JSON.parse(sampleText) as DemoData;
const customers = sample.customers;
const allBanking = customers.flatMap((c) => c.bankingAccounts);
const allEnergy = customers.flatMap((c) => c.energyAccounts);
const fdxAccounts = allBanking.filter((a) => a.fdx !== undefined);

const BANKING_EXTRAS = [
  'sharingRefusal',
  'subtitle',
  'balance',
  'directDebits',
  'scheduledPayments',
  'instalmentPlans',
  'transactions',
  'fdx',
];
const ENERGY_EXTRAS = [
  'sharingRefusal',
  'subtitle',
  'complexAccountType',
  'users',
  'invoices',
  'concessions',
  'balance',
];
const CATEGORIES = [
  'BUSINESS_LOANS',
  'CRED_AND_CHRG_CARDS',
  'LEASES',
  'MARGIN_LOANS',
  'OVERDRAFTS',
  'PERS_LOANS',
  'REGULATED_TRUST_ACCOUNTS',
  'RESIDENTIAL_MORTGAGES',
  'TERM_DEPOSITS',
  'TRADE_FINANCE',
  'TRANS_AND_SAVINGS_ACCOUNTS',
  'TRAVEL_CARDS',
];

function omit(record: Rec, keys: string[]): Rec {
  return Object.fromEntries(Object.entries(record).filter(([k]) => !keys.includes(k)));
}

function customer(id: string): Customer {
  const found = customers.find((c) => c.customerId === id);
  if (!found) throw new Error(`no customer ${id}`);
  return found;
}

/** Months between two YYYY-MM-DD dates (calendar months, ignoring days). */
function monthsBetween(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number);
  const [ty, tm] = to.split('-').map(Number);
  return (ty - fy) * 12 + (tm - fm);
}

function isPaidOff(plan: { schedule: { isPaid: boolean }[] }): boolean {
  return plan.schedule.every((s) => s.isPaid);
}

/** The account of that id, anywhere in the file. */
function banking(id: string): BankingAccount {
  const found = allBanking.find((a) => a.accountId === id);
  if (!found) throw new Error(`no account ${id}`);
  return found;
}

/** Effective time: postingDateTime, else executionDateTime. */
const effective = (t: Transaction) => String(t.postingDateTime ?? t.executionDateTime);

/** Collects every validation failure as `<where>: <errors>` so one run names them all. */
function failures(validate: ValidateFunction, items: [string, unknown][]): string[] {
  const out: string[] = [];
  for (const [where, item] of items) {
    if (!validate(item)) out.push(`${where}: ${JSON.stringify(validate.errors)}`);
  }
  return out;
}

describe('the demo sample data file', () => {
  it('when validated against demo-data.schema.json, then it has no errors', () => {
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    addFormats(ajv);
    const validate = ajv.compile(JSON.parse(fs.readFileSync(SKELETON_FILE, 'utf8')) as object);
    expect(validate(sample)).toBe(true);
    expect(validate.errors ?? []).toEqual([]);
  });

  it('when the skeleton schema sees an unknown key or a bad extra, then it rejects the file', () => {
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    addFormats(ajv);
    const validate = ajv.compile(JSON.parse(fs.readFileSync(SKELETON_FILE, 'utf8')) as object);
    const copy = () => JSON.parse(sampleText) as DemoData & Rec;

    const extraTop = copy();
    extraTop.surprise = true;
    expect(validate(extraTop)).toBe(false);

    const badStatus = copy();
    (badStatus.customers[0].bankingAccounts[0].fdx as Rec).status = 'FROZEN';
    expect(validate(badStatus)).toBe(false);

    const badBalance = copy();
    (badBalance.customers[0].bankingAccounts[0].balance as Rec).currentBalance = 12;
    expect(validate(badBalance)).toBe(false);

    const noAccountId = copy();
    delete (noAccountId.customers[0].energyAccounts[0] as Rec).accountId;
    expect(validate(noAccountId)).toBe(false);
  });

  it('when a transaction states what the port derives or an empty extendedData, then the skeleton rejects the file', () => {
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    addFormats(ajv);
    const validate = ajv.compile(JSON.parse(fs.readFileSync(SKELETON_FILE, 'utf8')) as object);
    const withFirstTransaction = (change: (t: Rec) => void) => {
      const copy = JSON.parse(sampleText) as DemoData;
      change(copy.customers[0].bankingAccounts[0].transactions![0]);
      return copy;
    };
    expect(validate(withFirstTransaction(() => undefined))).toBe(true);
    expect(validate(withFirstTransaction((t) => (t.isDetailAvailable = true)))).toBe(false);
    expect(validate(withFirstTransaction((t) => (t.accountId = 'acc-b-1001-01')))).toBe(false);
    expect(validate(withFirstTransaction((t) => (t.extendedData = {})))).toBe(false);
    const badBalance = JSON.parse(sampleText) as DemoData;
    (badBalance.customers[0].energyAccounts[0] as Rec).balance = -132.45;
    expect(validate(badBalance)).toBe(false);
  });

  it('when the generator runs again, then it reproduces the committed file byte for byte', async () => {
    let built: unknown;
    // A fresh module instance: the generator's seeded PRNG and counters start from scratch.
    await jest.isolateModulesAsync(async () => {
      const generator = await import('../../../../scripts/generate-demo-data');
      built = generator.buildDemoData();
    });
    expect(`${JSON.stringify(built, null, 2)}\n`).toBe(sampleText);
  });

  it('when measured, then the file stays under 1.5 MB', () => {
    expect(Buffer.byteLength(sampleText)).toBeLessThan(1_500_000);
  });
});

describe('the documented records of the demo sample', () => {
  const ajv = createContractsAjv();
  const schema = (file: string): ValidateFunction => {
    const validate = ajv.getSchema(`https://dhg.example/contracts/${file}`);
    if (!validate) throw new Error(`contract ${file} not loaded`);
    return validate;
  };

  it('when a banking account loses its extras, then it validates as a v4 list item', () => {
    const items = allBanking.map((a): [string, unknown] => [a.accountId, omit(a, BANKING_EXTRAS)]);
    expect(failures(schema('banking-account-list-item-v4.json'), items)).toEqual([]);
  });

  it('when a balance gets its accountId, then it validates as a balance', () => {
    const items = allBanking.map((a): [string, unknown] => [
      a.accountId,
      { accountId: a.accountId, ...a.balance },
    ]);
    expect(failures(schema('balance.json'), items)).toEqual([]);
  });

  it('when direct debits and instalment plans get their accountId, then they validate', () => {
    const debits = allBanking.flatMap((a) =>
      (a.directDebits ?? []).map((d, i): [string, unknown] => [
        `${a.accountId}[${i}]`,
        { accountId: a.accountId, ...d },
      ]),
    );
    const plans = allBanking.flatMap((a) =>
      (a.instalmentPlans ?? []).map((p): [string, unknown] => [
        p.planId,
        { accountId: a.accountId, ...p },
      ]),
    );
    expect(debits.length).toBeGreaterThan(0);
    expect(plans.length).toBeGreaterThan(0);
    expect(failures(schema('direct-debit.json'), debits)).toEqual([]);
    expect(failures(schema('instalment-plan.json'), plans)).toEqual([]);
  });

  it('when scheduled payments, payees and customer details are taken as is, then they validate', () => {
    const payments = allBanking.flatMap((a) =>
      (a.scheduledPayments ?? []).map((p): [string, unknown] => [String(p.scheduledPaymentId), p]),
    );
    const payees = customers.flatMap((c) =>
      c.payees.map((p): [string, unknown] => [String(p.payeeId), p]),
    );
    const details = customers.map((c): [string, unknown] => [c.customerId, c.detail]);
    expect(failures(schema('scheduled-payment.json'), payments)).toEqual([]);
    expect(failures(schema('payee.json'), payees)).toEqual([]);
    expect(failures(schema('customer-detail.json'), details)).toEqual([]);
  });

  it('when an energy account loses its extras, then it and its invoices and concessions validate', () => {
    const accounts = allEnergy.map((a): [string, unknown] => [a.accountId, omit(a, ENERGY_EXTRAS)]);
    const invoices = allEnergy.flatMap((a) =>
      a.invoices.map((inv): [string, unknown] => [
        String(inv.invoiceNumber),
        { accountId: a.accountId, ...inv },
      ]),
    );
    const concessions = allEnergy.flatMap((a) =>
      a.concessions.map((c, i): [string, unknown] => [`${a.accountId}[${i}]`, c]),
    );
    expect(failures(schema('energy-account.json'), accounts)).toEqual([]);
    expect(failures(schema('energy-invoice.json'), invoices)).toEqual([]);
    expect(failures(schema('energy-concession.json'), concessions)).toEqual([]);
  });

  it('when FDX records get the gateway-built fields, then transactions, statements and networks validate', () => {
    const link = { href: 'http://x/y', rel: 'download', action: 'GET', types: ['application/pdf'] };
    const transactions = fdxAccounts.flatMap((a) =>
      a.fdx!.transactions.map((t): [string, unknown] => [String(t.transactionId), t]),
    );
    const statements = fdxAccounts.flatMap((a) =>
      a.fdx!.statements.map((s): [string, unknown] => [
        s.statementId,
        { ...omit(s, ['document']), accountId: a.accountId, links: [link] },
      ]),
    );
    const networks = fdxAccounts.flatMap((a) =>
      (a.fdx!.assetTransferNetworks ?? []).map((n, i): [string, unknown] => [
        `${a.accountId}[${i}]`,
        n,
      ]),
    );
    expect(failures(schema('fdx-transaction.json'), transactions)).toEqual([]);
    expect(failures(schema('fdx-statement.json'), statements)).toEqual([]);
    expect(failures(schema('fdx-asset-transfer-network.json'), networks)).toEqual([]);
  });

  it('when transactions get their accountId, then they validate as list items and, with extendedData, as details', () => {
    const listed = allBanking.flatMap((a) =>
      (a.transactions ?? []).map((t): [string, unknown] => {
        const { extendedData, ...fields } = t;
        const isDetailAvailable = extendedData !== undefined;
        return [t.transactionId, { accountId: a.accountId, isDetailAvailable, ...fields }];
      }),
    );
    const details = allBanking.flatMap((a) =>
      (a.transactions ?? []).map((t): [string, unknown] => [
        t.transactionId,
        {
          accountId: a.accountId,
          isDetailAvailable: t.extendedData !== undefined,
          ...t,
          extendedData: t.extendedData ?? {},
        },
      ]),
    );
    expect(listed.length).toBeGreaterThan(150);
    expect(failures(schema('banking-transaction.json'), listed)).toEqual([]);
    expect(failures(schema('banking-transaction-detail.json'), details)).toEqual([]);
  });

  it('when energy balances and payment networks are taken as the port serves them, then they validate', () => {
    const balances = allEnergy.flatMap((a): [string, unknown][] =>
      a.balance === undefined ? [] : [[a.accountId, { balance: a.balance }]],
    );
    const networks = fdxAccounts.flatMap((a) =>
      (a.fdx!.paymentNetworks ?? []).map((n, i): [string, unknown] => [`${a.accountId}[${i}]`, n]),
    );
    expect(balances.length).toBeGreaterThan(0);
    expect(networks.length).toBeGreaterThan(0);
    expect(failures(schema('energy-balance.json'), balances)).toEqual([]);
    expect(failures(schema('fdx-payment-network.json'), networks)).toEqual([]);
  });

  it('when products are taken as is, then they validate as product summaries', () => {
    const items = sample.products.map((p): [string, unknown] => [String(p.product_id), p]);
    expect(failures(schema('product-summary.json'), items)).toEqual([]);
  });
});

describe('what docs/demo-core.md says the bundled sample has at least', () => {
  it('when refusals to share are looked for, then c-2001 holds a blocked and a suspended account and c-2002 is flagged for harm', () => {
    const refusals = [...allBanking, ...allEnergy].flatMap((a) =>
      a.sharingRefusal === undefined ? [] : [[a.accountId, a.sharingRefusal]],
    );
    expect(refusals).toEqual([
      ['acc-b-2001-02', 'blocked'],
      ['acc-b-2001-03', 'suspended'],
      ['acc-e-2001-02', 'blocked'],
    ]);
    expect(customer('c-2001').bankingAccounts.map((a) => a.accountId)).toContain('acc-b-2001-02');
    const flagged = customers.filter((c) => c.sharingRefusal !== undefined);
    expect(flagged.map((c) => [c.customerId, c.sharingRefusal])).toEqual([['c-2002', 'harm']]);
    expect(customer('c-2002').bankingAccounts.length).toBeGreaterThan(0);
  });

  it('when customers are counted, then there are two with a joint account naming the other', () => {
    expect(customers.length).toBeGreaterThanOrEqual(2);
    const ids = new Set(customers.map((c) => c.customerId));
    const jointWithOther = customers.flatMap((c) =>
      [...c.bankingAccounts, ...c.energyAccounts]
        .filter((a) => a.complexAccountType === 'JOINT')
        .filter((a) =>
          (a.users as { id: string }[]).some((u) => u.id !== c.customerId && ids.has(u.id)),
        )
        .map((a) => a.accountId),
    );
    expect(jointWithOther).toContain('acc-b-1001-05');
    const joint = customer('c-1001').bankingAccounts.find((a) => a.accountId === 'acc-b-1001-05')!;
    expect(joint.users.map((u) => [u.id, u.isAccountHolder])).toEqual([
      ['c-1001', true],
      ['c-1002', true],
    ]);
  });

  it('when banking product categories are collected, then all twelve appear', () => {
    expect(new Set(allBanking.map((a) => a.productCategory))).toEqual(new Set(CATEGORIES));
    expect(new Set(customer('c-1001').bankingAccounts.map((a) => a.productCategory)).size).toBe(12);
  });

  it('when open statuses are collected, then OPEN and CLOSED accounts both exist', () => {
    const banking = new Set(allBanking.map((a) => a.openStatus ?? 'OPEN'));
    const energy = new Set(allEnergy.map((a) => a.openStatus ?? 'OPEN'));
    expect(banking).toEqual(new Set(['OPEN', 'CLOSED']));
    expect(energy).toEqual(new Set(['OPEN', 'CLOSED']));
  });

  it('when ownership is checked, then an unowned account exists', () => {
    expect(allBanking.filter((a) => a.isOwned === false).length).toBeGreaterThanOrEqual(1);
    expect(allBanking.filter((a) => a.isOwned !== false).length).toBeGreaterThanOrEqual(1);
  });

  it('when instalment plans are checked, then accounts with and without them and plans paid off and not exist', () => {
    const withPlans = allBanking.filter((a) => a.instalmentPlans !== undefined);
    const without = allBanking.filter((a) => !('instalmentPlans' in a));
    expect(withPlans.length).toBeGreaterThan(0);
    expect(without.length).toBeGreaterThan(0);
    const plans = withPlans.flatMap((a) => a.instalmentPlans!);
    expect(plans.some(isPaidOff)).toBe(true);
    expect(plans.some((p) => !isPaidOff(p))).toBe(true);
    // Within one account too, so the plan-status filter has something to split.
    expect(
      withPlans.some(
        (a) => a.instalmentPlans!.some(isPaidOff) && a.instalmentPlans!.some((p) => !isPaidOff(p)),
      ),
    ).toBe(true);
  });

  it('when each list is counted, then there are more than 25 records to page through', () => {
    const jane = customer('c-1001');
    const count = (key: 'directDebits' | 'scheduledPayments' | 'instalmentPlans') =>
      jane.bankingAccounts.reduce((n, a) => n + (a[key]?.length ?? 0), 0);
    expect(jane.bankingAccounts.length).toBeGreaterThan(25);
    expect(jane.bankingAccounts.length + jane.energyAccounts.length).toBeGreaterThan(25);
    expect(jane.payees.length).toBeGreaterThan(25);
    expect(count('directDebits')).toBeGreaterThan(25);
    expect(count('scheduledPayments')).toBeGreaterThan(25);
    expect(count('instalmentPlans')).toBeGreaterThan(25);
    expect(Math.max(...allEnergy.map((a) => a.invoices.length))).toBeGreaterThan(25);
    expect(sample.products.length).toBeGreaterThan(25);
  });

  it('when energy invoices are dated, then one account spreads them over more than 24 months', () => {
    const account = customer('c-1001').energyAccounts.find((a) => a.accountId === 'acc-e-1001-01')!;
    const dates = account.invoices.map((i) => i.issueDate);
    const sorted = [...dates].sort();
    expect(dates.length).toBeGreaterThanOrEqual(40);
    expect(monthsBetween(sorted[0], sorted[sorted.length - 1])).toBeGreaterThan(24);
    expect(sorted[0]).toBe('2023-01-15');
    expect(sorted[sorted.length - 1]).toBe('2026-11-15');
    expect(new Set(dates).size).toBe(dates.length);
    expect(dates).not.toEqual(sorted);
    expect(dates).not.toEqual([...sorted].reverse());
  });

  it('when FDX accounts are grouped by status, then each status has more than 100 transactions', () => {
    for (const status of ['OPEN', 'CLOSED', 'RESTRICTED']) {
      const best = Math.max(
        0,
        ...fdxAccounts
          .filter((a) => a.fdx!.status === status)
          .map((a) => a.fdx!.transactions.length),
      );
      expect({ status, enough: best > 100 }).toEqual({ status, enough: true });
    }
  });

  it('when asset transfer networks are looked for, then the home loan and the term deposit have none by type', () => {
    const noNetworks = fdxAccounts.filter((a) => !('assetTransferNetworks' in a.fdx!));
    expect(noNetworks.map((a) => a.accountId)).toEqual(['acc-b-1001-03', 'acc-b-1001-04']);
    expect(allBanking.some((a) => a.fdx === undefined)).toBe(true);
  });
});

describe('what docs/demo-core.md says the sample holds for transactions, balances and FDX accounts', () => {
  const main = banking('acc-b-1001-01').transactions ?? [];
  const TYPES = [
    'DIRECT_DEBIT',
    'FEE',
    'INTEREST_CHARGED',
    'INTEREST_PAID',
    'OTHER',
    'PAYMENT',
    'TRANSFER_INCOMING',
    'TRANSFER_OUTGOING',
  ];

  it('when acc-b-1001-01 is read, then it holds at least 150 transactions over about 18 months ending 2026-11-20', () => {
    expect(main.length).toBeGreaterThanOrEqual(150);
    const times = main.map(effective).sort();
    expect([times[0], times[times.length - 1]]).toEqual([
      '2025-05-21T00:00:00Z',
      '2026-11-20T23:59:59Z',
    ]);
    expect(monthsBetween(times[0].slice(0, 10), times[times.length - 1].slice(0, 10))).toBe(18);
    // A 12-month window before the last one leaves some out and keeps most.
    const inTwelveMonths = times.filter((t) => t >= '2025-11-20T23:59:59Z').length;
    expect(inTwelveMonths).toBeGreaterThan(main.length / 2);
    expect(inTwelveMonths).toBeLessThan(main.length - 20);
    // Written out of order: the port sorts.
    expect(main.map(effective)).not.toEqual(times);
    expect(main.map(effective)).not.toEqual([...times].reverse());
  });

  it('when statuses are read, then PENDING ones have an execution time only and POSTED ones a posting time', () => {
    const pending = main.filter((t) => t.status === 'PENDING');
    const posted = main.filter((t) => t.status === 'POSTED');
    expect(pending.length).toBeGreaterThanOrEqual(3);
    expect(posted.length).toBeGreaterThanOrEqual(140);
    expect(pending.every((t) => t.postingDateTime === undefined && !!t.executionDateTime)).toBe(
      true,
    );
    expect(posted.every((t) => typeof t.postingDateTime === 'string')).toBe(true);
    // A posted transaction whose execution time is older than its posting time: the filter reads posting.
    expect(
      posted.some(
        (t) => t.executionDateTime !== undefined && t.executionDateTime < t.postingDateTime!,
      ),
    ).toBe(true);
  });

  it('when types and amounts are read, then every type appears and amounts of both signs span a range', () => {
    expect(new Set(main.map((t) => t.type))).toEqual(new Set(TYPES));
    const amounts = main.map((t) => Number(t.amount));
    expect(Math.min(...amounts)).toBeLessThan(-1000);
    expect(Math.max(...amounts)).toBeGreaterThan(1000);
    expect(amounts.filter((a) => a < 0).length).toBeGreaterThan(50);
    expect(amounts.filter((a) => a > 0).length).toBeGreaterThan(50);
    // The amount edges the filter examples use are held exactly.
    expect(main.map((t) => t.amount)).toEqual(expect.arrayContaining(['-100.00', '100.00']));
  });

  it('when merchants and BPAY payments are read, then some transactions name them', () => {
    const merchants = main.filter((t) => t.merchantName !== undefined);
    expect(merchants.length).toBeGreaterThan(10);
    expect(merchants.every((t) => /^[0-9]{4}$/.test(String(t.merchantCategoryCode)))).toBe(true);
    const bpay = main.filter((t) => t.billerCode !== undefined);
    expect(bpay.length).toBeGreaterThan(3);
    expect(bpay.every((t) => !!t.billerName && !!t.crn)).toBe(true);
  });

  it('when "holiday" is searched for by hand, then it is found in descriptions and references, in mixed case', () => {
    const inDescription = main.filter((t) => /holiday/i.test(t.description));
    const inReference = main.filter((t) => /holiday/i.test(t.reference));
    expect(inDescription.length).toBeGreaterThanOrEqual(1);
    expect(inReference.length).toBeGreaterThanOrEqual(2);
    const spellings = [...inDescription, ...inReference].map(
      (t) => /holiday/i.exec(`${t.description} ${t.reference}`)![0],
    );
    expect(new Set(spellings).size).toBeGreaterThanOrEqual(3);
  });

  it('when effective times are compared, then some transactions share one (ties ordered by id)', () => {
    const byTime = new Map<string, number>();
    for (const t of main) byTime.set(effective(t), (byTime.get(effective(t)) ?? 0) + 1);
    expect([...byTime.values()].filter((n) => n > 1).length).toBeGreaterThanOrEqual(2);
    // One tie joins a PENDING transaction's execution time and a POSTED one's posting time.
    const pendingTimes = new Set(
      main.filter((t) => t.status === 'PENDING').map((t) => t.executionDateTime),
    );
    expect(main.some((t) => t.postingDateTime && pendingTimes.has(t.postingDateTime))).toBe(true);
  });

  it('when extended data is read, then several NPP X2P1 payloads name a payer or payee and most have none', () => {
    const extended = main.filter((t) => t.extendedData !== undefined);
    expect(extended.length).toBeGreaterThanOrEqual(5);
    expect(main.length - extended.length).toBeGreaterThan(100);
    for (const t of extended) {
      const data = t.extendedData!;
      expect(data.extensionUType).toBe('nppPayload');
      expect([data.nppPayload!.service, data.nppPayload!.serviceVersion]).toEqual(['X2P1', '03']);
      expect(typeof (data.payer ?? data.payee)).toBe('string');
    }
    expect(extended.some((t) => t.extendedData!.payer !== undefined)).toBe(true);
    expect(extended.some((t) => t.extendedData!.payee !== undefined)).toBe(true);
  });

  it('when other accounts are read, then a card, a loan, the joint account, c-1002, c-2001 and refused accounts hold a few', () => {
    for (const id of [
      'acc-b-1001-02',
      'acc-b-1001-03',
      'acc-b-1001-05',
      'acc-b-1002-01',
      'acc-b-2001-01',
      'acc-b-2001-02',
      'acc-b-2001-03',
    ]) {
      expect({ id, some: (banking(id).transactions?.length ?? 0) >= 2 }).toEqual({
        id,
        some: true,
      });
    }
    expect(banking('acc-b-1001-02').transactions!.some((t) => t.status === 'PENDING')).toBe(true);
    expect(banking('acc-b-1001-04').transactions).toBeUndefined();
    for (const a of allBanking) {
      const ids = (a.transactions ?? []).map((t) => t.transactionId);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('when energy balances are read, then they are owed, zero and in credit, and one account has none', () => {
    const balances = new Map(allEnergy.map((a) => [a.accountId, a.balance]));
    expect(balances.get('acc-e-1001-01')).toBe('-132.45');
    expect(balances.get('acc-e-1001-02')).toBe('0.00');
    expect(Number(balances.get('acc-e-1001-03'))).toBeGreaterThan(0);
    expect(balances.get('acc-e-1001-04')).toBeUndefined();
    expect(balances.get('acc-e-2001-02')).toBeDefined();
    const negative = allEnergy.filter((a) => a.balance?.startsWith('-'));
    expect(negative.map((a) => a.accountId)).toEqual(['acc-e-1001-01']);
  });

  it('when payment networks are read, then acc-b-1001-01 has more than a page of North American ones and most accounts none', () => {
    const networks = banking('acc-b-1001-01').fdx!.paymentNetworks!;
    expect(networks.length).toBeGreaterThanOrEqual(5);
    expect(networks.every((n) => /^(US|CA)_/.test(n.type))).toBe(true);
    expect(new Set(networks.map((n) => n.type)).size).toBe(networks.length);
    const holding = fdxAccounts.filter((a) => a.fdx!.paymentNetworks !== undefined);
    expect(holding.map((a) => a.accountId)).toEqual([
      'acc-b-1001-01',
      'acc-b-1001-07',
      'acc-b-1001-08',
    ]);
  });

  it('when the numbers and ids docs/demo-core.md names are looked up, then they are as stated', () => {
    const byId = new Map(main.map((t) => [t.transactionId, t]));
    const amounts = main.map((t) => Number(t.amount));
    expect({
      count: main.length,
      pending: main.filter((t) => t.status === 'PENDING').length,
      npp: main.filter((t) => t.extendedData !== undefined).length,
      lowest: Math.min(...amounts),
      highest: Math.max(...amounts),
      h09: byId.get('btx-100101-h09')?.amount,
      h10: byId.get('btx-100101-h10')?.amount,
      tie1: [effective(byId.get('btx-100101-h05')!), effective(byId.get('btx-100101-h06')!)],
      tie2: [byId.get('btx-100101-h07')!.status, byId.get('btx-100101-h08')!.status],
      h03: effective(byId.get('btx-100101-h03')!).slice(0, 7),
      cardPending: banking('acc-b-1001-02').transactions!.filter((t) => t.status === 'PENDING')
        .length,
    }).toEqual({
      count: 209,
      pending: 5,
      npp: 16,
      lowest: -1840,
      highest: 3412.55,
      h09: '100.00',
      h10: '-100.00',
      tie1: ['2026-10-15T09:30:00Z', '2026-10-15T09:30:00Z'],
      tie2: ['PENDING', 'POSTED'],
      h03: '2025-09',
      cardPending: 2,
    });
    const h11 = byId.get('btx-100101-h11')!;
    expect(h11.executionDateTime! < h11.postingDateTime!).toBe(true);
    expect(effective(byId.get('btx-100101-h07')!)).toBe(effective(byId.get('btx-100101-h08')!));
    expect(banking('acc-b-1001-01').fdx!.paymentNetworks!.map((n) => n.type)).toEqual([
      'US_ACH',
      'US_FEDWIRE',
      'US_RTP',
      'US_FEDNOW',
      'CA_ACSS',
    ]);
    expect(banking('acc-b-3001-01').transactions!.length).toBeGreaterThan(0);
  });

  it('when FDX account details are built, then every FDX account has a balance and the joint account has FDX data', () => {
    expect(fdxAccounts.every((a) => a.balance !== undefined)).toBe(true);
    const joint = banking('acc-b-1001-05');
    expect([joint.complexAccountType, joint.fdx?.status]).toEqual(['JOINT', 'OPEN']);
  });
});

describe('the details the tests of the gateway rely on', () => {
  it('when ids are compared, then account ids are unique, prefixed by kind and held once', () => {
    const ids = [...allBanking.map((a) => a.accountId), ...allEnergy.map((a) => a.accountId)];
    expect(new Set(ids).size).toBe(ids.length);
    expect(allBanking.every((a) => a.accountId.startsWith('acc-b-'))).toBe(true);
    expect(allEnergy.every((a) => a.accountId.startsWith('acc-e-'))).toBe(true);
    const customerIds = customers.map((c) => c.customerId);
    expect(new Set(customerIds).size).toBe(customerIds.length);
    expect(customerIds).toEqual(expect.arrayContaining(['c-1001', 'c-1002', 'c-1003']));
  });

  it('when c-1003 is looked at, then it holds nothing', () => {
    const empty = customer('c-1003');
    expect([empty.payees, empty.bankingAccounts, empty.energyAccounts]).toEqual([[], [], []]);
  });

  it('when c-1001 accounts are listed, then at least 27 banking and 3 energy accounts of both statuses exist', () => {
    const jane = customer('c-1001');
    expect(jane.bankingAccounts.length).toBeGreaterThanOrEqual(27);
    expect(jane.energyAccounts.length).toBeGreaterThanOrEqual(3);
    expect(new Set(jane.energyAccounts.map((a) => a.openStatus))).toEqual(
      new Set(['OPEN', 'CLOSED']),
    );
    // Filters select non-trivial subsets: neither sorted by category nor grouped by status.
    const categories = jane.bankingAccounts.map((a) => a.productCategory);
    expect(categories).not.toEqual([...categories].sort());
    const statuses = jane.bankingAccounts.map((a) => a.openStatus).join(',');
    expect(statuses).toMatch(/OPEN.*CLOSED.*OPEN.*CLOSED/);
  });

  it('when display names and masked numbers are read, then no unmasked number shows', () => {
    for (const a of allBanking) {
      expect(a.maskedNumber).toMatch(/^[x ]+[0-9]{4}$/);
      if (a.accountNumber) expect(a.displayName).not.toContain(a.accountNumber);
      expect(a.displayName).not.toMatch(/[0-9]{6,}/);
    }
    const cards = allBanking.filter((a) => a.specificAccountUType === 'creditCard');
    expect(cards.every((a) => /^xxxx xxxx xxxx [0-9]{4}$/.test(a.maskedNumber))).toBe(true);
    expect(cards.every((a) => a.accountNumber === undefined)).toBe(true);
  });

  it('when specific account types are collected, then termDeposit, creditCard and loan exist with their objects', () => {
    const byType = (t: string) => allBanking.filter((a) => a.specificAccountUType === t);
    expect(byType('termDeposit').every((a) => Array.isArray(a.termDeposit))).toBe(true);
    expect(byType('termDeposit').length).toBeGreaterThan(0);
    expect(byType('creditCard').every((a) => typeof a.creditCard === 'object')).toBe(true);
    expect(byType('creditCard').length).toBeGreaterThan(0);
    expect(byType('loan').every((a) => typeof a.loan === 'object')).toBe(true);
    expect(byType('loan').length).toBeGreaterThan(0);
  });

  it('when v4 structures are looked for, then tiers, conditions, BALANCE_TRANSFER, isActivated and fee methods appear', () => {
    const text = JSON.stringify(allBanking.map((a) => omit(a, BANKING_EXTRAS)));
    const rates = allBanking.flatMap((a) => (a.depositRates as Rec[] | undefined) ?? []);
    const tiers = rates.flatMap((r) => (r.tiers as Rec[] | undefined) ?? []);
    expect(tiers.length).toBeGreaterThan(0);
    expect(tiers.every((t) => typeof t.minimumValue === 'string')).toBe(true);
    expect(tiers.some((t) => typeof t.maximumValue === 'string')).toBe(true);
    expect(rates.some((r) => Array.isArray(r.applicabilityConditions))).toBe(true);
    expect(tiers.some((t) => Array.isArray(t.applicabilityConditions))).toBe(true);
    const lending = allBanking.flatMap((a) => (a.lendingRates as Rec[] | undefined) ?? []);
    expect(lending.some((r) => r.lendingRateType === 'BALANCE_TRANSFER')).toBe(true);
    const features = allBanking.flatMap((a) => (a.features as Rec[] | undefined) ?? []);
    expect(features.some((f) => f.featureType === 'FUNDS_AVAILABLE_AFTER')).toBe(true);
    expect(new Set(features.map((f) => f.isActivated))).toEqual(
      new Set(['ACTIVATED', 'NOT_ACTIVATED', 'UNKNOWN']),
    );
    const fees = allBanking.flatMap((a) => (a.fees as Rec[] | undefined) ?? []);
    expect(new Set(fees.map((f) => f.feeMethodUType))).toEqual(
      new Set(['fixedAmount', 'rateBased', 'variable']),
    );
    expect(text).not.toMatch(/"isActivated":(true|false)/);
  });

  it('when payees are grouped by type, then every type appears with its matching union', () => {
    const jane = customer('c-1001');
    const union: Record<string, string> = {
      BILLER: 'biller',
      DIGITAL_WALLET: 'digitalWallet',
      DOMESTIC: 'domestic',
      INTERNATIONAL: 'international',
    };
    for (const [type, uType] of Object.entries(union)) {
      const ofType = jane.payees.filter((p) => p.type === type);
      expect({ type, some: ofType.length > 0 }).toEqual({ type, some: true });
      expect(ofType.every((p) => p.payeeUType === uType && typeof p[uType] === 'object')).toBe(
        true,
      );
    }
    const ids = customers.flatMap((c) => c.payees.map((p) => p.payeeId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('when instalment plans of c-1001 are read, then creationDate values are distinct and not in order', () => {
    const dates = customer('c-1001').bankingAccounts.flatMap((a) =>
      (a.instalmentPlans ?? []).map((p) => p.creationDate),
    );
    expect(dates.length).toBeGreaterThanOrEqual(30);
    expect(new Set(dates).size).toBe(dates.length);
    expect(dates).not.toEqual([...dates].sort());
    expect(dates).not.toEqual([...dates].sort().reverse());
    expect(customer('c-1001').bankingAccounts.some((a) => a.instalmentPlans?.length === 0)).toBe(
      true,
    );
  });

  it('when FDX transactions are read, then posted times are distinct UTC stamps of 2026-01-01..2026-11-20', () => {
    for (const a of fdxAccounts) {
      const posted = a.fdx!.transactions.map((t) => String(t.postedTimestamp));
      expect(new Set(posted).size).toBe(posted.length);
      for (const p of posted) {
        expect(p).toMatch(/^2026-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
        expect(p >= '2026-01-01T00:00:00Z' && p <= '2026-11-20T23:59:59Z').toBe(true);
      }
      for (const t of a.fdx!.transactions) {
        expect('checkNumber' in t).toBe(t.transactionType === 'CHECK');
        expect(typeof t.amount).toBe('number');
      }
      expect(posted).not.toEqual([...posted].sort());
    }
    const open = fdxAccounts.find(
      (a) => a.fdx!.status === 'OPEN' && a.fdx!.transactions.length > 100,
    )!;
    const posted = open.fdx!.transactions.map((t) => String(t.postedTimestamp)).sort();
    expect([posted[0], posted[posted.length - 1]]).toEqual([
      '2026-01-01T00:00:00Z',
      '2026-11-20T23:59:59Z',
    ]);
    const all = fdxAccounts.flatMap((a) => a.fdx!.transactions);
    const types = new Set(all.map((t) => t.transactionType));
    for (const t of ['CHECK', 'ADJUSTMENT', 'ATMDEPOSIT']) expect(types.has(t)).toBe(true);
    expect(new Set(all.map((t) => t.status))).toEqual(new Set(['PENDING', 'POSTED']));
    expect(new Set(all.map((t) => t.debitCreditMemo))).toEqual(new Set(['DEBIT', 'CREDIT']));
    const txIds = all.map((t) => t.transactionId);
    expect(new Set(txIds).size).toBe(txIds.length);
  });

  it('when statements are read, then each FDX account has at least 3 with distinct dates and a valid PDF naming the statement', () => {
    const statementIds: string[] = [];
    for (const a of fdxAccounts) {
      const statements = a.fdx!.statements;
      expect(statements.length).toBeGreaterThanOrEqual(3);
      expect(new Set(statements.map((s) => s.statementDate)).size).toBe(statements.length);
      for (const s of statements) {
        statementIds.push(s.statementId);
        const pdf = Buffer.from(s.document, 'base64');
        expect(pdf.toString('base64')).toBe(s.document);
        const text = pdf.toString('latin1');
        expect(text.startsWith('%PDF-1.')).toBe(true);
        expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
        expect(text).toContain(s.statementId);
        // The cross-reference table points at each object and startxref at the table.
        const startxref = Number(/startxref\s+(\d+)\s+%%EOF/.exec(text)![1]);
        expect(text.slice(startxref, startxref + 4)).toBe('xref');
        const entries = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)];
        expect(entries.length).toBeGreaterThan(0);
        entries.forEach((m, i) => {
          expect(text.slice(Number(m[1])).startsWith(`${i + 1} 0 obj`)).toBe(true);
        });
      }
    }
    expect(new Set(statementIds).size).toBe(statementIds.length);
  });

  it('when asset transfer networks are read, then the OPEN account has at least three', () => {
    const open = fdxAccounts.filter(
      (a) => a.fdx!.status === 'OPEN' && a.fdx!.assetTransferNetworks,
    );
    expect(
      Math.max(...open.map((a) => a.fdx!.assetTransferNetworks!.length)),
    ).toBeGreaterThanOrEqual(3);
  });

  it('when products are read, then at least 40 cover every category with distinct ids and NeedsReview among the statuses', () => {
    expect(sample.products.length).toBeGreaterThanOrEqual(40);
    expect(new Set(sample.products.map((p) => p.product_category))).toEqual(new Set(CATEGORIES));
    const ids = sample.products.map((p) => p.product_id);
    expect(new Set(ids).size).toBe(ids.length);
    const statuses = new Set(sample.products.map((p) => p.change_status));
    expect(statuses.has('ScheduledChangeStatusNeedsReview')).toBe(true);
    expect(statuses.size).toBeGreaterThan(1);
    expect(sample.products.every((p) => typeof p.last_updated === 'string')).toBe(true);
  });
});
