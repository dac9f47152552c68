/**
 * Every answer of the Temenos simulator, checked against the response schema its operation has
 * in Temenos's published Swagger 2.0 files (release 202102): success answers of every route (for
 * every customer, account, loan...), and the error bodies (400, 401, 404, 405, 500, 503) against
 * the operation's `400`, `500` or `default` schema. It also checks that each route is served at
 * exactly its file's `basePath` and path, under its `operationId`.
 *
 * The files are not in the repository (they carry no licence): they are read from
 * `TEMENOS_SWAGGER_DIR`, else from `shared/reference/temenos` beside the repository. Without
 * them the suite is skipped, and says so.
 *
 * One reading, on purpose: the files put `maximum` (and `minimum`) on numeric fields where they
 * mean Transact's field length (a balance "at most 19", a customer id "at most 10"), so on a
 * number they are checked as the length of its JSON text, not its value. Everything else (types,
 * `maxLength`, formats) is checked as written; `x-` extensions and `example` are ignored.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { TEMENOS_SERVICES, type TemenosService } from '../../simulator/route-types';
import { routeId, TEMENOS_ROUTES } from '../../simulator/routes';
import { callSimulator as call, type SimAnswer } from '../../simulator/sim-client';
import { startTemenosSimulator, type TemenosSimulator } from '../../simulator/simulator';

type Node = Record<string, unknown>;

const ROOT = path.resolve(__dirname, '../../../..');
// A test input (where the published files are), not gateway configuration.
// eslint-disable-next-line no-restricted-properties
const FROM_ENV = process.env.TEMENOS_SWAGGER_DIR;
const SWAGGER_DIR = FROM_ENV || path.resolve(ROOT, '..', 'shared', 'reference', 'temenos');

const FILES: Record<TemenosService, string> = {
  'party-customers': 'party-customerServices-v4.0.0-swagger.json',
  'party-beneficiaries': 'party-beneficiaries-service-v1.0.0-swagger.json',
  'holdings-customers': 'holdings-customers-service-v1.0.0-swagger.json',
  'holdings-accounts': 'holdings-accounts-service-v4.1.0-swagger.json',
  'holdings-transactions': 'holdings-transactions-service-v2.0.0-swagger.json',
  'holdings-loans': 'holdings-loans-service-v2.0.0-swagger.json',
  'order-direct-debits': 'order-directDebits-service-v1.0.0-swagger.json',
  'order-standing-orders': 'order-standingOrders-service-v1.0.0-swagger.json',
};

const missing = Object.values(FILES).filter((f) => !fs.existsSync(path.join(SWAGGER_DIR, f)));

/** Numeric `maximum`/`minimum` read as field lengths (see the module comment). */
function adapt(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(adapt);
  if (!node || typeof node !== 'object') return node;
  const out: Node = {};
  for (const [key, value] of Object.entries(node as Node)) out[key] = adapt(value);
  if ((out.type === 'number' || out.type === 'integer') && typeof out.maximum === 'number') {
    out.t24Length = out.maximum;
    delete out.maximum;
    delete out.minimum;
  }
  return out;
}

interface Swagger {
  basePath: string;
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, Node> }>>;
  definitions: Node;
}

/** The published files, each with a validator per operation and response code. */
class Published {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly docs = new Map<TemenosService, Swagger>();
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor() {
    addFormats(this.ajv);
    this.ajv.addKeyword({
      keyword: 't24Length',
      type: 'number',
      schemaType: 'number',
      validate: (max: number, value: number) => JSON.stringify(value).length <= max,
    });
    for (const [service, file] of Object.entries(FILES) as [TemenosService, string][]) {
      const doc = JSON.parse(fs.readFileSync(path.join(SWAGGER_DIR, file), 'utf8')) as Swagger;
      this.docs.set(service, doc);
      this.ajv.addSchema({ $id: this.idOf(service), definitions: adapt(doc.definitions) });
    }
  }

  private idOf(service: TemenosService): string {
    return `https://swagger.invalid/${FILES[service]}`;
  }

  doc(service: TemenosService): Swagger {
    return this.docs.get(service)!;
  }

  /** The validator of one response of one operation (`code`: `200`, `400`, `500`, `default`). */
  validator(service: TemenosService, apiPath: string, code: string): ValidateFunction {
    const key = `${service} ${apiPath} ${code}`;
    const found = this.compiled.get(key);
    if (found) return found;
    const schema = this.doc(service).paths[apiPath]!.get!.responses[code]!.schema as Node;
    const ref = schema.$ref as string;
    if (!ref?.startsWith('#/definitions/')) throw new Error(`${key}: not a definition reference`);
    const validate = this.ajv.compile({ $ref: `${this.idOf(service)}${ref}` });
    this.compiled.set(key, validate);
    return validate;
  }

  /** The schema's complaints about `body` (none: `[]`). */
  errors(service: TemenosService, apiPath: string, code: string, body: unknown): string[] {
    const validate = this.validator(service, apiPath, code);
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
  }
}

/** Requests that reach every record kind of each route (all of a list, no paging). */
function samples(sim: TemenosSimulator): Record<string, string[]> {
  const { customers, accounts, transactions } = sim.data;
  const cs = customers.map((c) => c.customerId);
  const acc = accounts.map((a) => a.accountId);
  const each = (ids: string[], make: (id: string) => string) => ids.map(make);
  const terms = accounts.filter((a) => a.terms).map((a) => a.arrangementId);
  const pick = (code: string, status = 'POSTED') =>
    transactions.find((t) => t.code === code && t.status === status)!.reference;
  const party = (tail: string) => each(cs, (id) => `/api/v4.0.0/party/customers/${id}${tail}`);
  return {
    'party-customers.getCustomerInformation': [
      '/api/v4.0.0/party/customers',
      '/api/v4.0.0/party/customers?email=priya.sharma@example.com',
    ],
    'party-customers.getCustomer': party(''),
    'party-customers.getCustomerAddressOutput': party('/addresses'),
    'party-customers.getCustomerEmailAddress': party('/addresses/emailAddresses'),
    'party-customers.getCustomerPhoneAddress': party('/addresses/smsAddresses'),
    'party-customers.getCustomerContacts': party('/contacts'),
    'party-customers.getCustomerRelationships': party('/relationships'),
    'party-customers.getJointCustomerDetails': party('/jointCustomers'),
    'party-customers.getCustomerPersonalDetails': party('/personalProfiles'),
    'party-customers.getStandingOrders': party('/standingOrders'),
    'party-customers.getDirectDebits': party('/directDebits'),
    'party-beneficiaries.getCustomerBeneficiary': each(
      cs,
      (id) => `/api/v1.0.0/party/customers/${id}/beneficiaries`,
    ),
    'party-beneficiaries.getCustomerBeneficiaries': each(
      cs,
      (id) => `/api/v1.0.0/party/customers/${id}/onlineBeneficiaries`,
    ),
    'holdings-customers.getAccountsForCustomer': each(
      cs,
      (id) => `/api/v1.0.0/holdings/customers/${id}/accounts`,
    ),
    'holdings-customers.getAccountForCustomer': accounts.map(
      (a) => `/api/v1.0.0/holdings/customers/${a.holders[0]!.customerId}/accounts/${a.accountId}`,
    ),
    'holdings-customers.getArrangementsForCustomer': each(
      cs,
      (id) => `/api/v1.0.0/holdings/customers/${id}/arrangements`,
    ),
    'holdings-accounts.getAccounts': ['/api/v4.1.0/holdings/accounts'],
    'holdings-accounts.getAccountDetails': each(acc, (id) => `/api/v4.1.0/holdings/accounts/${id}`),
    'holdings-accounts.getAccountBalanceToday': ['/api/v4.1.0/holdings/accounts/balances'],
    'holdings-accounts.getAccountTransactions': each(
      acc,
      (id) => `/api/v4.1.0/holdings/accounts/${id}/transactions`,
    ),
    'holdings-transactions.getAccountTransactions': each(
      acc,
      (id) => `/api/v1.0.0/holdings/transactions?accountId=${id}`,
    ),
    'holdings-transactions.getTransactionDetails': ['201', '213', '301', '502', '701']
      .map((c) => `/api/v1.0.0/holdings/transactions/${pick(c)}`)
      .concat(`/api/v1.0.0/holdings/transactions/${pick('213', 'PENDING')}`),
    'holdings-loans.getLoanDetails': terms.map((id) => `/api/v1.0.0/holdings/loans/${id}`),
    'holdings-loans.getPaymentSchedules': terms.map(
      (id) => `/api/v1.0.0/holdings/loans/${id}/schedulePaymentFrequencies`,
    ),
    'order-direct-debits.getAccountDirectDebits': ['/api/v1.0.0/order/directDebits'],
    'order-direct-debits.getDebtorDirectDebitMandates': [
      '/api/v1.0.0/order/directDebits/debtorMandates',
    ],
    'order-standing-orders.getStandingOrders': ['/api/v1.0.0/order/standingOrders'],
  };
}

const whole = { headers: { disablePagination: 'true' } };

if (missing.length > 0) {
  const why = `no published Swagger files in ${SWAGGER_DIR}: set TEMENOS_SWAGGER_DIR to their directory`;
  console.warn(`temenos-sim-schemas skipped: ${why}`);
  describe.skip(`temenos simulator against the published Swagger (skipped: ${why})`, () => {
    it('when the files are given, then every answer validates', () => {});
  });
} else {
  describe('temenos simulator against the published Swagger', () => {
    let sim: TemenosSimulator;
    let published: Published;

    beforeAll(async () => {
      published = new Published();
      sim = await startTemenosSimulator({ port: 0 });
    });

    afterAll(async () => {
      await sim.close();
    });

    it('when the routes are compared with the files, then each is at its basePath and path under its operationId', () => {
      for (const spec of TEMENOS_ROUTES) {
        const doc = published.doc(spec.service);
        const operation = doc.paths[spec.path]?.get;
        expect({
          route: routeId(spec),
          basePath: doc.basePath.replace(/\/$/, ''),
          operationId: operation?.operationId,
        }).toEqual({
          route: routeId(spec),
          basePath: TEMENOS_SERVICES[spec.service],
          operationId: spec.operationId,
        });
      }
    });

    it('when every route is asked for every kind of record, then each answer validates against its 200 schema', async () => {
      const asked = samples(sim);
      expect(Object.keys(asked).sort()).toEqual(TEMENOS_ROUTES.map(routeId).sort());
      let records = 0;
      for (const spec of TEMENOS_ROUTES) {
        for (const request of asked[routeId(spec)]!) {
          const answer = await call(sim, request, whole);
          expect({ request, status: answer.status }).toEqual({ request, status: 200 });
          const errors = published.errors(spec.service, spec.path, '200', answer.body);
          expect({ request, errors }).toEqual({ request, errors: [] });
          records += Array.isArray(answer.body.body) ? answer.body.body.length : 1;
        }
      }
      expect(records).toBeGreaterThan(1000);
    });

    it('when the answers are errors, then each validates against the schema of its status', async () => {
      const checks: [SimAnswer, TemenosService, string, string][] = [];
      const customers = '/party/customers/{customerId}/addresses';
      const record = '/party/customers/{customerId}';
      const list = '/holdings/transactions';
      checks.push([
        await call(sim, '/api/v4.0.0/party/customers/999999/addresses'),
        'party-customers',
        customers,
        'default',
      ]);
      checks.push([
        await call(sim, '/api/v4.0.0/party/customers/999999'),
        'party-customers',
        record,
        'default',
      ]);
      checks.push([
        await call(sim, '/api/v4.0.0/party/customers/100100', { auth: 'none' }),
        'party-customers',
        record,
        'default',
      ]);
      checks.push([
        await call(sim, '/api/v4.0.0/party/customers/100100', { companyId: null }),
        'party-customers',
        record,
        '400',
      ]);
      checks.push([
        await call(sim, '/api/v1.0.0/holdings/transactions?accountId=10000183&dateFrom=x'),
        'holdings-transactions',
        list,
        '400',
      ]);
      checks.push([
        await call(sim, '/api/v1.0.0/holdings/transactions', { method: 'POST' }),
        'holdings-transactions',
        list,
        'default',
      ]);
      sim.faults.set({ kind: 'error500' });
      checks.push([
        await call(sim, '/api/v1.0.0/holdings/transactions?accountId=10000183'),
        'holdings-transactions',
        list,
        '500',
      ]);
      checks.push([
        await call(sim, '/api/v4.0.0/party/customers/100100'),
        'party-customers',
        record,
        '500',
      ]);
      sim.faults.set({ kind: 'unavailable503', retryAfterSeconds: 1 });
      checks.push([
        await call(sim, '/api/v1.0.0/holdings/transactions?accountId=10000183'),
        'holdings-transactions',
        list,
        'default',
      ]);
      sim.faults.clear();
      expect(checks.map(([a]) => a.status)).toEqual([404, 404, 401, 400, 400, 405, 500, 500, 503]);
      for (const [answer, service, apiPath, code] of checks) {
        const errors = published.errors(service, apiPath, code, answer.body);
        expect({ apiPath, code, errors }).toEqual({ apiPath, code, errors: [] });
      }
    });

    it('when an answer is broken, then the validator says where', async () => {
      const search = '/party/customers';
      const { body } = await call(sim, '/api/v4.0.0/party/customers?customerId=100300');
      expect(published.errors('party-customers', search, '200', body)).toEqual([]);
      const broken = (change: (record: Node) => void) => {
        const copy = structuredClone(body) as { body: Node[] };
        change(copy.body[0]!);
        return published.errors('party-customers', search, '200', copy);
      };
      expect(broken((r) => (r.customerId = 100300))).toEqual(['/body/0/customerId must be string']);
      expect(broken((r) => (r.customerMnemonic = 'A'.repeat(11)))).toEqual([
        '/body/0/customerMnemonic must NOT have more than 10 characters',
      ]);
      expect(broken((r) => (r.birthIncorpDate = '2012-02-30'))).toEqual([
        '/body/0/birthIncorpDate must match format "date"',
      ]);
      expect(broken((r) => (r.sectorId = 20011))).toEqual([
        '/body/0/sectorId must pass "t24Length" keyword validation',
      ]);
      expect(
        published.errors('party-customers', search, '200', { ...body, body: body.body[0] }),
      ).toEqual(['/body must be array']);
    });
  });
}
