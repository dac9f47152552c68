/**
 * The customer search's email index: the compact map itself (keys, capacity, bytes, clients added
 * after the build), and its keeper over the Fineract simulator (started here on port 0): built
 * once, new clients read from the newest page, addresses changed on existing clients found after
 * the refresh, a list over the bound refused, a failed rebuild keeping the last index.
 */
import { CoreUnavailableError, type CallContext } from '@data-holder-gateway/adapter-sdk';
import {
  BYTES_PER_CLIENT,
  EmailIndexBuilder,
  addressKey,
  type IndexedClient,
} from '../../email-index';
import { FineractAccounts } from '../../fineract-accounts';
import { FineractClient as FineractHttp } from '../../fineract-client';
import { withDefaults, type FineractSettings } from '../../fineract-config';
import { FineractCustomers } from '../../fineract-customers';
import { FineractEmailIndex } from '../../fineract-email-index';
import { createFineractAdapter } from '../..';
import {
  CONTACTS_DATATABLE,
  loadFineractDataset,
  startFineractSimulator,
  type FineractSimulator,
} from '../../simulator/simulator';
import { waitFor } from '../../../../test/helpers/wait';

const ctx = (): CallContext => ({ signal: new AbortController().signal, requestId: 'req-1' });
const built = (clients: IndexedClient[], max = 100) => {
  const builder = new EmailIndexBuilder(clients.length, max);
  const added = clients.map((c) => builder.add(c));
  return { index: builder.build(), added };
};

describe('the email index', () => {
  it('when built, then an address finds its clients whatever its case and spaces, and another finds none', () => {
    const { index } = built([
      { id: 7, emailAddress: 'Ann@Example.com' },
      { id: 3, emailAddress: 'bob@example.com' },
      { id: 9, emailAddress: ' ann@example.com ' },
      { id: 4 },
      { id: 'not-an-id', emailAddress: 'eve@example.com' },
    ]);
    expect(index.lookup('ann@example.com').sort()).toEqual(['7', '9']);
    expect(index.lookup('bob@example.com')).toEqual(['3']);
    expect(index.lookup('eve@example.com')).toEqual([]);
    expect(index.lookup('nobody@example.com')).toEqual([]);
    expect(index.highestClientId).toBe(9n);
  });

  it('when built, then it holds 16 bytes per client with an address, and none of the addresses', () => {
    const clients = Array.from({ length: 1000 }, (_, i) => ({
      id: i + 1,
      ...(i % 2 === 0 ? { emailAddress: `person${i}@example.com` } : {}),
    }));
    const { index } = built(clients, 1000);
    expect(index.size).toBe(500);
    expect(index.bytes).toBe(500 * BYTES_PER_CLIENT);
    expect(index.lookup('person998@example.com')).toEqual(['999']);
  });

  it('when more clients with an address come than the bound, then the builder refuses the first one past it', () => {
    const clients = [1, 2, 3].map((id) => ({ id, emailAddress: `p${id}@example.com` }));
    expect(built(clients, 2).added).toEqual([true, true, false]);
  });

  it('when clients are added after the build, then only those above the highest id read count, each once', () => {
    const { index } = built([{ id: 5, emailAddress: 'old@example.com' }]);
    expect(index.add({ id: 4, emailAddress: 'late@example.com' })).toBe(false);
    expect(index.add({ id: 6, emailAddress: 'New@Example.com' })).toBe(true);
    expect(index.add({ id: 6, emailAddress: 'new@example.com' })).toBe(false);
    expect(index.add({ id: 8 })).toBe(true);
    index.raiseTop(8n);
    expect(index.add({ id: 7, emailAddress: 'new@example.com' })).toBe(false);
    expect(index.lookup('new@example.com')).toEqual(['6']);
    expect(index.lookup('late@example.com')).toEqual([]);
    expect(index.highestClientId).toBe(8n);
  });

  it('when two addresses share a key, then both clients are candidates of either (the search compares each)', () => {
    // Two addresses with the same 32-bit key, found by trying: a collision is expected after
    // about 2^16 addresses.
    const seen = new Map<number, string>();
    let pair: [string, string] | undefined;
    for (let i = 0; !pair; i += 1) {
      const address = `a${i}@example.com`;
      const key = addressKey(address);
      const other = seen.get(key);
      if (other !== undefined) pair = [other, address];
      seen.set(key, address);
    }
    const { index } = built([
      { id: 1, emailAddress: pair[0] },
      { id: 2, emailAddress: pair[1] },
    ]);
    expect(index.lookup(pair[0])).toEqual(['1', '2']);
  });
});

interface LogLine {
  level: string;
  obj: object;
  msg?: string;
}

describe('the email index over the Fineract simulator', () => {
  let sim: FineractSimulator;
  let clock: number;
  let logs: LogLine[];
  const indexes: FineractEmailIndex[] = [];

  beforeEach(async () => {
    // A fresh data set each time: the tests add and edit clients.
    sim = await startFineractSimulator({ port: 0, dataset: loadFineractDataset() });
    clock = 1_000_000;
    logs = [];
  });
  afterEach(async () => {
    for (const index of indexes.splice(0)) index.close();
    await sim.close();
  });

  /** The search of the adapter, over an index with a clock the test moves. */
  const searchOver = (settings: Partial<FineractSettings> = {}, maxClients = 1000) => {
    const config = withDefaults({
      baseUrl: sim.url,
      username: 'mifos',
      password: 'password',
      contactsDatatable: CONTACTS_DATATABLE,
      ...settings,
    });
    const line = (level: string) => (obj: object, msg?: string) => logs.push({ level, obj, msg });
    const log = { info: line('info'), warn: line('warn'), error: line('error') };
    const fineract = new FineractAccounts(config, new FineractHttp(config, log), log);
    const index = new FineractEmailIndex(fineract, log, {
      maxClients,
      refreshSeconds: 900,
      now: () => clock,
    });
    indexes.push(index);
    const customers = new FineractCustomers(fineract, log, index);
    return async (email: string) => (await customers.search(email, ctx())).map((r) => r.id);
  };
  const listCalls = (from: number) =>
    sim.requests.slice(from).filter((r) => r.path === '/v1/clients').length;
  const jane = () => ({ ...loadFineractDataset().clients[0]! });

  it('when a client is created after the index was built, then the next search finds it', async () => {
    const search = searchOver();
    expect(await search('new.person@example.com')).toEqual([]);
    sim.putClient({
      ...jane(),
      id: 6,
      externalId: 'c-fin-6',
      emailAddress: 'New.Person@example.com',
    });
    expect(await search('new.person@example.com')).toEqual(['6']);
  });

  it('when a client changes its address, then the old one no longer finds it at once, and the new one does after the refresh', async () => {
    const search = searchOver();
    expect(await search('jane.citizen@example.com')).toEqual(['1', '5']);
    sim.putClient({ ...jane(), emailAddress: 'jane@elsewhere.example' });
    // Client 5 is found through its contacts table, which still names the old address.
    expect(await search('jane.citizen@example.com')).toEqual(['5']);
    expect(await search('jane@elsewhere.example')).toEqual([]);
    clock += 900_000;
    const before = sim.requests.length;
    // Starts the rebuild, in the background: answered from the last index meanwhile.
    expect(await search('jane@elsewhere.example')).toEqual([]);
    await waitFor(
      () => logs.filter((l) => l.msg === 'email index built').length === 2,
      'the email index built twice',
    );
    expect(await search('jane@elsewhere.example')).toEqual(['1']);
    expect(sim.requests.slice(before).some((r) => r.query.sortOrder === 'ASC')).toBe(true);
  });

  it('when the client list holds more clients than the bound, then searches fail without reading it again and the log names the setting', async () => {
    const search = searchOver({}, 4);
    await expect(search('jane.citizen@example.com')).rejects.toBeInstanceOf(CoreUnavailableError);
    expect(logs.filter((l) => l.level === 'error')).toEqual([
      {
        level: 'error',
        obj: { clients: 5, maxClients: 4 },
        msg: 'Fineract holds more clients than the email index may (raise FINERACT_EMAIL_INDEX_MAX_CLIENTS): customer searches fail',
      },
    ]);
    const before = sim.requests.length;
    await expect(search('jane.citizen@example.com')).rejects.toBeInstanceOf(CoreUnavailableError);
    expect(listCalls(before)).toBe(0);
  });

  it('when a rebuild fails, then the last index is kept, the failure logged, and the next search within 30 s reads no list', async () => {
    // Without the contacts table: the failed search settles only once its own calls have.
    const search = searchOver({ contactsDatatable: undefined });
    expect(await search('john.smith@example.com')).toEqual(['2']);
    clock += 900_000;
    sim.setFault('error500');
    await expect(search('john.smith@example.com')).rejects.toBeInstanceOf(CoreUnavailableError);
    sim.setFault('none');
    const before = sim.requests.length;
    expect(await search('john.smith@example.com')).toEqual(['2']);
    // Only the newest page: the failed rebuild is not tried again at once.
    expect(
      sim.requests
        .slice(before)
        .filter((r) => r.path === '/v1/clients')
        .map((r) => r.query.sortOrder),
    ).toEqual(['DESC']);
    expect(logs.filter((l) => l.msg?.startsWith('email index'))).toEqual([
      expect.objectContaining({ level: 'info', msg: 'email index built' }),
      {
        level: 'warn',
        obj: { operation: 'clients.list', code: 'GW_ERR_CORE_UNAVAILABLE' },
        msg: 'email index could not be read from Fineract; the last one is kept',
      },
    ]);
  });

  it('when the index is to be read at start, then the adapter reads the list before any search, and the first search reads no more of it', async () => {
    const line = (level: string) => (obj: object, msg?: string) => logs.push({ level, obj, msg });
    const adapter = createFineractAdapter(
      { baseUrl: sim.url, username: 'mifos', password: 'password', emailIndexAtStart: true },
      { info: line('info'), warn: line('warn'), error: line('error') },
    );
    try {
      await waitFor(() => logs.some((l) => l.msg === 'email index built'), 'the email index built');
      const before = sim.requests.length;
      const found = await adapter.customer.searchCustomersByEmail!(
        'pat.example@example.org',
        ctx(),
      );
      expect(found.map((r) => r.id)).toEqual(['4']);
      expect(sim.requests.slice(before).filter((r) => r.query.sortOrder === 'ASC')).toEqual([]);
    } finally {
      await adapter.close();
    }
  });

  it('when a client the search finds has no lifecycle date, then it is left out: no identity could be given for it', async () => {
    const search = searchOver();
    const { timeline: _timeline, activationDate: _activated, ...undated } = jane();
    sim.putClient(undated);
    expect(await search('jane.citizen@example.com')).toEqual(['5']);
    expect(logs.filter((l) => l.level === 'warn')).toEqual([
      {
        level: 'warn',
        obj: { operation: 'customer.search' },
        msg: 'a client without lifecycle dates left out',
      },
    ]);
  });
});
