/**
 * The Kraken adapter's customer search by email and customer identity, against the Kraken
 * simulator (started here on port 0): the account user of an address, the holders of the accounts
 * they may act for, the customer map, errors, and logs free of personal data. Every answer is
 * validated against its contract.
 */
import {
  CoreUnavailableError,
  CustomerNotFoundError,
  type CallContext,
} from '@data-holder-gateway/adapter-sdk';
import { createKrakenAdapter, type KrakenAdapter } from '../..';
import type { KrakenSettings } from '../../kraken-config';
import { startKrakenSimulator, type KrakenSimulator } from '../../simulator/simulator';
import { contractErrorsOf } from '../../../../test/helpers/contracts';

interface LogLine {
  level: string;
  obj: object;
  msg?: string;
}

const ctx = (): CallContext => ({ signal: new AbortController().signal, requestId: 'req-1' });

describe('Kraken customer search and identity (simulator)', () => {
  let sim: KrakenSimulator;
  let logs: LogLine[];
  const adapters: KrakenAdapter[] = [];

  beforeAll(async () => {
    sim = await startKrakenSimulator();
  });
  afterEach(async () => {
    sim.setFault('none');
    await Promise.all(adapters.splice(0).map((a) => a.close()));
  });
  afterAll(() => sim.close());

  const build = (settings: Partial<KrakenSettings> = {}): KrakenAdapter => {
    logs = [];
    const line = (level: string) => (obj: object, msg?: string) => logs.push({ level, obj, msg });
    const adapter = createKrakenAdapter(
      { baseUrl: sim.url, apiKey: sim.apiKey, customers: sim.data.customers, ...settings },
      { info: line('info'), warn: line('warn'), error: line('error') },
    );
    adapters.push(adapter);
    return adapter;
  };
  const search = (adapter: KrakenAdapter, email: string) =>
    adapter.customer!.searchCustomersByEmail!(email, ctx());
  const identity = (adapter: KrakenAdapter, customerId: string) =>
    adapter.customer!.getCustomerIdentity!(customerId, ctx());
  const expectContract = (name: string, values: unknown[]) => {
    for (const value of values) expect(contractErrorsOf(name, value)).toEqual([]);
  };

  it('when the address of a customer is searched, then that customer comes back with their mobile in E.164', async () => {
    const results = await search(build(), 'jane.citizen@example.com');
    expectContract('customer-search-result', results);
    expect(results).toEqual([{ id: '1', name: 'Jane Citizen', phoneNumber: '+61491570006' }]);
  });

  it('when the address is in another case with spaces around, then the same customer comes back', async () => {
    const results = await search(build(), '  JANE.Citizen@Example.com ');
    expect(results.map((r) => r.id)).toEqual(['1']);
    const asked = sim.requests.filter((r) => r.operationName === 'AccountUserByEmail');
    expect(asked[asked.length - 1]!.variables).toEqual({ email: 'jane.citizen@example.com' });
  });

  it('when the address of a business contact is searched, then the customer holding the account comes back with the contact’s mobile', async () => {
    const results = await search(build(), 'sam.taylor@example.org');
    expectContract('customer-search-result', results);
    expect(results).toEqual([{ id: '3', name: 'Alex Nguyen', phoneNumber: '+61491570159' }]);
  });

  it('when the contact is a customer too, then both come back, their own first', async () => {
    const customers = { ...sim.data.customers, sam: '304' };
    const results = await search(build({ customers }), 'sam.taylor@example.org');
    expect(results.map((r) => r.id)).toEqual(['sam', '3']);
  });

  it('when the holder is not in KRAKEN_CUSTOMERS, then they are left out', async () => {
    const results = await search(build({ customers: { '1': '301' } }), 'sam.taylor@example.org');
    expect(results).toEqual([]);
  });

  it('when an address Kraken does not know is searched, then the list is empty', async () => {
    expect(await search(build(), 'nobody@example.org')).toEqual([]);
    expect(await search(build(), '  ')).toEqual([]);
  });

  it('when an address belongs to an account user no customer maps to, then the list is empty', async () => {
    expect(await search(build({ customers: {} }), 'jane.citizen@example.com')).toEqual([]);
  });

  it('when Kraken is down, then the search and the identity are CoreUnavailableError', async () => {
    const adapter = build();
    sim.setFault('unavailable503');
    await expect(search(adapter, 'jane.citizen@example.com')).rejects.toBeInstanceOf(
      CoreUnavailableError,
    );
    await expect(identity(adapter, '1')).rejects.toBeInstanceOf(CoreUnavailableError);
  });

  it('when searches and identities run, then no address, name or number reaches the logs', async () => {
    const adapter = build();
    await search(adapter, 'sam.taylor@example.org');
    await identity(adapter, '1');
    sim.setFault('error500');
    await expect(search(adapter, 'jane.citizen@example.com')).rejects.toBeInstanceOf(
      CoreUnavailableError,
    );
    expect(logs.length).toBeGreaterThan(0);
    const text = JSON.stringify(logs).toLowerCase();
    for (const secret of ['@example', 'jane', 'citizen', 'sam', 'taylor', '570', 'nguyen']) {
      expect(text).not.toContain(secret);
    }
  });

  it('when the identity of a customer is asked, then it is their account user’s claims', async () => {
    const claims = await identity(build(), '3');
    expectContract('customer-identity', [claims]);
    expect(claims).toEqual({
      id: '3',
      email: 'alex.nguyen@example.org',
      emailVerified: false,
      givenName: 'Alex',
      familyName: 'Nguyen',
      name: 'Alex Nguyen',
      phoneNumber: '+61491570313',
      phoneNumberVerified: false,
      updatedAt: '2025-11-02T14:00:00+11:00',
      address: {
        streetAddress: 'Shop 4\n10 Harbour Street',
        locality: 'Portside',
        region: 'VIC',
        postalCode: '3000',
        country: 'AUS',
      },
    });
  });

  it('when the identity of an unknown or unmapped customer is asked, then CustomerNotFoundError', async () => {
    const adapter = build({ customers: { ...sim.data.customers, ghost: '999' } });
    await expect(identity(adapter, '99')).rejects.toBeInstanceOf(CustomerNotFoundError);
    await expect(identity(adapter, 'ghost')).rejects.toBeInstanceOf(CustomerNotFoundError);
  });
});
