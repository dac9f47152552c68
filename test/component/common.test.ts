/**
 * Row 1 (the account authorisation list) and row 12 (customer detail) through the real app on the
 * bundled demo data. Expected bodies are computed here from sample.json, independently of the
 * gateway's services and mappers. The tests run twice: with the family served from the demo core,
 * and passed through to an upstream gateway on the demo core (the authorisation list is the
 * gateway's own either way).
 */
import fs from 'node:fs';
import path from 'node:path';
import { contractErrors } from '../helpers/contracts';
import type { TestGateway, TestResponse } from '../helpers/gateway';
import { mappedGateway, passedThroughGateway } from '../helpers/upstream';

type Rec = Record<string, unknown>;
interface User {
  id: string;
  email: string;
  isAccountHolder: boolean;
}
interface Account extends Rec {
  accountId: string;
  displayName?: string;
  subtitle?: string;
  openStatus?: string;
  complexAccountType: string;
  users: User[];
  sharingRefusal?: string;
}
interface Customer {
  customerId: string;
  sharingRefusal?: string;
  detail: Rec;
  bankingAccounts: Account[];
  energyAccounts: Account[];
}

const SAMPLE = path.join(__dirname, '..', '..', 'adapters', 'demo', 'data', 'sample.json');
const sample = JSON.parse(fs.readFileSync(SAMPLE, 'utf8')) as { customers: Customer[] };
const customer = (id: string) => sample.customers.find((c) => c.customerId === id)!;
/** Customers whose data may be shared (the one flagged for harm is refused: sharing-refusals.test.ts). */
const CUSTOMERS = sample.customers.filter((c) => !c.sharingRefusal).map((c) => c.customerId);

/**
 * Row 1 of a customer: banking then energy accounts, in file order, as the interface shows;
 * blocked and suspended accounts left out.
 */
function expectedShareable(customerId: string): Rec[] {
  const c = customer(customerId);
  const listed = (a: Account) => a.sharingRefusal !== 'blocked' && a.sharingRefusal !== 'suspended';
  return [...c.bankingAccounts, ...c.energyAccounts].filter(listed).map((a) => ({
    accountId: a.accountId,
    ...(a.displayName === undefined ? {} : { displayName: a.displayName }),
    ...(a.subtitle === undefined ? {} : { subtitle: a.subtitle }),
    openStatus: a.openStatus ?? 'OPEN',
    extensions: { cdr: { complexAccountType: a.complexAccountType, users: a.users } },
  }));
}

/** Keys that only the demo file holds, or that belong to other endpoints. */
const FOREIGN_KEY =
  /"(balance|directDebits|scheduledPayments|instalmentPlans|fdx|invoices|concessions|plans|productCategory|bsb|accountNumber|maskedNumber)":/;

describe.each([
  ['served from the core', mappedGateway],
  ['passed through to an upstream', () => passedThroughGateway('common')],
])('common endpoints, %s', (_name, setup) => {
  let gw: TestGateway;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ gw, stop } = await setup());
  });
  afterAll(() => stop());

  const routeOf = (op: string) => gw.gateway.routes.find((r) => r.operationId === op)!;
  const expectError = (res: TestResponse, status: number, error: string) =>
    expect({ status: res.status, body: res.body }).toEqual({ status, body: { error } });
  const expectOk = (op: string, res: TestResponse, expected: unknown) => {
    expect(res.status).toBe(200);
    expect(contractErrors(routeOf(op).response, res.body)).toEqual([]);
    expect(res.body).toEqual(expected);
  };

  describe('row 1, the account authorisation list', () => {
    const OP = 'listShareableAccounts';
    const pathOf = (c: string) => `/auth/v1/customer/${c}/accounts`;

    it.each(CUSTOMERS)(
      'when %s lists its accounts, then it gets its banking then energy accounts in file order',
      async (c) => {
        const res = await gw.get(pathOf(c));
        expectOk(OP, res, { accounts: expectedShareable(c) });
        expect(res.text).not.toMatch(FOREIGN_KEY);
      },
    );

    it('when c-1001 lists its accounts, then the banking accounts come first', async () => {
      const res = await gw.get(pathOf('c-1001'));
      const ids = (res.body.accounts as Rec[]).map((a) => a.accountId as string);
      const c = customer('c-1001');
      expect(c.bankingAccounts.length).toBeGreaterThan(0);
      expect(c.energyAccounts.length).toBeGreaterThan(0);
      expect(ids).toEqual([
        ...c.bankingAccounts.map((a) => a.accountId),
        ...c.energyAccounts.map((a) => a.accountId),
      ]);
      expect(ids.findIndex((id) => id.startsWith('acc-e-'))).toBe(c.bankingAccounts.length);
    });

    it('when c-1001 lists its accounts, then the joint account has c-1002 among its users', async () => {
      const res = await gw.get(pathOf('c-1001'));
      const joint = (res.body.accounts as { extensions: { cdr: Rec } }[]).filter(
        (a) => a.extensions.cdr.complexAccountType === 'JOINT',
      );
      expect(joint.length).toBeGreaterThan(0);
      const users = joint.flatMap((a) => a.extensions.cdr.users as User[]);
      expect(users.map((u) => u.id)).toContain('c-1002');
      expect(users.map((u) => u.id)).toContain('c-1001');
    });

    it('when the list holds CLOSED accounts, then they are listed with openStatus CLOSED', async () => {
      const res = await gw.get(pathOf('c-1001'));
      const closed = (res.body.accounts as Rec[]).filter((a) => a.openStatus === 'CLOSED');
      const c = customer('c-1001');
      expect(closed.map((a) => a.accountId)).toEqual(
        [...c.bankingAccounts, ...c.energyAccounts]
          .filter((a) => a.openStatus === 'CLOSED')
          .map((a) => a.accountId),
      );
      expect(closed.length).toBeGreaterThan(0);
    });

    it('when the customer has no accounts, then it is 200 { accounts: [] }', async () => {
      expectOk(OP, await gw.get(pathOf('c-1003')), { accounts: [] });
    });

    it('when the customer is unknown, then it is 404 Customer not found', async () => {
      expectError(await gw.get(pathOf('c-9999')), 404, 'Customer not found');
    });

    it.each([['page=2'], ['page=abc&page-size=0'], ['open-status=CLOSED&foo=bar']])(
      'when the query is %j (the route takes none), then it is ignored',
      async (query) => {
        expectOk(OP, await gw.get(`${pathOf('c-1001')}?${query}`), {
          accounts: expectedShareable('c-1001'),
        });
      },
    );

    it('when it answers, then it is the successor and sends no Deprecation header', async () => {
      const res = await gw.get(pathOf('c-1001'));
      expect([res.headers.get('deprecation'), res.headers.get('link')]).toEqual([null, null]);
    });
  });

  describe('row 12, customer detail', () => {
    const OP = 'getCustomerDetail';
    const pathOf = (c: string) => `/v1/common/customer/${c}/detail`;

    it.each(CUSTOMERS)(
      'when %s asks for its detail, then it gets { data } equal to the file detail',
      async (c) => {
        const res = await gw.get(pathOf(c));
        expectOk(OP, res, { data: customer(c).detail });
        expect(Object.keys(res.body)).toEqual(['data']);
      },
    );

    it('when the detail is returned, then it carries no links, meta or account data', async () => {
      const res = await gw.get(pathOf('c-1001'));
      expect(res.text).not.toMatch(/"(links|meta|accounts|customerId)":/);
      expect(res.text).not.toMatch(FOREIGN_KEY);
    });

    it('when the customer is unknown, then it is 404 Customer not found', async () => {
      expectError(await gw.get(pathOf('c-9999')), 404, 'Customer not found');
    });

    it.each([['c-10011'], ['C-1001'], ['c-1001%20'], ['c-100']])(
      'when the customer id is %j (not exactly a known id), then it is 404 Customer not found',
      async (c) => {
        expectError(await gw.get(pathOf(c)), 404, 'Customer not found');
      },
    );

    it('when the query has parameters, then they are ignored', async () => {
      const res = await gw.get(`${pathOf('c-1002')}?page=0&type=BAD`);
      expectOk(OP, res, { data: customer('c-1002').detail });
    });
  });
});
