/**
 * The consent flow's customer endpoints over a Fineract simulator holding 10,000 clients on a
 * slowed core (docs/fineract.md, "Capacity of the customer search"): the search answers within the
 * core timeout and then costs a few calls whatever the number of clients; a burst of searches
 * beyond CUSTOMER_SEARCH_MAX_IN_FLIGHT is refused (429) while identity keeps answering; failing
 * searches open their own circuit, never identity's; and a client without an email address is a
 * 422 that never opens a circuit.
 */
import {
  CONTACTS_DATATABLE,
  loadFineractDataset,
  startFineractSimulator,
  type FineractDataset,
  type FineractSimulator,
} from '../../simulator/simulator';
import {
  startGateway,
  type TestGateway,
  type TestResponse,
} from '../../../../test/helpers/gateway';
import { fineractSimEnv } from '../../../../test/helpers/simulator-env';

const CLIENTS = 10_000;
const SEARCH = '/auth/v1/customer/search';
const MAX_IN_FLIGHT = 4;
const MIN_VOLUME = 5;

/** The bundled data set with clients up to `CLIENTS`, each with an address of its own. */
function manyClients(): FineractDataset {
  const data = loadFineractDataset();
  const template = data.clients[1]!;
  for (let id = data.clients.length + 1; id <= CLIENTS; id += 1) {
    data.clients.push({
      ...template,
      id,
      accountNo: String(id).padStart(9, '0'),
      externalId: `c-fin-${id}`,
      firstname: 'Client',
      lastname: `Number ${id}`,
      displayName: `Client Number ${id}`,
      emailAddress: `client${id}@example.com`,
      mobileNo: `+614000${String(id).padStart(5, '0')}`,
    });
  }
  return data;
}

const expectAnswer = (res: TestResponse, status: number, body: unknown) =>
  expect({ status: res.status, body: res.body }).toEqual({ status, body });
const circuitOf = (gw: TestGateway, name: string) =>
  gw.gateway.circuits.get(gw.gateway.adapter.id)?.get(name);
const client = (id: number) => ({
  id: String(id),
  name: `Client Number ${id}`,
  phoneNumber: `+614000${String(id).padStart(5, '0')}`,
});

describe('customer search and identity over 10,000 Fineract clients on a slowed core', () => {
  let sim: FineractSimulator;
  let gw: TestGateway;
  beforeAll(async () => {
    sim = await startFineractSimulator({ port: 0, dataset: manyClients() });
    gw = await startGateway({
      ...fineractSimEnv(sim),
      // The adapter's defaults: 100 clients a page, the core timeout of 5 s.
      FINERACT_PAGE_SIZE: 100,
      FINERACT_CONTACTS_DATATABLE: CONTACTS_DATATABLE,
      CUSTOMER_SEARCH_MAX_IN_FLIGHT: MAX_IN_FLIGHT,
      CIRCUIT_MIN_VOLUME: MIN_VOLUME,
      RETRY_ATTEMPTS: 0,
    });
  });
  afterAll(async () => {
    await gw.close();
    await sim.close();
  });
  afterEach(() => sim.setLatency(0));

  it('when each call takes 40 ms, then a search answers within the core timeout, and the next costs three calls whatever the number of clients', async () => {
    sim.setLatency(40);
    expectAnswer(await gw.post(SEARCH, { email: 'client9000@example.com' }), 200, {
      data: [client(9000)],
    });
    const before = sim.requests.length;
    expectAnswer(await gw.post(SEARCH, { email: 'Client7@Example.com' }), 200, {
      data: [client(7)],
    });
    // The newest page of the list, the contacts table, the client found: 3 of 10,000 clients.
    expect(sim.requests.slice(before).map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/v1/clients',
        `/v1/datatables/${CONTACTS_DATATABLE}/query`,
        '/v1/clients/7',
      ]),
    );
    expect(sim.requests.length - before).toBe(3);
  });

  it('when a burst of searches comes on a slowed core, then those over the cap are 429, identity keeps answering and no circuit opens', async () => {
    // The index built (as after any first search), every call then takes 200 ms.
    expect((await gw.post(SEARCH, { email: 'client42@example.com' })).status).toBe(200);
    sim.setLatency(200);
    const searches = Array.from({ length: 30 }, (_, i) =>
      gw.post(SEARCH, { email: `client${100 + i}@example.com` }),
    );
    const identities = Array.from({ length: 10 }, () => gw.get('/auth/v1/customer/1'));
    const [searched, identified] = await Promise.all([
      Promise.all(searches),
      Promise.all(identities),
    ]);
    expect(identified.map((r) => r.status)).toEqual(Array(10).fill(200));
    const busy = searched.filter((r) => r.status === 429);
    expect(busy.length).toBeGreaterThan(0);
    expect(searched.length - busy.length).toBeGreaterThanOrEqual(MAX_IN_FLIGHT);
    for (const res of busy) {
      expectAnswer(res, 429, { error: 'Too many searches in progress' });
      expect(res.headers.get('retry-after')).toBe('1');
    }
    searched.forEach((res, i) => {
      if (res.status !== 429) expectAnswer(res, 200, { data: [client(100 + i)] });
    });
    expect(circuitOf(gw, 'search')?.closed).toBe(true);
    expect(circuitOf(gw, 'customer')?.closed).toBe(true);
  });

  it('when a client without an email address is asked for many times, then each is 422 and other customers are still served', async () => {
    // Client 3 of the bundled data set has no address and no authorised contact.
    for (let i = 0; i < MIN_VOLUME * 4; i += 1) {
      expectAnswer(await gw.get('/auth/v1/customer/3'), 422, {
        error: 'Customer cannot be identified',
      });
    }
    expect(circuitOf(gw, 'customer')?.closed).toBe(true);
    const jane = await gw.get('/auth/v1/customer/1');
    expect({ status: jane.status, email: jane.body.email }).toEqual({
      status: 200,
      email: 'jane.citizen@example.com',
    });
  });
});

describe('a failing customer search and the identity', () => {
  let sim: FineractSimulator;
  let gw: TestGateway;
  beforeAll(async () => {
    sim = await startFineractSimulator({ port: 0 });
    gw = await startGateway({
      ...fineractSimEnv(sim),
      // A table Fineract does not have: every search fails (503), every identity answers.
      FINERACT_CONTACTS_DATATABLE: 'no_such_table',
      CIRCUIT_MIN_VOLUME: MIN_VOLUME,
      RETRY_ATTEMPTS: 0,
    });
  });
  afterAll(async () => {
    await gw.close();
    await sim.close();
  });

  it('when searches fail until their circuit opens, then the identity is still served and its circuit stays closed', async () => {
    for (let i = 0; i < MIN_VOLUME * 4 && !circuitOf(gw, 'search')?.opened; i += 1) {
      const res = await gw.post(SEARCH, { email: 'jane.citizen@example.com' });
      expectAnswer(res, 503, { error: 'Service unavailable' });
    }
    expect(circuitOf(gw, 'search')?.opened).toBe(true);
    const jane = await gw.get('/auth/v1/customer/1');
    expect({ status: jane.status, email: jane.body.email }).toEqual({
      status: 200,
      email: 'jane.citizen@example.com',
    });
    expect(circuitOf(gw, 'customer')?.closed).toBe(true);
  });
});
