/**
 * What the demo core's new port methods answer over the bundled sample: every record validates
 * against the SDK contracts and against the public schemas (test/reference/: CDS for banking
 * transactions and energy balances, FDX v6 for the FDX records); FDX descriptors and details carry the status and refusal `getAccountInfo`
 * gives; contacts name the right holders with the right relationships; payment networks page by
 * position; energy balances and their absence.
 */
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import {
  CustomerNotFoundError,
  FdxAccountNotFoundError,
  FdxAccountTypeNotSupportedError,
  FdxInvalidRequestError,
  ResourceNotImplementedError,
  SharingRefusedError,
  createContractsAjv,
  refOf,
  type CallContext,
  type CoreAdapter,
  type FdxPage,
  type FdxPaymentNetwork,
} from '@data-holder-gateway/adapter-sdk';
import { referenceValidators } from '../../../../test/helpers/reference-schemas';
import { createDemoAdapter } from '../../demo.adapter';
import { loadDemoData, type DemoData } from '../../demo-data';

const ctx: CallContext = { signal: new AbortController().signal, requestId: 'unit' };
const data = loadDemoData(path.join(__dirname, '..', '..', 'data', 'sample.json'));
const adapter = createDemoAdapter(data);
const fdx = adapter.fdx!;
const energy = adapter.energy!;

/** Customers whose data may be shared (the harm-flagged one refuses every call). */
const SHAREABLE = data.customers.filter((c) => c.sharingRefusal === undefined);

const ajv = createContractsAjv();
const contract = (name: string, def?: string): ValidateFunction => ajv.getSchema(refOf(name, def))!;
const fdxReference = referenceValidators('fdx/corex-6.0.json', 'fdx-corex');
const cdsBanking = referenceValidators('cds/cds_banking_1.34.1.json', 'cds-banking');
const cdsEnergy = referenceValidators('cds/cds_energy_1.34.1.json', 'cds-energy');

/** Every failure as `<where>: <errors>`, so one run names them all. */
function failures(validate: ValidateFunction, items: [string, unknown][]): string[] {
  return items.flatMap(([where, item]) =>
    validate(item) ? [] : [`${where}: ${JSON.stringify(validate.errors)}`],
  );
}

describe('demo FDX account descriptors', () => {
  it('when every customer lists descriptors, then each banking account has one with the status and refusal of its FDX info', async () => {
    for (const customer of SHAREABLE) {
      const descriptors = await fdx.listAccountDescriptors!(customer.customerId, ctx);
      expect(descriptors.map((d) => d.accountId)).toEqual(
        (customer.bankingAccounts ?? []).map((a) => a.accountId),
      );
      for (const d of descriptors) {
        const info = (await fdx.getAccountInfo(customer.customerId, d.accountId, ctx))!;
        expect([d.accountId, d.status, d.sharingRefusal]).toEqual([
          d.accountId,
          info.status,
          info.sharingRefusal,
        ]);
      }
    }
    const pat = await fdx.listAccountDescriptors!('c-2001', ctx);
    expect(pat.map((d) => d.sharingRefusal)).toEqual([undefined, 'blocked', 'suspended']);
    const jane = await fdx.listAccountDescriptors!('c-1001', ctx);
    expect(jane.find((d) => d.accountId === 'acc-b-1001-08')!.status).toBe('RESTRICTED');
    expect(jane.find((d) => d.accountId === 'acc-b-1001-02')).toMatchObject({
      accountCategory: 'LOC_ACCOUNT',
      accountType: 'CREDITCARD',
      accountNumberDisplay: expect.stringMatching(/^xxxx xxxx xxxx [0-9]{4}$/),
      currency: { currencyCode: 'AUD' },
    });
  });

  it('when descriptors lose the refusal the gateway reads, then they validate against the contract and FDX AccountDescriptor', async () => {
    const items: [string, unknown][] = [];
    for (const customer of SHAREABLE) {
      for (const { sharingRefusal: _refusal, ...d } of await fdx.listAccountDescriptors!(
        customer.customerId,
        ctx,
      )) {
        items.push([d.accountId, d]);
      }
    }
    expect(items.length).toBeGreaterThan(30);
    expect(failures(contract('fdx-account-descriptor'), items)).toEqual([]);
    expect(failures(fdxReference('AccountDescriptor'), items)).toEqual([]);
  });

  it('when an unknown or harm-flagged customer lists descriptors, then it is refused', async () => {
    await expect(fdx.listAccountDescriptors!('c-9', ctx)).rejects.toBeInstanceOf(
      CustomerNotFoundError,
    );
    await expect(fdx.listAccountDescriptors!('c-2002', ctx)).rejects.toBeInstanceOf(
      SharingRefusedError,
    );
  });
});

const FDX_KIND: Record<string, string> = {
  DEPOSIT_ACCOUNT: 'DepositAccount',
  LOAN_ACCOUNT: 'LoanAccount',
  LOC_ACCOUNT: 'LineOfCreditAccount',
};

describe('demo FDX account details', () => {
  /** Every banking account's detail, keyed `<customer>/<account>`. */
  async function allDetails(): Promise<[string, Record<string, unknown>, boolean][]> {
    const out: [string, Record<string, unknown>, boolean][] = [];
    for (const customer of SHAREABLE) {
      for (const account of customer.bankingAccounts ?? []) {
        const detail = await fdx.getAccountDetail!(customer.customerId, account.accountId, ctx);
        out.push([account.accountId, detail as Record<string, unknown>, !!account.lendingRates]);
      }
    }
    return out;
  }

  it('when every banking account is asked, then each validates against the contract and FDX schema of its category', async () => {
    const details = await allDetails();
    expect(new Set(details.map(([, d]) => d.accountCategory))).toEqual(
      new Set(Object.keys(FDX_KIND)),
    );
    expect(
      failures(
        contract('fdx-account'),
        details.map(([id, d]) => [id, d]),
      ),
    ).toEqual([]);
    const byReference = details.flatMap(([id, d]) => {
      const validate = fdxReference(FDX_KIND[String(d.accountCategory)]!);
      return validate(d) ? [] : [[id, validate.errors!.map((e) => e.message).sort()]];
    });
    // FDX asks for a loan's rate; a banking record without lending rates has none to give.
    const withoutRate = details
      .filter(([, d, hasRates]) => d.accountCategory === 'LOAN_ACCOUNT' && !hasRates)
      .map(([id]) => [
        id,
        [
          "must have required property 'interestRate'",
          "must have required property 'interestRateType'",
        ],
      ]);
    expect(byReference).toEqual(withoutRate);
    expect(withoutRate.length).toBeLessThan(details.length / 5);
  });

  it('when FDX accounts are asked, then status and balances are those of the account info and balance', async () => {
    expect(await fdx.getAccountDetail!('c-1001', 'acc-b-1001-01', ctx)).toMatchObject({
      accountCategory: 'DEPOSIT_ACCOUNT',
      accountType: 'CHECKING',
      status: 'OPEN',
      currentBalance: 8450.32,
      availableBalance: 8200.32,
    });
    expect((await fdx.getAccountDetail!('c-1001', 'acc-b-1001-07', ctx))!.status).toBe('CLOSED');
    expect(await fdx.getAccountDetail!('c-1001', 'acc-b-1001-03', ctx)).toMatchObject({
      accountCategory: 'LOAN_ACCOUNT',
      accountType: 'MORTGAGE',
      principalBalance: 412880.15,
      interestRate: 6.14,
      interestRateType: 'VARIABLE',
    });
  });

  it('when an account is unknown, another customer’s, an energy account or has no balance, then the answer says so', async () => {
    expect(await fdx.getAccountDetail!('c-1001', 'acc-nope', ctx)).toBeNull();
    expect(await fdx.getAccountDetail!('c-1002', 'acc-b-1001-01', ctx)).toBeNull();
    await expect(fdx.getAccountDetail!('c-1001', 'acc-e-1001-01', ctx)).rejects.toBeInstanceOf(
      FdxAccountTypeNotSupportedError,
    );
    const copy = structuredClone(data) as DemoData;
    delete copy.customers[0]!.bankingAccounts![0]!.balance;
    const noBalance = createDemoAdapter(copy).fdx!;
    await expect(
      noBalance.getAccountDetail!('c-1001', 'acc-b-1001-01', ctx),
    ).rejects.toBeInstanceOf(ResourceNotImplementedError);
  });
});

describe('demo FDX account contacts', () => {
  const holders = async (customerId: string, accountId: string) =>
    (await fdx.getAccountContact!(customerId, accountId, ctx))!.holders.map((h) => [
      h.name?.first,
      h.relationship,
    ]);

  it('when accounts of each kind are asked, then the holders and relationships follow the account type', async () => {
    expect(await holders('c-1001', 'acc-b-1001-01')).toEqual([['Jane', 'SOLE_OWNER']]);
    expect(await holders('c-1001', 'acc-b-1001-05')).toEqual([
      ['Jane', 'PRIMARY_JOINT'],
      ['John', 'SECONDARY_JOINT'],
    ]);
    expect(await holders('c-1001', 'acc-b-1001-09')).toEqual([['Jane', 'AUTHORIZED_USER']]);
    expect(await holders('c-3001', 'acc-b-3001-01')).toEqual([['Jane', 'AUTHORIZED_USER']]);
    expect(await holders('c-1001', 'acc-e-1001-03')).toEqual([
      ['Jane', 'PRIMARY_JOINT'],
      ['John', 'SECONDARY_JOINT'],
    ]);
  });

  it('when the joint account is asked, then both holders’ emails, address and phones come once each', async () => {
    expect(await fdx.getAccountContact!('c-1001', 'acc-b-1001-05', ctx)).toEqual({
      holders: [
        {
          type: 'CONSUMER',
          name: { first: 'Jane', middle: 'Quinn', last: 'Citizen', prefix: 'Ms' },
          relationship: 'PRIMARY_JOINT',
        },
        {
          type: 'CONSUMER',
          name: { first: 'John', last: 'Citizen', prefix: 'Mr' },
          relationship: 'SECONDARY_JOINT',
        },
      ],
      emails: [
        'jane.citizen@example.com',
        'j.citizen@work.example.net',
        'john.citizen@example.net',
      ],
      addresses: [
        {
          line1: '1 Sample Street',
          city: 'Exampleton',
          region: 'NSW',
          postalCode: '2999',
          country: 'AU',
        },
      ],
      telephones: [
        { type: 'CELL', country: '61', number: '491570006' },
        { type: 'BUSINESS', country: '61', number: '255501234' },
        { type: 'CELL', country: '61', number: '491570156' },
      ],
    });
  });

  it('when every account of every customer is asked, then each contact validates against the contract and FDX AccountContact', async () => {
    const items: [string, unknown][] = [];
    for (const customer of SHAREABLE) {
      for (const account of [
        ...(customer.bankingAccounts ?? []),
        ...(customer.energyAccounts ?? []),
      ]) {
        items.push([
          account.accountId,
          await fdx.getAccountContact!(customer.customerId, account.accountId, ctx),
        ]);
      }
    }
    expect(items.length).toBeGreaterThan(40);
    expect(failures(contract('fdx-account-contact'), items)).toEqual([]);
    expect(failures(fdxReference('AccountContact'), items)).toEqual([]);
  });

  it('when a co-holder is not an account holder, not in the file or flagged for harm, then only the customer is named', async () => {
    const copy = structuredClone(data) as DemoData;
    const joint = copy.customers[0]!.bankingAccounts!.find((a) => a.accountId === 'acc-b-1001-05')!;
    const john = joint.users[1]!;
    joint.users = [
      joint.users[0]!,
      { ...john, isAccountHolder: false },
      { id: 'c-unknown', email: 'x@example.com', isAccountHolder: true },
      { id: 'c-2002', email: 'alex.sample@example.org', isAccountHolder: true },
    ];
    const contact = await createDemoAdapter(copy).fdx!.getAccountContact!(
      'c-1001',
      'acc-b-1001-05',
      ctx,
    );
    expect(contact!.holders.map((h) => h.name?.first)).toEqual(['Jane']);
    expect(contact!.emails).not.toContain('alex.sample@example.org');
  });

  it('when the account is unknown or another customer’s, then the contact is null', async () => {
    expect(await fdx.getAccountContact!('c-1001', 'acc-nope', ctx)).toBeNull();
    expect(await fdx.getAccountContact!('c-1002', 'acc-b-1001-05', ctx)).toBeNull();
  });
});

describe('demo FDX payment networks', () => {
  async function walk(accountId: string, limit: number): Promise<FdxPage<FdxPaymentNetwork>[]> {
    const pages: FdxPage<FdxPaymentNetwork>[] = [];
    let after: string | undefined;
    do {
      const page = await fdx.listPaymentNetworks!(
        'c-1001',
        accountId,
        { limit, ...(after !== undefined ? { after } : {}) },
        ctx,
      );
      pages.push(page);
      after = page.next;
    } while (after !== undefined);
    return pages;
  }

  it('when acc-b-1001-01 is paged two at a time, then three pages hold its five networks in file order', async () => {
    const pages = await walk('acc-b-1001-01', 2);
    expect(pages.map((p) => p.records.length)).toEqual([2, 2, 1]);
    expect(pages.map((p) => p.next)).toEqual(['1', '3', undefined]);
    const records = pages.flatMap((p) => p.records);
    const account = data.customers[0]!.bankingAccounts![0]!;
    expect(records).toEqual(account.fdx!.paymentNetworks);
    const items = records.map((n): [string, unknown] => [n.type, n]);
    expect(failures(contract('fdx-payment-network'), items)).toEqual([]);
    expect(failures(fdxReference('PaymentNetwork'), items)).toEqual([]);
  });

  it('when an Australian account without networks is asked, then the list is empty', async () => {
    expect((await walk('acc-b-1001-05', 10)).flatMap((p) => p.records)).toEqual([]);
    expect((await walk('acc-b-1001-04', 10)).flatMap((p) => p.records)).toEqual([]);
  });

  it('when a position key was not made by the port or the account is not the customer’s, then it is refused', async () => {
    await expect(
      fdx.listPaymentNetworks!('c-1001', 'acc-b-1001-01', { limit: 2, after: 'x' }, ctx),
    ).rejects.toBeInstanceOf(FdxInvalidRequestError);
    await expect(
      fdx.listPaymentNetworks!('c-1002', 'acc-b-1001-01', { limit: 2 }, ctx),
    ).rejects.toBeInstanceOf(FdxAccountNotFoundError);
  });
});

describe('demo energy balances', () => {
  const balance = (customerId: string, accountId: string) =>
    energy.getAccountBalance!(customerId, accountId, ctx);

  it('when accounts with a balance are asked, then each is the file’s decimal and validates', async () => {
    const validate = contract('energy-balance');
    const answers: [string, unknown][] = [];
    for (const customer of SHAREABLE) {
      for (const account of customer.energyAccounts ?? []) {
        if (account.balance === undefined) continue;
        const answer = await balance(customer.customerId, account.accountId);
        expect(answer).toEqual({ balance: account.balance });
        answers.push([account.accountId, answer]);
      }
    }
    expect(answers.length).toBeGreaterThanOrEqual(5);
    expect(failures(validate, answers)).toEqual([]);
    expect(failures(cdsEnergy('EnergyBalanceResponse_data'), answers)).toEqual([]);
    expect(await balance('c-1001', 'acc-e-1001-01')).toEqual({ balance: '-132.45' });
  });

  it('when the account has no balance, then it is not implemented; another customer’s account is not found', async () => {
    await expect(balance('c-1001', 'acc-e-1001-04')).rejects.toBeInstanceOf(
      ResourceNotImplementedError,
    );
    await expect(balance('c-1002', 'acc-e-1001-01')).rejects.toMatchObject({
      status: 404,
      message: 'Account not found',
    });
  });
});

describe('demo banking transactions over the sample', () => {
  const banking = (adapter as CoreAdapter).banking!;
  const WINDOW = { oldest: '2000-01-01T00:00:00.000Z', newest: '2100-01-01T00:00:00.000Z' };

  it('when every account with transactions is listed and read one by one, then each record validates (contract and CDS) and detail matches the list', async () => {
    const list = contract('banking-transaction');
    const detail = contract('banking-transaction-detail');
    const cdsList = cdsBanking('BankingTransaction');
    const cdsDetail = cdsBanking('BankingTransactionDetailV2');
    let count = 0;
    for (const customer of SHAREABLE) {
      for (const account of customer.bankingAccounts ?? []) {
        const page = await banking.listTransactions!(
          customer.customerId,
          account.accountId,
          { ...WINDOW, offset: 0, limit: 1000 },
          ctx,
        );
        expect(page.total).toBe(account.transactions?.length ?? 0);
        const listed = page.records.map((t): [string, unknown] => [t.transactionId, t]);
        expect(failures(list, listed)).toEqual([]);
        expect(failures(cdsList, listed)).toEqual([]);
        for (const t of page.records) {
          const d = (await banking.getTransaction!(
            customer.customerId,
            account.accountId,
            t.transactionId,
            ctx,
          ))!;
          const { extendedData, ...rest } = d;
          expect(rest).toEqual(t);
          expect(t.isDetailAvailable).toBe(Object.keys(extendedData).length > 0);
          expect(failures(detail, [[t.transactionId, d]])).toEqual([]);
          expect(failures(cdsDetail, [[t.transactionId, d]])).toEqual([]);
          count += 1;
        }
      }
    }
    expect(count).toBeGreaterThan(240);
  });

  it('when acc-b-1001-01 is searched for "HOLIDAY" over the last 12 months, then three of its four matches come back', async () => {
    const page = await banking.listTransactions!(
      'c-1001',
      'acc-b-1001-01',
      {
        oldest: '2025-11-20T23:59:59.000Z',
        newest: '2026-11-20T23:59:59.000Z',
        text: 'HOLIDAY',
        offset: 0,
        limit: 25,
      },
      ctx,
    );
    expect(page.records.map((t) => t.transactionId)).toEqual([
      'btx-100101-h04',
      'btx-100101-h02',
      'btx-100101-h01',
    ]);
    expect(page.total).toBe(3);
  });
});
