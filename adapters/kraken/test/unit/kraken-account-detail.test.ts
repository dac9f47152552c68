/**
 * One energy account by id (`energy.listAccountsById` with one id, what the account detail asks)
 * on the Kraken adapter over the simulator: exactly that account comes back, the record the list
 * of all accounts holds for it, and Kraken is asked the accounts with their supply, then the rates
 * of that account's electricity plans only (none for an account without one in force).
 */
import type { CallContext } from '@data-holder-gateway/adapter-sdk';
import { createKrakenAdapter, type KrakenAdapter } from '../../kraken.adapter';
import { startKrakenSimulator, type KrakenSimulator } from '../../simulator/simulator';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const ctx = (): CallContext => ({ signal: new AbortController().signal, requestId: 'rq-detail' });

describe('one Kraken energy account by id', () => {
  let sim: KrakenSimulator;
  let adapter: KrakenAdapter;
  beforeAll(async () => {
    sim = await startKrakenSimulator({ port: 0 });
    adapter = createKrakenAdapter(
      { baseUrl: sim.url, apiKey: sim.apiKey, customers: sim.data.customers },
      silent,
    );
  });
  afterAll(async () => {
    await adapter.close();
    await sim.close();
  });

  const accountsOf = (customerId: string) =>
    sim.data.users.find((u) => u.id === sim.data.customers[customerId])!.accountNumbers;
  const askedSince = (mark: number) =>
    sim.requests.slice(mark).filter((r) => r.operationName !== 'ObtainKrakenToken');

  it('when customer 1’s dual-fuel account is asked, then exactly it comes back, as the full list has it, with the rates of its electricity plan only', async () => {
    const [, dual] = accountsOf('1') as [string, string];
    const all = await adapter.energy.listAccounts('1', ctx());
    const mark = sim.requests.length;
    const one = await adapter.energy.listAccountsById!('1', [dual], ctx());
    expect(one).toEqual(all.filter((a) => a.accountId === dual));
    expect(one).toHaveLength(1);
    const electricity = sim.data.accounts[dual]!.properties[0]!.meterPoints.find(
      (m) => m.supplyType === 'ELECTRICITY',
    )!;
    const asked = askedSince(mark);
    expect(asked.map((r) => r.operationName)).toEqual(['AccountUserSupply', 'ProductRates']);
    expect(asked[1]!.variables).toMatchObject({
      code: electricity.agreements[0]!.productCode,
      nmi: electricity.identifier,
    });
  });

  it('when the closed account (no plan in force) is asked, then it alone comes back from one query', async () => {
    const old = accountsOf('1').find((n) => sim.data.accounts[n]!.status === 'DORMANT')!;
    const mark = sim.requests.length;
    const one = await adapter.energy.listAccountsById!('1', [old], ctx());
    expect(one.map((a) => [a.accountId, a.openStatus, a.plans])).toEqual([[old, 'CLOSED', []]]);
    expect(askedSince(mark).map((r) => r.operationName)).toEqual(['AccountUserSupply']);
  });

  it('when another customer’s account is asked, then nothing comes back and no rates are read', async () => {
    const [cafe] = accountsOf('3') as [string];
    const mark = sim.requests.length;
    expect(await adapter.energy.listAccountsById!('1', [cafe], ctx())).toEqual([]);
    expect(askedSince(mark).map((r) => r.operationName)).toEqual(['AccountUserSupply']);
  });
});
