/**
 * The Fineract adapter's customer search by email and customer identity, against the Fineract
 * simulator (started here on port 0): the client list walked page by page, the contacts data
 * table, the customer id modes, errors, and logs free of personal data. Every answer is validated
 * against its contract.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CoreUnavailableError,
  CustomerNotFoundError,
  CustomerNotIdentifiableError,
  type CallContext,
  type GatewayError,
} from '@data-holder-gateway/adapter-sdk';
import { createFineractAdapter, type FineractAdapter, type FineractSettings } from '../..';
import {
  CONTACTS_DATATABLE,
  DEFAULT_DATASET_FILE,
  loadFineractDataset,
  startFineractSimulator,
  type FineractSimulator,
} from '../../simulator/simulator';
import { contractErrorsOf } from '../../../../test/helpers/contracts';

const data = loadFineractDataset();
const JANE = data.clients[0]!;
const JANE_EMAIL = String(JANE.emailAddress);

interface LogLine {
  level: string;
  obj: object;
  msg?: string;
}

const ctx = (): CallContext => ({ signal: new AbortController().signal, requestId: 'req-1' });

describe('Fineract customer search and identity (simulator)', () => {
  let sim: FineractSimulator;
  let logs: LogLine[];
  const adapters: FineractAdapter[] = [];

  beforeAll(async () => {
    sim = await startFineractSimulator({ port: 0 });
  });
  afterEach(async () => {
    sim.setFault('none');
    await Promise.all(adapters.splice(0).map((a) => a.close()));
  });
  afterAll(() => sim.close());

  const build = (settings: Partial<FineractSettings> = {}): FineractAdapter => {
    logs = [];
    const line = (level: string) => (obj: object, msg?: string) => logs.push({ level, obj, msg });
    const adapter = createFineractAdapter(
      {
        baseUrl: sim.url,
        username: 'mifos',
        password: 'password',
        contactsDatatable: CONTACTS_DATATABLE,
        ...settings,
      },
      { info: line('info'), warn: line('warn'), error: line('error') },
    );
    adapters.push(adapter);
    return adapter;
  };
  const search = (adapter: FineractAdapter, email: string) =>
    adapter.customer!.searchCustomersByEmail!(email, ctx());
  const identity = (adapter: FineractAdapter, customerId: string) =>
    adapter.customer!.getCustomerIdentity!(customerId, ctx());
  const expectContract = (name: string, values: unknown[]) => {
    for (const value of values) expect(contractErrorsOf(name, value)).toEqual([]);
  };

  it('when the address of a person who is also a business contact is searched, then both customers come back', async () => {
    const results = await search(build(), JANE_EMAIL);
    expectContract('customer-search-result', results);
    expect(results).toEqual([
      { id: '1', name: 'Jane Mary Citizen', phoneNumber: '+61412345678' },
      // The business, with the number of the person who searched (the passcode goes to them).
      { id: '5', name: 'Harbour Bakery Pty Ltd', phoneNumber: '+61412345678' },
    ]);
  });

  it('when the address is in another case with spaces around, then the same customers come back', async () => {
    const adapter = build();
    const results = await search(adapter, `  ${JANE_EMAIL.toUpperCase()} `);
    expect(results.map((r) => r.id)).toEqual(['1', '5']);
  });

  it('when an address nobody has is searched, then the list is empty', async () => {
    expect(await search(build(), 'nobody@example.com')).toEqual([]);
    expect(await search(build(), '   ')).toEqual([]);
  });

  it('when the business address is searched, then the business comes back with its own number in E.164', async () => {
    expect(await search(build(), 'accounts@harbourbakery.example')).toEqual([
      { id: '5', name: 'Harbour Bakery Pty Ltd', phoneNumber: '+61491570110' },
    ]);
  });

  it('when the client list spans several pages, then the first search reads each page once and the next reads only the newest page and the clients found', async () => {
    const adapter = build({ pageSize: 1 });
    const before = sim.requests.length;
    expect((await search(adapter, 'accounts@harbourbakery.example')).map((r) => r.id)).toEqual([
      '5',
    ]);
    const first = sim.requests.slice(before);
    const lists = first.filter((r) => r.path === '/v1/clients');
    expect(lists.map((r) => r.query.offset).sort()).toEqual(['0', '1', '2', '3', '4']);
    expect(new Set(lists.map((r) => `${r.query.orderBy} ${r.query.sortOrder}`))).toEqual(
      new Set(['id ASC']),
    );
    const next = sim.requests.length;
    expect((await search(adapter, JANE_EMAIL)).map((r) => r.id)).toEqual(['1', '5']);
    expect(sim.requests.slice(next).map((r) => `${r.path} ${r.query.sortOrder ?? ''}`)).toEqual(
      expect.arrayContaining([
        '/v1/clients DESC',
        '/v1/clients/1 ',
        `/v1/datatables/${CONTACTS_DATATABLE}/query `,
        '/v1/clients/5 ',
      ]),
    );
    expect(sim.requests.length - next).toBe(4);
  });

  it('when no contacts data table is configured, then only the owner of the address is found and no table is asked', async () => {
    const before = sim.requests.length;
    const results = await search(build({ contactsDatatable: undefined }), JANE_EMAIL);
    expect(results.map((r) => r.id)).toEqual(['1']);
    expect(sim.requests.slice(before).some((r) => r.path.startsWith('/v1/datatables'))).toBe(false);
  });

  it('when customers map by external id, then the results carry external ids', async () => {
    const results = await search(build({ customerIds: 'externalId' }), JANE_EMAIL);
    expect(results.map((r) => r.id)).toEqual(['c-fin-1', 'c-fin-5']);
  });

  it('when customers map by table, then a client the table does not name is left out', async () => {
    const adapter = build({ customerIds: 'table', customers: { jane: { clientId: 1 } } });
    expect((await search(adapter, JANE_EMAIL)).map((r) => r.id)).toEqual(['jane']);
    expect(await search(adapter, 'accounts@harbourbakery.example')).toEqual([]);
  });

  it('when the contacts data table is not registered in Fineract, then CoreUnavailableError and an error log naming the setting', async () => {
    const adapter = build({ contactsDatatable: 'no_such_table' });
    await expect(search(adapter, JANE_EMAIL)).rejects.toBeInstanceOf(CoreUnavailableError);
    expect(logs.filter((l) => l.level !== 'info')).toEqual([
      {
        level: 'error',
        obj: { operation: 'contacts.query', status: 404 },
        msg: 'Fineract has no such data table (check FINERACT_CONTACTS_DATATABLE)',
      },
    ]);
  });

  it('when Fineract is down, then the search and the identity are CoreUnavailableError', async () => {
    const adapter = build();
    sim.setFault('unavailable503');
    await expect(search(adapter, JANE_EMAIL)).rejects.toBeInstanceOf(CoreUnavailableError);
    await expect(identity(adapter, '1')).rejects.toBeInstanceOf(CoreUnavailableError);
  });

  it('when searches and identities run, then no address, name or number reaches the logs', async () => {
    const adapter = build();
    await search(adapter, JANE_EMAIL);
    await identity(adapter, '5');
    sim.setFault('error500');
    await expect(search(adapter, JANE_EMAIL)).rejects.toBeInstanceOf(CoreUnavailableError);
    expect(logs.length).toBeGreaterThan(0);
    const text = JSON.stringify(logs).toLowerCase();
    for (const secret of [JANE_EMAIL, 'jane', 'citizen', '412345678', 'harbour', 'bakery']) {
      expect(text).not.toContain(secret);
    }
  });

  it('when the identity of a person is asked, then it is their claims', async () => {
    const claims = await identity(build(), '1');
    expectContract('customer-identity', [claims]);
    expect(claims).toEqual({
      id: '1',
      email: JANE_EMAIL,
      emailVerified: false,
      givenName: 'Jane',
      familyName: 'Citizen',
      name: 'Jane Mary Citizen',
      phoneNumber: '+61412345678',
      phoneNumberVerified: false,
      updatedAt: '2019-03-04T00:00:00Z',
    });
  });

  it('when the identity of the business is asked, then it is the contact details Fineract holds for it', async () => {
    const claims = await identity(build(), '5');
    expectContract('customer-identity', [claims]);
    expect(claims).toEqual({
      id: '5',
      email: 'accounts@harbourbakery.example',
      emailVerified: false,
      name: 'Harbour Bakery Pty Ltd',
      phoneNumber: '+61491570110',
      phoneNumberVerified: false,
      updatedAt: '2023-09-01T00:00:00Z',
    });
  });

  it('when the business has no email address of its own, then the identity gives its contact details', async () => {
    // The same data with the business's own address removed: Fineract's client record may have none.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-fineract-'));
    const dataFile = path.join(dir, 'dataset.json');
    const raw = JSON.parse(fs.readFileSync(DEFAULT_DATASET_FILE, 'utf8')) as {
      clients: { id: number; emailAddress?: string; mobileNo?: string }[];
    };
    const business = raw.clients.find((c) => c.id === 5)!;
    delete business.emailAddress;
    delete business.mobileNo;
    fs.writeFileSync(dataFile, JSON.stringify(raw));
    const bare = await startFineractSimulator({ port: 0, dataFile });
    try {
      const claims = await identity(build({ baseUrl: bare.url }), '5');
      expectContract('customer-identity', [claims]);
      expect(claims).toEqual({
        id: '5',
        email: JANE_EMAIL,
        emailVerified: false,
        name: 'Harbour Bakery Pty Ltd',
        phoneNumber: '+61412345678',
        phoneNumberVerified: false,
        updatedAt: '2023-09-01T00:00:00Z',
      });
      const noTable = build({ baseUrl: bare.url, contactsDatatable: undefined });
      const refused = await identity(noTable, '5').catch((err: GatewayError) => err);
      expect(refused).toBeInstanceOf(CustomerNotIdentifiableError);
      expect(String((refused as GatewayError).cause)).toBe(
        'Error: Fineract client has no email address: no identity',
      );
      expect(logs).toEqual([
        {
          level: 'warn',
          obj: { operation: 'customer.identity' },
          msg: 'a client has no email address and no authorised contact with one: no identity (422)',
        },
      ]);
    } finally {
      await bare.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('when the identity of an unknown customer is asked, then CustomerNotFoundError', async () => {
    const adapter = build();
    await expect(identity(adapter, '99')).rejects.toBeInstanceOf(CustomerNotFoundError);
    await expect(identity(adapter, 'not-a-client')).rejects.toBeInstanceOf(CustomerNotFoundError);
    const byTable = build({ customerIds: 'table', customers: {} });
    await expect(identity(byTable, '1')).rejects.toBeInstanceOf(CustomerNotFoundError);
  });
});
