/**
 * The Temenos simulator's data set (adapters/temenos/simulator/data/dataset.json): the committed
 * file is what its generator writes, it holds every kind of customer and account the plan names,
 * its books balance, and the simulator serves it so: each email finds its customer, the joint
 * account is seen by both holders, the business names its contact person.
 */
import fs from 'node:fs';
import { TEMENOS_CATEGORIES, TEMENOS_PRODUCTS, TEMENOS_SECTORS } from '../../simulator/catalogue';
import { DEFAULT_DATASET_FILE, loadTemenosDataset } from '../../simulator/dataset';
import { datasetJson } from '../../simulator/generate-dataset';
import { callSimulator as call } from '../../simulator/sim-client';
import { centsOf } from '../../simulator/sim-dates';
import { startTemenosSimulator, type TemenosSimulator } from '../../simulator/simulator';

const data = loadTemenosDataset();
const JOINT = '10000221';
let sim: TemenosSimulator;

beforeAll(async () => {
  sim = await startTemenosSimulator({ port: 0, dataset: data });
});

afterAll(async () => {
  await sim.close();
});

describe('temenos simulator data set', () => {
  it('when generated again, then it is the committed file (regenerate with generate-dataset.ts)', () => {
    const committed = JSON.stringify(JSON.parse(fs.readFileSync(DEFAULT_DATASET_FILE, 'utf8')));
    expect(committed).toBe(datasetJson());
  });

  it('when read, then it has people, a company, and the company names its contact person', () => {
    const kinds = data.customers.map((c) => [c.customerId, c.kind]);
    expect(kinds).toEqual([
      ['100100', 'INDIVIDUAL'],
      ['100200', 'INDIVIDUAL'],
      ['100300', 'CORPORATE'],
      ['100400', 'INDIVIDUAL'],
      ['100500', 'INDIVIDUAL'],
    ]);
    const company = data.customers[2]!;
    expect(company.sectorId).toBe(TEMENOS_SECTORS.corporate.sectorId);
    expect(company.relations).toEqual([
      { customerId: '100400', relationship: 'SIGNATORY', code: 71 },
    ]);
    for (const c of data.customers) expect(c.customerId).toMatch(/^\d{6}$/);
  });

  it('when read, then every email address is unique and every customer has one, a phone and an address', () => {
    const emails = data.customers.flatMap((c) => c.emails);
    expect(new Set(emails).size).toBe(emails.length);
    for (const c of data.customers) {
      expect(c.emails.length).toBeGreaterThan(0);
      expect(c.phones.length).toBeGreaterThan(0);
      expect(c.address).toMatchObject({
        street: expect.any(String),
        postCode: expect.any(String),
        country: 'AU',
      });
    }
  });

  it('when read, then the accounts cover every category and the individual holds each kind', () => {
    const categories = new Set(data.accounts.map((a) => a.categoryId));
    expect([...categories].sort()).toEqual(TEMENOS_CATEGORIES.map((c) => c.categoryId).sort());
    const charlotte = data.accounts.filter((a) => a.holders[0]!.customerId === '100100');
    expect(charlotte.map((a) => a.categoryId).sort()).toEqual([
      '1001',
      '1001',
      '3001',
      '6001',
      '6601',
    ]);
    expect(charlotte.find((a) => a.accountId === '10000183')!.overdraftLimit).toBe('1000.00');
    for (const a of data.accounts) {
      expect(a.accountId).toMatch(/^\d{8}$/);
      expect(a.arrangementId).toMatch(/^AA\d{5}[A-Z0-9]{5}$/);
      expect(
        TEMENOS_PRODUCTS.some((p) => p.productId === a.productId && p.categoryId === a.categoryId),
      ).toBe(true);
    }
    expect(
      data.accounts.find((a) => a.accountId === JOINT)!.holders.map((h) => h.customerId),
    ).toEqual(['100100', '100200']);
  });

  it('when read, then each account books to its balance and holds its pending debits', () => {
    for (const a of data.accounts) {
      const entries = data.transactions.filter((t) => t.accountId === a.accountId);
      const posted = entries.filter((t) => t.status === 'POSTED');
      const last = posted.reduce(
        (x, t) => (t.entryReference! > x.entryReference! ? t : x),
        posted[0]!,
      );
      expect({ id: a.accountId, balance: last.balanceAfter }).toEqual({
        id: a.accountId,
        balance: a.workingBalance,
      });
      const held = entries
        .filter((t) => t.status === 'PENDING' && centsOf(t.amount) < 0)
        .reduce((s, t) => s - centsOf(t.amount), 0);
      expect(centsOf(a.lockedAmount)).toBe(held);
    }
    const loan = data.accounts.find((a) => a.categoryId === '3001')!;
    const lastPaid = loan.schedule!.filter((l) => l.state === 'PAID').at(-1)!;
    expect(centsOf(loan.workingBalance)).toBe(-centsOf(lastPaid.outstanding));
  });

  it('when read, then one account has over 60 posted entries and pending ones too', () => {
    const busy = data.transactions.filter((t) => t.accountId === '10000183');
    expect(busy.filter((t) => t.status === 'POSTED').length).toBeGreaterThan(60);
    const pending = busy.filter((t) => t.status === 'PENDING');
    expect(pending.length).toBe(3);
    for (const t of pending) {
      expect(t.balanceAfter).toBeUndefined();
      expect(t.bookingDate).toBeUndefined();
      expect(t.entryReference).toBeUndefined();
      expect(t.processingDate > data.businessDate).toBe(true);
    }
  });

  it('when read, then standing orders run daily, weekly, fortnightly, monthly and yearly', () => {
    const rules = data.standingOrders.map((o) => o.rule);
    expect(rules).toEqual(
      expect.arrayContaining([
        'e0Y e0M e0W e1D e0F',
        'e0Y e0M e1W e0D e0F',
        'e0Y e0M e2W e0D e0F',
        'e0Y e1M e0W o1D e0F',
        'e1Y e0M e0W o1D e0F',
      ]),
    );
    for (const o of data.standingOrders) expect(o.nextDate > data.businessDate).toBe(true);
  });

  it('when read, then beneficiaries include a domestic one by BSB and an international one by IBAN and BIC', () => {
    const products = data.beneficiaries.map((b) => b.product);
    expect(products).toEqual(expect.arrayContaining(['DOMESTIC', 'SWIFT', 'INTERNAL', 'BPAY']));
    const domestic = data.beneficiaries.find((b) => b.product === 'DOMESTIC')!;
    expect(domestic).toMatchObject({
      bsb: expect.stringMatching(/^\d{6}$/),
      accountId: expect.any(String),
    });
    const abroad = data.beneficiaries.find((b) => b.product === 'SWIFT')!;
    expect(abroad).toMatchObject({
      iban: expect.stringMatching(/^[A-Z]{2}\d{2}/),
      bic: expect.any(String),
    });
  });
});

describe('temenos simulator data as served', () => {
  it('when each email is searched, then exactly its customer is found', async () => {
    for (const c of data.customers) {
      for (const email of c.emails) {
        const { body } = await call(
          sim,
          `/api/v4.0.0/party/customers?email=${encodeURIComponent(email)}`,
        );
        expect({ email, ids: body.body.map((x: { customerId: string }) => x.customerId) }).toEqual({
          email,
          ids: [c.customerId],
        });
      }
    }
    const none = await call(sim, '/api/v4.0.0/party/customers?email=nobody@example.com');
    expect(none.body.body).toEqual([]);
    const upper = await call(sim, '/api/v4.0.0/party/customers?email=LIAM.WILSON@EXAMPLE.COM');
    expect(upper.body.body).toEqual([]); // Transact compares as written
  });

  it('when searched with the contains and begins-with forms, then they select as their names say', async () => {
    const ct = await call(sim, '/api/v4.0.0/party/customers?emailCT=wilson');
    expect(ct.body.body.map((c: { customerId: string }) => c.customerId)).toEqual([
      '100100',
      '100200',
    ]);
    const bw = await call(sim, '/api/v4.0.0/party/customers?lastNameBW=Sha');
    expect(bw.body.body.map((c: { customerId: string }) => c.customerId)).toEqual(['100400']);
    const rel = await call(sim, '/api/v4.0.0/party/customers?relCustomer=100400');
    expect(rel.body.body.map((c: { customerId: string }) => c.customerId)).toEqual(['100300']);
  });

  it('when each holder lists its accounts, then both see the joint account', async () => {
    for (const customerId of ['100100', '100200']) {
      const own = await call(sim, `/api/v1.0.0/holdings/customers/${customerId}/accounts`);
      expect(own.body.body.map((a: { accountId: string }) => a.accountId)).toContain(JOINT);
      const listed = await call(sim, `/api/v4.1.0/holdings/accounts?customerId=${customerId}`);
      const joint = listed.body.body.find((a: { accountId: string }) => a.accountId === JOINT);
      expect(
        joint.customerDetails.map((d: { customer: string; customerRole: string }) => [
          d.customer,
          d.customerRole,
        ]),
      ).toEqual([
        ['100100', 'OWNER'],
        ['100200', 'JOINT.OWNER'],
      ]);
      const one = await call(sim, `/api/v1.0.0/holdings/customers/${customerId}/accounts/${JOINT}`);
      expect(one.status).toBe(200);
    }
    const details = await call(sim, `/api/v4.1.0/holdings/accounts/${JOINT}`);
    expect(details.body.body[0].jointCustomers).toEqual([
      { customerId: '100200', customerName: 'Liam Wilson' },
    ]);
    const joint = await call(sim, '/api/v4.0.0/party/customers/100200/jointCustomers');
    expect(joint.body.body[0].jointCustomerDetails[0]).toMatchObject({ jointCustomer: 100100 });
  });

  it("when a customer asks for another's account, then it is 404", async () => {
    const answer = await call(sim, '/api/v1.0.0/holdings/customers/100400/accounts/10000183');
    expect(answer.status).toBe(404);
  });

  it('when every customer is listed, then each kind is there with its sector', async () => {
    const { body } = await call(sim, '/api/v4.0.0/party/customers');
    const sectors = body.body.map((c: { customerId: string; sectorName: string }) => [
      c.customerId,
      c.sectorName,
    ]);
    expect(sectors).toEqual([
      ['100100', 'INDV'],
      ['100200', 'INDV'],
      ['100300', 'CORP'],
      ['100400', 'INDV'],
      ['100500', 'INDV'],
    ]);
    const company = body.body[2];
    expect(company).toMatchObject({
      customerName: 'Wattle Creek Bakery Pty Ltd',
      taxIds: [{ taxId: '51824753556' }],
    });
    expect(company.relCust).toEqual([{ relCustomer: '100400', relationshipCode: '71' }]);
  });
});
