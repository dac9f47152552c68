/**
 * The template adapter's optional methods over its loopback core, beyond the contract suite: what
 * each pushes down to the core and how many core calls a request costs, the exact records its
 * mappers build (transaction types and extended data, FDX relationships, refusals), and the
 * consent flow's methods.
 */
import {
  CustomerNotFoundError,
  createContractsAjv,
  refOf,
  type BankingTransactionPage,
  type CallContext,
  type CoreAdapter,
  type RequestReads,
} from '@data-holder-gateway/adapter-sdk';
import { adapterConfigFrom } from '../../../../src/config/adapter-config';
import { silentLog } from '../../../../test/kit/load-adapter';
import { adapterModule, templateConfigSchema } from '../..';
import {
  toBankingTransactionDetail,
  UnknownNppServiceError,
} from '../../mappers/banking-transaction.mapper';
import { startTemplateCore, TEMPLATE_CORE_API_KEY, type TemplateCore } from '../template-core';

const ajv = createContractsAjv();

/** Problems of `value` against the SDK contract `name`; [] when it validates. */
function problems(name: string, value: unknown): string[] {
  const validate = ajv.getSchema(refOf(name))!;
  return validate(value)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

/** A call context; with `shared`, the reads of one request (as the gateway gives them). */
function ctx(shared?: Map<string, Promise<unknown>>): CallContext {
  const reads: RequestReads | undefined = shared && {
    once<T>(key: string, read: () => Promise<T>): Promise<T> {
      if (!shared.has(key)) shared.set(key, read());
      return shared.get(key) as Promise<T>;
    },
  };
  return {
    signal: new AbortController().signal,
    requestId: 'template-optional',
    ...(reads ? { reads } : {}),
  };
}

const WINDOW = { oldest: '2026-01-01T00:00:00.000Z', newest: '2026-11-27T23:59:59.999Z' };

let core: TemplateCore;
let adapter: CoreAdapter;

beforeAll(async () => {
  core = await startTemplateCore();
  const { config } = adapterConfigFrom('template', templateConfigSchema, {
    TEMPLATE_BASE_URL: core.url,
    TEMPLATE_API_KEY: TEMPLATE_CORE_API_KEY,
  });
  adapter = await adapterModule.create({ config, log: silentLog });
});
afterAll(async () => {
  await adapter.close?.();
  await core.close();
});

/** The core paths (and queries) requested while `run` ran. */
async function requestsOf(run: () => Promise<unknown>) {
  const before = core.requests.length;
  await run();
  return core.requests.slice(before).map((r) => ({ path: r.path, query: r.query }));
}

describe('template adapter: banking transactions', () => {
  test('when a filtered page is asked for, then every filter and the page go to the core search in one call after the account check', async () => {
    const shared = new Map<string, Promise<unknown>>();
    let page: BankingTransactionPage | undefined;
    const requests = await requestsOf(async () => {
      // The gateway's account check, then the list, in one request.
      await adapter.banking!.listAccounts('1001', ctx(shared));
      page = await adapter.banking!.listTransactions!(
        '1001',
        'a-1001-01',
        { ...WINDOW, minAmount: '-2500.00', maxAmount: '0', text: 'inv', offset: 2, limit: 3 },
        ctx(shared),
      );
    });
    expect(requests).toEqual([
      { path: '/customers/1001/accounts', query: {} },
      {
        path: '/accounts/a-1001-01/transaction-search',
        query: {
          from: WINDOW.oldest,
          to: WINDOW.newest,
          minAmount: '-2500.00',
          maxAmount: '0',
          text: 'inv',
          offset: '2',
          limit: '3',
        },
      },
    ]);
    // The bills carry an INV- reference: the third to fifth of them, newest first.
    expect(page!.records.map((t) => [t.transactionId, t.reference, t.amount])).toEqual([
      ['a-1001-01-t0043', 'INV-0043', '-2087.20'],
      ['a-1001-01-t0045', 'INV-0045', '-2141.83'],
      ['a-1001-01-t0046', 'INV-0046', '-383.95'],
    ]);
    expect(page!.total).toBe(9);
    expect(page!.textIgnored).toBeUndefined();
  });

  test('when transactions are mapped, then types follow kind and sign, a pending one has no posting time, and each validates', async () => {
    const { records } = await adapter.banking!.listTransactions!(
      '1001',
      'a-1001-01',
      { ...WINDOW, offset: 0, limit: 1000 },
      ctx(),
    );
    const byId = new Map(records.map((t) => [t.transactionId, t]));
    expect(byId.get('a-1001-01-p0001')).toEqual({
      accountId: 'a-1001-01',
      transactionId: 'a-1001-01-p0001',
      isDetailAvailable: false,
      type: 'PAYMENT',
      status: 'PENDING',
      description: 'Coffee (pending)',
      executionDateTime: '2026-11-01T08:00:00Z',
      amount: '-4.50',
      reference: '',
      merchantName: 'Corner Cafe',
    });
    expect(
      ['t0002', 't0018', 't0020', 't0003'].map((id) => {
        const t = byId.get(`a-1001-01-${id}`)!;
        return [id, t.type, t.isDetailAvailable, t.postingDateTime];
      }),
    ).toEqual([
      ['t0002', 'TRANSFER_INCOMING', true, '2026-10-28T12:00:00Z'],
      ['t0018', 'TRANSFER_INCOMING', true, '2026-09-05T19:00:00Z'],
      ['t0020', 'TRANSFER_OUTGOING', true, '2026-08-28T07:00:00Z'],
      ['t0003', 'PAYMENT', false, '2026-10-24T05:00:00Z'],
    ]);
    expect(records.flatMap((t) => problems('banking-transaction', t))).toEqual([]);
  });

  test('when the detail of an NPP payment is asked for, then its extended data is the NPP payload, version in two digits', async () => {
    const detail = await adapter.banking!.getTransaction!(
      '1001',
      'a-1001-01',
      'a-1001-01-t0018',
      ctx(),
    );
    expect(detail?.extendedData).toEqual({
      payer: 'Acme Payroll Pty Ltd',
      extensionUType: 'nppPayload',
      nppPayload: {
        extendedDescription: 'Salary for September',
        endToEndId: 'E2E-SAL-0018',
        purposeCode: 'SALA',
        service: 'X2P1',
        serviceVersion: '03',
      },
    });
    expect(problems('banking-transaction-detail', detail)).toEqual([]);
    const plain = await adapter.banking!.getTransaction!(
      '1001',
      'a-1001-01',
      'a-1001-01-t0003',
      ctx(),
    );
    expect(plain).toMatchObject({ isDetailAvailable: false, extendedData: {} });
  });

  test('when the transaction or the account is not there, or not the customer’s, then the detail is null and the list empty', async () => {
    const banking = adapter.banking!;
    expect(await banking.getTransaction!('1001', 'a-1001-01', 'nope', ctx())).toBeNull();
    expect(await banking.getTransaction!('1001', 'a-1002-01', 'a-1002-01-t0001', ctx())).toBeNull();
    expect(
      await banking.listTransactions!(
        '1001',
        'a-1002-01',
        { ...WINDOW, offset: 0, limit: 5 },
        ctx(),
      ),
    ).toEqual({ records: [], total: 0 });
  });

  test('when the core sends an NPP service the mapper has no row for, then it fails loudly', () => {
    expect(() =>
      toBankingTransactionDetail('a-1', {
        id: 't-1',
        postedAt: '2026-01-01T00:00:00Z',
        transactedAt: '2026-01-01T00:00:00Z',
        amount: '1',
        description: 'x',
        status: 'posted',
        npp: { service: 'NEW1', version: '1' },
      }),
    ).toThrow(UnknownNppServiceError);
  });
});

describe('template adapter: FDX accounts', () => {
  test('when info, detail and contact of one account are read in one request, then the accounts, the balance and each holder are read once', async () => {
    const shared = new Map<string, Promise<unknown>>();
    const fdx = adapter.fdx!;
    const requests = await requestsOf(async () => {
      await fdx.getAccountInfo('1001', 'a-joint-01', ctx(shared));
      await fdx.getAccountDetail!('1001', 'a-joint-01', ctx(shared));
      await fdx.getAccountContact!('1001', 'a-joint-01', ctx(shared));
      await fdx.getAccountContact!('1001', 'a-joint-01', ctx(shared));
    });
    expect(requests.map((r) => r.path)).toEqual([
      '/customers/1001/accounts',
      '/accounts/a-joint-01/balance',
      '/customers/1001',
      '/customers/1002',
    ]);
  });

  test('when a joint account’s contact is asked for, then the customer is the primary joint holder and the other the secondary', async () => {
    const contact = await adapter.fdx!.getAccountContact!('1002', 'a-joint-01', ctx());
    expect(contact?.holders).toEqual([
      { type: 'CONSUMER', name: { first: 'Blake', last: 'Sample' }, relationship: 'PRIMARY_JOINT' },
      {
        type: 'CONSUMER',
        name: { first: 'Avery', middle: 'Jo', last: 'Example', prefix: 'Ms' },
        relationship: 'SECONDARY_JOINT',
      },
    ]);
    expect(contact?.emails).toEqual(['blake@example.net', 'avery@example.com']);
    expect(problems('fdx-account-contact', contact)).toEqual([]);
  });

  test('when descriptors and details are asked for, then kinds come from the product, status from the account info, money as numbers', async () => {
    const fdx = adapter.fdx!;
    const descriptors = await fdx.listAccountDescriptors!('1001', ctx());
    expect(
      descriptors.map((d) => [d.accountId, d.accountCategory, d.accountType, d.status]),
    ).toEqual([
      ['a-1001-01', 'DEPOSIT_ACCOUNT', 'CHECKING', 'OPEN'],
      ['a-1001-02', 'DEPOSIT_ACCOUNT', 'SAVINGS', 'OPEN'],
      ['a-1001-03', 'LOC_ACCOUNT', 'CREDITCARD', 'OPEN'],
      ['a-1001-04', 'DEPOSIT_ACCOUNT', 'SAVINGS', 'CLOSED'],
      ['a-1001-05', 'DEPOSIT_ACCOUNT', 'CHECKING', 'RESTRICTED'],
      ['a-joint-01', 'DEPOSIT_ACCOUNT', 'CHECKING', 'OPEN'],
    ]);
    const detail = await fdx.getAccountDetail!('1001', 'a-1001-01', ctx());
    expect(detail).toMatchObject({ currentBalance: 2450.1, availableBalance: 2400.1 });
    expect(problems('fdx-account', detail)).toEqual([]);
    expect(await fdx.getAccountDetail!('1001', 'a-1002-01', ctx())).toBeNull();
  });

  test('when an Australian account’s payment networks are asked for, then none: FDX names no Australian network', async () => {
    expect(
      await adapter.fdx!.listPaymentNetworks!('1001', 'a-1001-01', { limit: 10 }, ctx()),
    ).toEqual({
      records: [],
    });
  });

  test('when accounts carry a hold, then each record of the account says the same refusal', async () => {
    const refusals = (records: { accountId: string; sharingRefusal?: string }[]) =>
      Object.fromEntries(records.map((r) => [r.accountId, r.sharingRefusal ?? null]));
    const expected = {
      'a-1004-01': null,
      'a-1004-02': 'blocked',
      'a-1004-03': 'suspended',
      'a-1004-04': 'harm',
    };
    expect(refusals(await adapter.authorisation.listShareableAccounts('1004', ctx()))).toEqual(
      expected,
    );
    expect(refusals(await adapter.banking!.listAccounts('1004', ctx()))).toEqual(expected);
    expect(refusals(await adapter.fdx!.listAccountDescriptors!('1004', ctx()))).toEqual(expected);
    expect((await adapter.fdx!.getAccountInfo('1004', 'a-1004-04', ctx()))?.sharingRefusal).toBe(
      'harm',
    );
  });
});

describe('template adapter: consent flow', () => {
  test('when an address is searched in any case, then the core is asked once and its customer found with a mobile in E.164', async () => {
    let found: unknown;
    const requests = await requestsOf(async () => {
      found = await adapter.customer.searchCustomersByEmail!('AVERY@Example.com', ctx());
    });
    expect(requests).toEqual([{ path: '/customers', query: { email: 'AVERY@Example.com' } }]);
    expect(found).toEqual([{ id: '1001', name: 'Avery Jo Example', phoneNumber: '+61412345678' }]);
    expect(await adapter.customer.searchCustomersByEmail!('nobody@example.com', ctx())).toEqual([]);
  });

  test('when an identity is asked for, then the claims come from the core record; a customer without an address has none', async () => {
    const identity = await adapter.customer.getCustomerIdentity!('1001', ctx());
    expect(identity).toEqual({
      id: '1001',
      email: 'avery@example.com',
      emailVerified: true,
      givenName: 'Avery',
      familyName: 'Example',
      name: 'Avery Jo Example',
      phoneNumber: '+61412345678',
      phoneNumberVerified: false,
      updatedAt: '2026-01-10T09:00:00Z',
      address: {
        streetAddress: '1 Sample Street',
        locality: 'Sydney',
        region: 'NSW',
        postalCode: '2000',
        country: 'AUS',
      },
    });
    expect(problems('customer-identity', identity)).toEqual([]);
    await expect(adapter.customer.getCustomerIdentity!('1003', ctx())).rejects.toBeInstanceOf(
      CustomerNotFoundError,
    );
  });
});
