/**
 * The Fineract simulator (adapters/fineract/simulator): its data set (generated, complete, every
 * record valid against the Fineract OpenAPI components), every payload it serves validated against
 * its component, Fineract's tenant and Basic authentication, the 404 bodies, the transaction
 * search's window, filters, order and paging (by page number), one transaction read under its
 * account (and the 500 of a miss), Spring paging of loan transactions, client addresses, the standing instruction
 * and client lists (paged and ordered), the contacts data table query, self-service beneficiaries
 * per user, and the faults it plays on demand.
 * Expected records are computed here from the data set file with small code of their own.
 */
import fs from 'node:fs';
import { parse, stringify } from 'lossless-json';
import { datasetJson } from '../../simulator/generate-dataset';
import {
  DEFAULT_DATASET_FILE,
  startFineractSimulator,
  type FineractSimulator,
} from '../../simulator/simulator';
import { fineractSchemaErrors } from '../../../../test/helpers/fineract-openapi';
import { waitFor } from '../../../../test/helpers/wait';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const TEXT = fs.readFileSync(DEFAULT_DATASET_FILE, 'utf8');
const data = JSON.parse(TEXT) as Rec;
const iso = (d: unknown) =>
  Array.isArray(d)
    ? d.map((n: number, i) => String(n).padStart(i === 0 ? 4 : 2, '0')).join('-')
    : String(d);
const savingsTxs = (id: number): Rec[] => data.savingsTransactions[String(id)];
const loanTxs = (id: number): Rec[] => data.loanTransactions[String(id)];
/** Transaction date descending, then id descending. */
const newestFirst = (x: Rec, y: Rec) =>
  iso(x.date) !== iso(y.date) ? (iso(x.date) < iso(y.date) ? 1 : -1) : y.id - x.id;
const ids = (records: Rec[]) => records.map((r) => r.id as number);

const BACK_OFFICE = { user: 'mifos', password: 'password' };
const CLIENT1 = { user: 'client1', password: 'client1-pass' };

interface Ask {
  auth?: { user: string; password: string } | null;
  tenant?: string | null;
  method?: string;
}
interface Answer {
  status: number;
  headers: Headers;
  body: Rec;
  text: string;
}

async function call(sim: FineractSimulator, target: string, ask: Ask = {}): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const auth = ask.auth === undefined ? BACK_OFFICE : ask.auth;
  if (auth) {
    headers.authorization = `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`;
  }
  const tenant = ask.tenant === undefined ? 'default' : ask.tenant;
  if (tenant !== null) headers['fineract-platform-tenantid'] = tenant;
  const res = await fetch(sim.url + target, { method: ask.method ?? 'GET', headers });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : {}, text };
}

const notFoundBody = (code?: string, message?: string, id?: number | string) => ({
  developerMessage: 'The requested resource is not available.',
  httpStatusCode: '404',
  defaultUserMessage: 'The requested resource is not available.',
  userMessageGlobalisationCode: 'error.msg.resource.not.found',
  errors:
    code === undefined
      ? []
      : [
          {
            developerMessage: message,
            defaultUserMessage: message,
            userMessageGlobalisationCode: code,
            parameterName: 'id',
            value: null,
            args: [{ value: id }],
          },
        ],
});

describe('the data set', () => {
  it('when the generator runs again, then it gives exactly the committed file (number literals included)', () => {
    expect(stringify(parse(TEXT))).toBe(datasetJson());
  });

  it('when read, then clients 1 to 5 hold what the plan says', () => {
    expect(ids(data.clients)).toEqual([1, 2, 3, 4, 5]);
    // Client 5 is a business with no accounts; client 1's holder is its authorised contact.
    expect(data.clients[4].legalForm).toEqual({
      id: 2,
      code: 'legalFormType.entity',
      value: 'ENTITY',
    });
    expect(data.clientAccounts['5']).toEqual({});
    expect(data.clients[2].emailAddress).toBeUndefined();
    expect(data.datatables.authorised_contacts.rows).toEqual([
      expect.objectContaining({ client_id: 5, email: data.clients[0].emailAddress }),
    ]);
    expect(data.clients[0].externalId).toBe('c-fin-1');
    const c1 = data.clientAccounts['1'];
    const kinds = (c: Rec) => (c.savingsAccounts ?? []).map((a: Rec) => a.depositType.id);
    expect(kinds(c1).filter((k: number) => k === 100).length).toBeGreaterThanOrEqual(2);
    expect(kinds(c1)).toEqual(expect.arrayContaining([100, 200, 300]));
    expect(c1.loanAccounts.map((l: Rec) => l.productId)).toEqual([1, 2]);
    const overdraft = data.savingsAccounts.find((a: Rec) => a.allowOverdraft === true);
    expect(overdraft.clientId).toBe(1);
    expect(overdraft.overdraftLimit).toBeGreaterThan(0);
    // 120+ savings transactions over a year, 30+ loan transactions.
    const sav1 = savingsTxs(1);
    expect(sav1.length).toBeGreaterThanOrEqual(120);
    const dates = sav1.map((t) => iso(t.date)).sort();
    expect(dates[0]! <= '2025-11-22' && dates[dates.length - 1]! >= '2026-11-20').toBe(true);
    expect(loanTxs(1).length).toBeGreaterThanOrEqual(30);
    const sis = data.standingInstructions.filter((s: Rec) => s.fromClient.id === 1);
    expect(new Set(sis.map((s: Rec) => s.status.code))).toEqual(
      new Set([
        'standingInstructionStatus.active',
        'standingInstructionStatus.disabled',
        'standingInstructionStatus.deleted',
      ]),
    );
    expect(data.selfServiceUsers).toEqual([
      expect.objectContaining({ username: 'client1', password: 'client1-pass', clientId: 1 }),
    ]);
    expect(data.selfServiceUsers[0].beneficiaries).toHaveLength(3);
    const c2 = data.clientAccounts['2'];
    expect([c2.savingsAccounts.length, c2.loanAccounts.length]).toEqual([1, 1]);
    expect(data.clientAccounts['3']).toEqual({});
  });

  it('when read, then client 4 holds a blocked savings account, one on hold for a transfer and an ordinary one', () => {
    const listed = data.clientAccounts['4'].savingsAccounts as Rec[];
    expect(
      listed.map((a) => [a.id, a.subStatus.block, a.status.transferOnHold, a.status.code]),
    ).toEqual([
      [8, true, false, 'savingsAccountStatusType.active'],
      [9, false, true, 'savingsAccountStatusType.transfer.on.hold'],
      [10, false, false, 'savingsAccountStatusType.active'],
    ]);
    const detail = (id: number) => data.savingsAccounts.find((a: Rec) => a.id === id);
    expect([detail(8).subStatus.block, detail(9).status.transferOnHold]).toEqual([true, true]);
  });

  it('when read, then it holds an amount with more significant digits than a double keeps', () => {
    expect(TEXT).toContain('"accountBalance": 1234567890123456.78');
    expect(String(Number('1234567890123456.78'))).not.toBe('1234567890123456.78');
  });

  it('when every record is checked, then each validates against its Fineract OpenAPI component', () => {
    const check = (name: string, value: unknown, array = false) =>
      expect({ name, errors: fineractSchemaErrors(name, value, { array }) }).toEqual({
        name,
        errors: [],
      });
    for (const c of data.clients) check('GetClientsClientIdResponse', c);
    for (const a of Object.values(data.clientAddresses)) check('AddressData', a, true);
    for (const a of Object.values(data.clientAccounts)) {
      check('GetClientsClientIdAccountsResponse', a);
    }
    for (const a of data.savingsAccounts) check('SavingsAccountData', a);
    for (const a of data.fixedDepositAccounts) check('GetFixedDepositAccountsAccountIdResponse', a);
    for (const a of data.recurringDepositAccounts) {
      check('GetRecurringDepositAccountsAccountIdResponse', a);
    }
    for (const l of data.loans) check('GetLoansLoanIdResponse', l);
    for (const txs of Object.values(data.savingsTransactions)) {
      check('GetSavingsAccountTransactionsPageItem', txs, true);
    }
    for (const txs of Object.values(data.loanTransactions)) {
      check('GetLoansLoanIdTransactionsTransactionIdResponse', txs, true);
    }
    check('GetPageItemsStandingInstructionSwagger', data.standingInstructions, true);
    for (const u of data.selfServiceUsers) {
      check('GetSelfBeneficiariesTPTResponse', u.beneficiaries, true);
    }
  });

  it('when the OpenAPI check is given a wrong record, then it fails (the check can fail)', () => {
    const bad = { ...data.savingsAccounts[0], summary: { accountBalance: 'lots' } };
    expect(fineractSchemaErrors('SavingsAccountData', bad)).not.toEqual([]);
  });
});

describe('the simulator', () => {
  let sim: FineractSimulator;
  beforeAll(async () => {
    sim = await startFineractSimulator({ port: 0 });
  });
  afterAll(() => sim.close());

  const ok = async (target: string, component: string, ask: Ask = {}, array = false) => {
    const res = await call(sim, target, ask);
    expect({ target, status: res.status }).toEqual({ target, status: 200 });
    expect(res.headers.get('content-type')).toBe('application/json');
    expect({ target, errors: fineractSchemaErrors(component, res.body, { array }) }).toEqual({
      target,
      errors: [],
    });
    return res;
  };

  describe('every endpoint', () => {
    it('when the base URL is read, then it ends with the API root and no slash', () => {
      expect(sim.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/fineract-provider\/api$/);
    });

    it.each([1, 2, 3, 4, 5])(
      'when client %i is asked (1), then the recorded client comes back',
      async (id) => {
        const res = await ok(`/v1/clients/${id}`, 'GetClientsClientIdResponse');
        expect(res.body).toEqual(data.clients[id - 1]);
      },
    );

    it('when clients are searched by external id (2), then the page holds that client only', async () => {
      const res = await ok('/v1/clients?externalId=c-fin-1&limit=1', 'GetClientsResponse');
      expect(res.body).toEqual({ totalFilteredRecords: 1, pageItems: [data.clients[0]] });
      const none = await ok('/v1/clients?externalId=nobody&limit=1', 'GetClientsResponse');
      expect(none.body).toEqual({ totalFilteredRecords: 0, pageItems: [] });
      const all = await ok('/v1/clients?offset=1&limit=5', 'GetClientsResponse');
      expect(all.body).toEqual({ totalFilteredRecords: 5, pageItems: data.clients.slice(1) });
    });

    it('when clients are listed by page and order, then each page holds the next clients in that order', async () => {
      const first = await ok(
        '/v1/clients?offset=0&limit=3&orderBy=id&sortOrder=ASC',
        'GetClientsResponse',
      );
      expect(first.body).toEqual({ totalFilteredRecords: 5, pageItems: data.clients.slice(0, 3) });
      const second = await ok(
        '/v1/clients?offset=3&limit=3&orderBy=id&sortOrder=ASC',
        'GetClientsResponse',
      );
      expect(second.body).toEqual({ totalFilteredRecords: 5, pageItems: data.clients.slice(3) });
      const descending = await call(sim, '/v1/clients?orderBy=id&sortOrder=DESC');
      expect(ids(descending.body.pageItems)).toEqual([5, 4, 3, 2, 1]);
      const bad = await call(sim, '/v1/clients?orderBy=password');
      expect(bad.status).toBe(400);
    });

    it('when the contacts data table is queried by email, then the rows holding it come back with the asked columns', async () => {
      const email = data.clients[0].emailAddress as string;
      const q = (value: string, columns = 'client_id,mobile_no') =>
        call(
          sim,
          `/v1/datatables/authorised_contacts/query?columnFilter=email&valueFilter=${encodeURIComponent(value)}&resultColumns=${columns}`,
        );
      const hit = await q(email);
      expect({ status: hit.status, body: hit.body }).toEqual({
        status: 200,
        body: [{ client_id: 5, mobile_no: data.clients[0].mobileNo }],
      });
      // PostgreSQL compares text exactly: another case is another value.
      expect((await q(email.toUpperCase())).body).toEqual([]);
      expect((await q('nobody@example.com')).body).toEqual([]);
      expect((await q(email, 'client_id')).body).toEqual([{ client_id: 5 }]);
    });

    it('when the data table query names a column the table lacks, then it is 400 naming each', async () => {
      const res = await call(
        sim,
        '/v1/datatables/authorised_contacts/query?columnFilter=mail&valueFilter=x&resultColumns=client_id,phone',
      );
      const error = (parameterName: string, message: string, value: string) => ({
        developerMessage: message,
        defaultUserMessage: message,
        userMessageGlobalisationCode: '400',
        parameterName,
        value,
        args: [{ value }],
      });
      expect({ status: res.status, body: res.body }).toEqual({
        status: 400,
        body: {
          developerMessage: 'Validation errors exist.',
          httpStatusCode: '400',
          defaultUserMessage: 'Validation errors exist.',
          userMessageGlobalisationCode: 'validation.msg.validation.errors.exist',
          errors: [
            error('columnFilter', 'Column filter not exist in datatable!', 'mail'),
            error('resultColumns', 'Result column not exist in datatable!', 'phone'),
          ],
        },
      });
    });

    it('when an unregistered data table is queried, then it is 404 datatable not found', async () => {
      const res = await call(
        sim,
        '/v1/datatables/nothing_here/query?columnFilter=email&valueFilter=x&resultColumns=client_id',
      );
      expect(res.status).toBe(404);
      expect(res.body.errors[0].userMessageGlobalisationCode).toBe('error.msg.datatable.not.found');
    });

    it.each(['1', '2', '3'])(
      'when the accounts of client %s are asked (3), then the recorded summary comes back',
      async (id) => {
        const res = await ok(`/v1/clients/${id}/accounts`, 'GetClientsClientIdAccountsResponse');
        expect(res.body).toEqual(data.clientAccounts[id]);
      },
    );

    it('when each account is asked by its kind (4, 5, 6), then the recorded payload comes back', async () => {
      for (const a of data.savingsAccounts) {
        const res = await ok(`/v1/savingsaccounts/${a.id}`, 'SavingsAccountData');
        expect(res.body).toEqual(a);
      }
      for (const a of data.fixedDepositAccounts) {
        const res = await ok(
          `/v1/fixeddepositaccounts/${a.id}`,
          'GetFixedDepositAccountsAccountIdResponse',
        );
        expect(res.body).toEqual(a);
      }
      for (const a of data.recurringDepositAccounts) {
        const res = await ok(
          `/v1/recurringdepositaccounts/${a.id}`,
          'GetRecurringDepositAccountsAccountIdResponse',
        );
        expect(res.body).toEqual(a);
      }
    });

    it('when a loan is asked (7), then the schedule comes only with associations=repaymentSchedule', async () => {
      for (const loan of data.loans) {
        const withSchedule = await ok(
          `/v1/loans/${loan.id}?associations=repaymentSchedule`,
          'GetLoansLoanIdResponse',
        );
        expect(withSchedule.body).toEqual(loan);
        expect(withSchedule.body.repaymentSchedule.periods.length).toBeGreaterThan(1);
        const plain = await ok(`/v1/loans/${loan.id}`, 'GetLoansLoanIdResponse');
        const { repaymentSchedule: _schedule, ...rest } = loan;
        expect(plain.body).toEqual(rest);
      }
      const all = await ok('/v1/loans/1?associations=all', 'GetLoansLoanIdResponse');
      expect(ids(all.body.transactions)).toEqual(ids(loanTxs(1)));
    });

    it('when an amount has more digits than a double keeps, then it is served byte for byte', async () => {
      const res = await call(sim, '/v1/savingsaccounts/3');
      expect(res.text).toContain('"accountBalance":1234567890123456.78');
      expect(res.text).toContain('"availableBalance":1234567890123406.78');
    });

    it('when client 2 is served, then its dates are ISO strings; the others are [y, m, d]', async () => {
      expect((await call(sim, '/v1/clients/2')).body.activationDate).toBe('2020-07-15');
      expect((await call(sim, '/v1/clients/1')).body.activationDate).toEqual([2019, 3, 4]);
      const search = await call(sim, '/v1/savingsaccounts/7/transactions/search?limit=1');
      expect(search.body.content[0].date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });

    it('when standing instructions are listed for a client (10), then only theirs come back, by id', async () => {
      const res = await ok(
        '/v1/standinginstructions?clientId=1&offset=0&limit=100',
        'GetStandingInstructionsResponse',
      );
      const own = data.standingInstructions.filter((s: Rec) => s.fromClient.id === 1);
      expect(res.body).toEqual({ totalFilteredRecords: own.length, pageItems: own });
      const page = await ok(
        '/v1/standinginstructions?clientId=1&offset=2&limit=2',
        'GetStandingInstructionsResponse',
      );
      expect(page.body).toEqual({ totalFilteredRecords: own.length, pageItems: own.slice(2, 4) });
      const other = await call(sim, '/v1/standinginstructions?clientId=2');
      expect(ids(other.body.pageItems)).toEqual(
        ids(data.standingInstructions.filter((s: Rec) => s.fromClient.id === 2)),
      );
      const nobody = await call(sim, '/v1/standinginstructions?clientId=99&offset=0&limit=10');
      expect(nobody.body).toEqual({ totalFilteredRecords: 0, pageItems: [] });
    });

    it('when self-service beneficiaries are asked (11), then each user gets their own; the back office []', async () => {
      const mine = await ok(
        '/v1/self/beneficiaries/tpt',
        'GetSelfBeneficiariesTPTResponse',
        { auth: CLIENT1 },
        true,
      );
      expect(mine.body).toEqual(data.selfServiceUsers[0].beneficiaries);
      const office = await ok(
        '/v1/self/beneficiaries/tpt',
        'GetSelfBeneficiariesTPTResponse',
        {},
        true,
      );
      expect(office.body).toEqual([]);
    });
  });

  describe('tenant and authentication', () => {
    it('when the tenant header is missing, then it is 400 naming the header', async () => {
      const res = await call(sim, '/v1/clients/1', { tenant: null });
      const message =
        "No tenant identifier found: Add request header of 'Fineract-Platform-TenantId' or add the parameter 'tenantIdentifier' to query string of request URL.";
      expect({ status: res.status, body: res.body }).toEqual({
        status: 400,
        body: {
          developerMessage: message,
          httpStatusCode: '400',
          defaultUserMessage: message,
          userMessageGlobalisationCode: 'error.msg.tenant.identifier.missing',
          errors: [],
        },
      });
    });

    it('when the tenant is unknown, then it is 400 invalid tenant', async () => {
      const res = await call(sim, '/v1/clients/1', { tenant: 'other' });
      const message = 'The tenant identifier: other is invalid.';
      expect({ status: res.status, body: res.body }).toEqual({
        status: 400,
        body: {
          developerMessage: message,
          httpStatusCode: '400',
          defaultUserMessage: message,
          userMessageGlobalisationCode: 'error.msg.invalid.tenant.identifier',
          errors: [],
        },
      });
    });

    it('when the tenant comes as ?tenantIdentifier=, then it is accepted', async () => {
      const res = await call(sim, '/v1/clients/1?tenantIdentifier=default', { tenant: null });
      expect(res.status).toBe(200);
    });

    it.each([
      ['no credentials', null],
      ['a wrong password', { user: 'mifos', password: 'nope' }],
      ['an unknown user', { user: 'someone', password: 'password' }],
    ])('when %s are sent, then it is 401 not authenticated', async (_name, auth) => {
      const res = await call(sim, '/v1/clients/1', { auth });
      expect({ status: res.status, body: res.body }).toEqual({
        status: 401,
        body: {
          developerMessage: 'Invalid authentication details were passed in api request.',
          httpStatusCode: '401',
          defaultUserMessage: 'Unauthenticated. Please login.',
          userMessageGlobalisationCode: 'error.msg.not.authenticated',
          errors: [],
        },
      });
      expect(res.headers.get('www-authenticate')).toBe('Basic');
    });

    it('when a self-service user calls a back-office endpoint, then it is 403', async () => {
      const res = await call(sim, '/v1/clients/1', { auth: CLIENT1 });
      expect({ status: res.status, body: res.body }).toEqual({
        status: 403,
        body: {
          developerMessage: 'User has no authority to access this resource.',
          httpStatusCode: '403',
          defaultUserMessage: 'User has no authority to access this resource.',
          userMessageGlobalisationCode: 'error.msg.not.authorized',
          errors: [],
        },
      });
    });

    it('when a method other than GET is used, then it is 405', async () => {
      const res = await call(sim, '/v1/clients/1', { method: 'DELETE' });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET');
    });
  });

  describe('404 bodies', () => {
    it.each([
      [
        '/v1/clients/99',
        'error.msg.client.id.invalid',
        'Client with identifier 99 does not exist',
        99,
      ],
      [
        '/v1/clients/99/accounts',
        'error.msg.client.id.invalid',
        'Client with identifier 99 does not exist',
        99,
      ],
      [
        '/v1/savingsaccounts/5',
        'error.msg.saving.account.id.invalid',
        'Savings account with identifier 5 does not exist',
        5,
      ],
      [
        '/v1/fixeddepositaccounts/1',
        'error.msg.fixeddepositaccount.id.invalid',
        'Fixed deposit account with identifier 1 does not exist',
        1,
      ],
      [
        '/v1/recurringdepositaccounts/5',
        'error.msg.recurringdepositaccount.id.invalid',
        'Recurring deposit account with identifier 5 does not exist',
        5,
      ],
      [
        '/v1/loans/99?associations=repaymentSchedule',
        'error.msg.loan.id.invalid',
        'Loan with identifier 99 does not exist',
        99,
      ],
      [
        '/v1/loans/99/transactions?page=0&size=5',
        'error.msg.loan.id.invalid',
        'Loan with identifier 99 does not exist',
        99,
      ],
      [
        '/v1/savingsaccounts/99/transactions/search',
        'error.msg.saving.account.id.invalid',
        'Savings account with identifier 99 does not exist',
        99,
      ],
      [
        '/v1/loans/1/transactions/99999',
        'error.msg.loan.transaction.id.invalid',
        'Transaction with identifier 99999 does not exist',
        99999,
      ],
    ])('when %s is asked, then it is 404 with %s', async (target, code, message, id) => {
      const res = await call(sim, target);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 404,
        body: notFoundBody(code, message, id),
      });
    });

    it.each(['/v1/nothing', '/v1/clients/abc', '/v2/clients/1', '/other/path', '/v1/loans/1/x/y'])(
      'when the unknown path %s is asked, then it is 404 resource not found',
      async (target) => {
        const res = await fetch(sim.url.replace('/fineract-provider/api', '') + '/x');
        expect(res.status).toBe(404);
        const known = await call(sim, target);
        expect({ status: known.status, body: known.body }).toEqual({
          status: 404,
          body: notFoundBody(),
        });
      },
    );
  });

  describe('transaction search (8)', () => {
    const search = (id: number, q: string) =>
      call(sim, `/v1/savingsaccounts/${id}/transactions/search?${q}`);
    const window = (from: string, to: string) =>
      `fromDate=${from}&toDate=${to}&dateFormat=yyyy-MM-dd&locale=en`;
    // Reversal entries never come: Fineract's search filters `is_reversal = false`.
    const expected = (id: number, from = '0000-01-01', to = '9999-12-31') =>
      savingsTxs(id)
        .filter((t) => t.isReversal !== true && iso(t.date) >= from && iso(t.date) <= to)
        .sort(newestFirst);

    it('when no window is given, then every transaction comes back, newest first, ties by id descending', async () => {
      const res = await ok(
        '/v1/savingsaccounts/1/transactions/search?limit=1000',
        'SavingsAccountTransactionsSearchResponse',
      );
      expect(res.body.total).toBe(savingsTxs(1).length);
      expect(ids(res.body.content)).toEqual(ids(expected(1)));
      // Same-day transactions exist, so the id tie-break is exercised.
      const days = expected(1).map((t) => iso(t.date));
      expect(new Set(days).size).toBeLessThan(days.length);
    });

    it.each([
      ['2026-03-01', '2026-03-31'],
      ['2025-11-21', '2025-11-21'],
      ['2026-11-20', '2026-11-20'],
      ['2025-01-01', '2025-11-20'],
    ])('when the window is %s to %s, then it is inclusive on both days', async (from, to) => {
      const res = await ok(
        `/v1/savingsaccounts/1/transactions/search?${window(from, to)}&orderBy=transactionDate&sortOrder=DESC`,
        'SavingsAccountTransactionsSearchResponse',
      );
      expect(res.body.total).toBe(expected(1, from, to).length);
      expect(ids(res.body.content)).toEqual(ids(expected(1, from, to)));
    });

    it('when only fromDate is given, then the window is open at the end', async () => {
      const res = await search(1, 'fromDate=2026-11-01&dateFormat=yyyy-MM-dd&locale=en');
      expect(ids(res.body.content)).toEqual(ids(expected(1, '2026-11-01')));
    });

    it('when a window is walked page by page (offset is the page number), then every transaction comes once, in order, with the window total', async () => {
      const all = expected(1, '2026-01-01', '2026-10-31');
      const seen: Rec[] = [];
      for (let page = 0; page * 7 < all.length + 7; page += 1) {
        const res = await search(
          1,
          `${window('2026-01-01', '2026-10-31')}&offset=${page}&limit=7&orderBy=transactionDate,id&sortOrder=DESC`,
        );
        expect(res.body.total).toBe(all.length);
        expect(res.body.content.length).toBe(Math.max(0, Math.min(7, all.length - page * 7)));
        seen.push(...res.body.content);
      }
      expect(ids(seen)).toEqual(ids(all));
    });

    it("when no limit is given, then a page holds 50 (Fineract's default page size)", async () => {
      const res = await search(1, 'offset=1');
      expect(res.body.total).toBe(savingsTxs(1).length);
      expect(ids(res.body.content)).toEqual(ids(expected(1).slice(50, 100)));
    });

    it('when sortOrder is ASC, then the order is exactly reversed', async () => {
      const res = await search(1, `${window('2026-01-01', '2026-06-30')}&sortOrder=ASC&limit=1000`);
      expect(ids(res.body.content)).toEqual(ids(expected(1, '2026-01-01', '2026-06-30')).reverse());
    });

    it('when ordered by id, then ids ascend or descend', async () => {
      const asc = await search(2, 'orderBy=id&sortOrder=ASC');
      expect(ids(asc.body.content)).toEqual(ids(expected(2)).sort((a, b) => a - b));
      const desc = await search(2, 'orderBy=id&sortOrder=DESC');
      expect(ids(desc.body.content)).toEqual(ids(expected(2)).sort((a, b) => b - a));
    });

    it('when fixed and recurring deposit ids are searched, then their transactions are served', async () => {
      for (const a of [...data.fixedDepositAccounts, ...data.recurringDepositAccounts]) {
        const res = await ok(
          `/v1/savingsaccounts/${a.id}/transactions/search?offset=0&limit=1000`,
          'SavingsAccountTransactionsSearchResponse',
        );
        expect(ids(res.body.content)).toEqual(ids(expected(a.id)));
      }
    });

    it('when string-dated transactions are searched by window, then the window applies too', async () => {
      const res = await search(7, window('2026-07-01', '2026-08-31'));
      expect(ids(res.body.content)).toEqual(ids(expected(7, '2026-07-01', '2026-08-31')));
      expect(res.body.content.length).toBeGreaterThan(0);
    });

    it.each([
      ['fromDate=2026-01-01', 'dateFormat', 'validation.msg.dateFormat.cannot.be.blank'],
      [
        'fromDate=2026-02-30&dateFormat=yyyy-MM-dd',
        'fromDate',
        'validation.msg.invalid.date.format',
      ],
      ['toDate=20260101&dateFormat=yyyy-MM-dd', 'toDate', 'validation.msg.invalid.date.format'],
      [
        'fromDate=01/02/2026&dateFormat=dd/MM/yyyy',
        'dateFormat',
        'validation.msg.invalid.dateFormat.format',
      ],
      ['offset=-1', 'offset', 'validation.msg.offset.is.not.valid.integer'],
      ['limit=0', 'limit', 'validation.msg.limit.is.not.valid.integer'],
      ['limit=ten', 'limit', 'validation.msg.limit.is.not.valid.integer'],
      ['orderBy=amount', 'orderBy', 'validation.msg.invalid.orderBy'],
      ['sortOrder=UP', 'sortOrder', 'validation.msg.invalid.sortOrder'],
    ])('when the search gets %s, then it is 400 naming %s', async (q, parameter, code) => {
      const res = await search(1, q);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        developerMessage: 'Validation errors exist.',
        httpStatusCode: '400',
        defaultUserMessage: 'Validation errors exist.',
        userMessageGlobalisationCode: 'validation.msg.validation.errors.exist',
        errors: [
          expect.objectContaining({ parameterName: parameter, userMessageGlobalisationCode: code }),
        ],
      });
    });
  });

  describe('transaction search filters (8)', () => {
    const search = (id: number, q: string) =>
      call(sim, `/v1/savingsaccounts/${id}/transactions/search?limit=1000&${q}`);
    /** Entry types of the SavingsAccountTransactionType ids the data set holds. */
    const entryOf = (t: Rec): string | undefined =>
      ({ 1: 'CREDIT', 2: 'DEBIT', 3: 'CREDIT', 4: 'DEBIT', 17: 'DEBIT' })[
        t.transactionType.id as number
      ];
    const kept = (id: number, keep: (t: Rec) => boolean) =>
      ids(
        savingsTxs(id)
          .filter((t) => t.isReversal !== true && keep(t))
          .sort(newestFirst),
      );

    it('when amounts bound the search, then both bounds are inclusive on the unsigned amount', async () => {
      const some = savingsTxs(1).find((t) => t.transactionType.id === 2)!;
      const amount = String(some.amount);
      const res = await search(1, `fromAmount=${amount}&toAmount=${amount}`);
      expect(ids(res.body.content)).toEqual(kept(1, (t) => String(t.amount) === amount));
      expect(ids(res.body.content)).toContain(some.id);
      const big = await search(1, 'fromAmount=1000');
      expect(ids(big.body.content)).toEqual(kept(1, (t) => Number(String(t.amount)) >= 1000));
      expect(big.body.total).toBe(big.body.content.length);
    });

    it.each([
      ['types=3,17', (t: Rec) => [3, 17].includes(t.transactionType.id)],
      ['credit=true', (t: Rec) => entryOf(t) === 'CREDIT'],
      ['debit=true', (t: Rec) => entryOf(t) === 'DEBIT'],
      ['credit=false', (t: Rec) => entryOf(t) !== 'CREDIT'],
      ['credit=true&debit=true', (t: Rec) => entryOf(t) !== undefined],
      ['credit=true&types=2', () => false],
      ['debit=true&types=2,3', (t: Rec) => t.transactionType.id === 2],
    ])('when the search gets %s, then only those types come', async (q, keep) => {
      const res = await search(2, q);
      expect(res.status).toBe(200);
      expect(ids(res.body.content)).toEqual(kept(2, keep));
      expect(res.body.total).toBe(kept(2, keep).length);
    });

    it('when an account has a reversed debit, then the reversed one comes and its reversal entry does not', async () => {
      const all = await search(2, '');
      const raw = savingsTxs(2);
      expect(all.body.total).toBe(raw.length - 1);
      expect(ids(all.body.content)).toContain(raw.find((t) => t.reversed === true)!.id);
      expect(ids(all.body.content)).not.toContain(raw.find((t) => t.isReversal === true)!.id);
    });

    it('when an amount is not a decimal, then it is 404 (JAX-RS cannot convert it)', async () => {
      const res = await search(1, 'fromAmount=ten');
      expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: notFoundBody() });
    });
  });

  describe('one transaction (12, 13) and client addresses (14)', () => {
    const EMPTY_RESULT = { Exception: 'Incorrect result size: expected 1, actual 0' };
    const PATHS = {
      100: 'savingsaccounts',
      200: 'fixeddepositaccounts',
      300: 'recurringdepositaccounts',
    };
    const accounts = (): Rec[] => [
      ...data.savingsAccounts,
      ...data.fixedDepositAccounts,
      ...data.recurringDepositAccounts,
    ];

    it('when each savings-table account’s first transaction is read under its own kind, then the recorded one comes', async () => {
      for (const a of accounts()) {
        const tx = savingsTxs(a.id)[0];
        if (!tx) continue;
        const kind = PATHS[a.depositType.id as 100 | 200 | 300];
        const res = await ok(
          `/v1/${kind}/${a.id}/transactions/${tx.id}`,
          'GetSavingsAccountTransactionsPageItem',
        );
        expect(res.body).toEqual(tx);
      }
    });

    it.each([
      ['an unknown id', '/v1/savingsaccounts/1/transactions/99999'],
      [
        'another account’s transaction',
        () => `/v1/savingsaccounts/1/transactions/${savingsTxs(2)[0]!.id}`,
      ],
      [
        'a fixed deposit under the savings path',
        () => `/v1/savingsaccounts/5/transactions/${savingsTxs(5)[0]!.id}`,
      ],
      [
        'a savings account under the fixed deposit path',
        () => `/v1/fixeddepositaccounts/1/transactions/${savingsTxs(1)[0]!.id}`,
      ],
      ['an unknown account', '/v1/recurringdepositaccounts/99/transactions/1'],
    ])('when %s is read, then it is the 500 of an empty single-row read', async (_what, target) => {
      const res = await call(sim, typeof target === 'function' ? target() : target);
      expect({ status: res.status, body: res.body }).toEqual({ status: 500, body: EMPTY_RESULT });
    });

    it.each(['/v1/savingsaccounts/1/transactions/abc', '/v1/loans/1/transactions/abc'])(
      'when %s (not a long) is read, then no resource matches: 404',
      async (target) => {
        const res = await call(sim, target);
        expect({ status: res.status, body: res.body }).toEqual({
          status: 404,
          body: notFoundBody(),
        });
      },
    );

    it('when a loan transaction is read under its loan, then the recorded one comes; under another loan, 404', async () => {
      const tx = loanTxs(1)[3]!;
      const res = await ok(
        `/v1/loans/1/transactions/${tx.id}`,
        'GetLoansLoanIdTransactionsTransactionIdResponse',
      );
      expect(res.body).toEqual(tx);
      const other = await call(sim, `/v1/loans/2/transactions/${tx.id}`);
      expect(other.status).toBe(404);
      expect(other.body.errors[0].userMessageGlobalisationCode).toBe(
        'error.msg.loan.transaction.id.invalid',
      );
    });

    it('when a client’s addresses are asked, then all come; status and type keep some', async () => {
      const all = data.clientAddresses['1'] as Rec[];
      const res = await ok('/v1/client/1/addresses', 'AddressData', {}, true);
      expect(res.body).toEqual(all);
      expect(all.some((a) => a.isActive === false)).toBe(true);
      const active = await ok('/v1/client/1/addresses?status=true', 'AddressData', {}, true);
      expect(active.body).toEqual(all.filter((a) => a.isActive === true));
      const inactive = await call(sim, '/v1/client/1/addresses?status=false');
      expect(inactive.body).toEqual(all.filter((a) => a.isActive === false));
      const postal = await call(sim, '/v1/client/1/addresses?type=22');
      expect(postal.body).toEqual(all.filter((a) => a.addressTypeId === 22));
    });

    it('when a client without addresses or an unknown one is asked, then the list is empty (Fineract does not check)', async () => {
      for (const id of [3, 99]) {
        const res = await ok(`/v1/client/${id}/addresses`, 'AddressData', {}, true);
        expect(res.body).toEqual([]);
      }
      const bad = await call(sim, '/v1/client/1/addresses?type=postal');
      expect(bad.status).toBe(404);
    });
  });

  describe('loan transactions, Spring paging (9)', () => {
    const page = (id: number, q: string) => call(sim, `/v1/loans/${id}/transactions?${q}`);
    const desc = (id: number) => [...loanTxs(id)].sort(newestFirst);

    it('when every page is walked, then totals, first, last and counts are exact and each transaction comes once', async () => {
      const all = desc(1);
      const size = 7;
      const pages = Math.ceil(all.length / size);
      const seen: Rec[] = [];
      for (let p = 0; p < pages; p += 1) {
        const res = await ok(
          `/v1/loans/1/transactions?page=${p}&size=${size}&sort=transactionDate,desc`,
          'GetLoansLoanIdTransactionsResponse',
        );
        const count = Math.min(size, all.length - p * size);
        expect(res.body).toEqual(
          expect.objectContaining({
            totalElements: all.length,
            totalPages: pages,
            number: p,
            size,
            first: p === 0,
            last: p === pages - 1,
            numberOfElements: count,
            empty: false,
            sort: { empty: false, sorted: true, unsorted: false },
          }),
        );
        expect(res.body.pageable).toEqual(
          expect.objectContaining({ pageNumber: p, pageSize: size, offset: p * size }),
        );
        seen.push(...res.body.content);
      }
      expect(ids(seen)).toEqual(ids(all));
    });

    it('when the page after the last is asked, then it is empty with the same totals', async () => {
      const all = desc(1);
      const res = await page(
        1,
        `page=${Math.ceil(all.length / 10)}&size=10&sort=transactionDate,desc`,
      );
      expect(res.body).toEqual(
        expect.objectContaining({
          content: [],
          totalElements: all.length,
          first: false,
          last: true,
          numberOfElements: 0,
          empty: true,
        }),
      );
    });

    it('when sorted ascending, then the order is reversed; unsorted is ascending too', async () => {
      const asc = await page(2, 'size=100&sort=transactionDate,asc');
      expect(ids(asc.body.content)).toEqual(ids(desc(2)).reverse());
      const plain = await page(2, 'size=100');
      expect(ids(plain.body.content)).toEqual(ids(desc(2)).reverse());
      expect(plain.body.sort).toEqual({ empty: true, sorted: false, unsorted: true });
    });

    it('when no size is given, then it is 20; a size over 2000 is 2000; bad values fall back', async () => {
      expect((await page(1, '')).body.size).toBe(20);
      expect((await page(1, 'size=5000')).body.size).toBe(2000);
      const bad = await page(1, 'page=-3&size=abc');
      expect([bad.body.number, bad.body.size]).toEqual([0, 20]);
    });

    it('when a loan with one page is asked, then it is both first and last', async () => {
      const res = await page(3, 'page=0&size=100&sort=transactionDate,desc');
      expect([res.body.first, res.body.last, res.body.totalPages]).toEqual([true, true, 1]);
      expect(ids(res.body.content)).toEqual(ids(desc(3)));
    });

    it('when sorted by an unknown property, then it is 400', async () => {
      const res = await page(1, 'sort=amount,desc');
      expect(res.status).toBe(400);
      expect(res.body.errors[0].parameterName).toBe('sort');
    });
  });

  describe('the request log', () => {
    it('when requests arrive, then each is logged with its path below the root, query, user and tenant', async () => {
      const before = sim.requests.length;
      await call(sim, '/v1/loans/2/transactions?page=1&size=3&sort=transactionDate,desc');
      await call(sim, '/v1/self/beneficiaries/tpt', { auth: CLIENT1 });
      expect(sim.requests.slice(before)).toEqual([
        {
          method: 'GET',
          path: '/v1/loans/2/transactions',
          query: { page: '1', size: '3', sort: 'transactionDate,desc' },
          user: 'mifos',
          tenant: 'default',
        },
        {
          method: 'GET',
          path: '/v1/self/beneficiaries/tpt',
          query: {},
          user: 'client1',
          tenant: 'default',
        },
      ]);
    });
  });
});

describe('simulator faults', () => {
  let sim: FineractSimulator;
  beforeEach(async () => {
    sim = await startFineractSimulator();
  });
  afterEach(() => sim.close());

  it('when error500 is set, then every call is 500 with a Fineract body until none is set', async () => {
    sim.setFault('error500');
    const res = await call(sim, '/v1/clients/1');
    expect(res.status).toBe(500);
    expect(res.body).toEqual(
      expect.objectContaining({
        httpStatusCode: '500',
        userMessageGlobalisationCode: 'error.msg.platform.server.side.error',
      }),
    );
    // Faults come before authentication: the outage is the whole server.
    expect((await call(sim, '/v1/clients/1', { auth: null })).status).toBe(500);
    sim.setFault('none');
    expect((await call(sim, '/v1/clients/1')).status).toBe(200);
  });

  it('when unavailable503 is set with retryAfterSeconds, then it is 503 with that Retry-After; without, none', async () => {
    sim.setFault('unavailable503', { retryAfterSeconds: 17 });
    const res = await call(sim, '/v1/clients/1');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('17');
    expect(res.body.userMessageGlobalisationCode).toBe('error.msg.platform.service.unavailable');
    sim.setFault('unavailable503');
    const bare = await call(sim, '/v1/clients/1');
    expect([bare.status, bare.headers.get('retry-after')]).toEqual([503, null]);
  });

  it('when calls are answered, then no request stays open', async () => {
    await call(sim, '/v1/clients/1');
    await call(sim, '/v1/clients/99');
    expect(sim.openRequests()).toBe(0);
  });

  it('when reset is set, then the connection is destroyed and the call fails', async () => {
    sim.setFault('reset');
    await expect(call(sim, '/v1/clients/1')).rejects.toThrow();
    expect(sim.requests.map((r) => r.path)).toEqual(['/v1/clients/1']);
    sim.setFault('none');
    expect((await call(sim, '/v1/clients/1')).status).toBe(200);
  });

  it('when hang is set, then no answer comes until close, which ends the hanging socket', async () => {
    sim.setFault('hang');
    let settled = false;
    const pending = call(sim, '/v1/clients/1').finally(() => {
      settled = true;
    });
    const outcome = pending.then(
      () => 'answered',
      () => 'failed',
    );
    // At the simulator, and held there: no answer.
    await waitFor(() => sim.openRequests() === 1, 'the request held by the simulator');
    expect(settled).toBe(false);
    expect([sim.openSockets(), sim.openRequests()]).toEqual([1, 1]);
    await sim.close();
    expect(await outcome).toBe('failed');
    expect(sim.openSockets()).toBe(0);
    await new Promise((r) => setImmediate(r));
    expect(sim.openRequests()).toBe(0);
  });
});

describe('the simulator without the self-service plugin', () => {
  let sim: FineractSimulator;
  beforeAll(async () => {
    sim = await startFineractSimulator({ selfServicePlugin: false });
  });
  afterAll(() => sim.close());

  it('when a self-service path is asked, then it is 404 resource-not-found for every user', async () => {
    for (const auth of [CLIENT1, BACK_OFFICE]) {
      const res = await call(sim, '/v1/self/beneficiaries/tpt', { auth });
      expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: notFoundBody() });
    }
  });

  it('when the core is asked, then it answers as with the plugin; credentials are still checked', async () => {
    const client = await call(sim, '/v1/clients/1');
    expect(client.status).toBe(200);
    expect(client.body.id).toBe(1);
    const wrong = await call(sim, '/v1/self/beneficiaries/tpt', {
      auth: { user: 'client1', password: 'wrong' },
    });
    expect(wrong.status).toBe(401);
  });
});
