/**
 * `energy.getAccountBalance` of the Kraken adapter over the simulator: the balance is the
 * account's own (Kraken's integer cents negated: positive owed, negative in credit), read with the
 * accounts in the query the account check reads, so a request's check and balance are one Kraken
 * query; an account that is not the customer's served one is not found, and a refused one is
 * refused here too (the check may have come from the gateway's cache). Expected values are
 * computed from the simulator's data set in bigint cents, never with the adapter's mappers.
 */
import {
  AccountNotFoundError,
  SharingRefusedError,
  type CallContext,
  type RequestReads,
} from '@data-holder-gateway/adapter-sdk';
import { contractErrorsOf } from '../../../../test/helpers/contracts';
import { createKrakenAdapter, type KrakenAdapter } from '../../kraken.adapter';
import { startKrakenSimulator, type KrakenSimulator } from '../../simulator/simulator';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A request's context with its own shared reads, as the gateway gives one per request. */
function request(): CallContext {
  const kept = new Map<string, Promise<unknown>>();
  const reads: RequestReads = {
    once<T>(key: string, read: () => Promise<T>): Promise<T> {
      if (!kept.has(key)) kept.set(key, read());
      return kept.get(key) as Promise<T>;
    },
  };
  return { signal: new AbortController().signal, requestId: 'rq-balance', reads };
}

/** Kraken cents (positive in credit) → the interface's balance (positive owed), in bigint. */
function owed(krakenCents: number): string {
  const c = -BigInt(krakenCents);
  const abs = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

describe('the Kraken adapter’s account balance', () => {
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
  const operationsSince = (mark: number) =>
    sim.requests
      .slice(mark)
      .map((r) => r.operationName)
      .filter((op) => op !== 'ObtainKrakenToken');
  const balanceOf = (customerId: string, accountId: string, ctx = request()) =>
    adapter.energy.getAccountBalance!(customerId, accountId, ctx);

  it('when customer 1’s active accounts are asked, then each balance is what it owes, positive and exact, and valid', async () => {
    const [home, dual] = accountsOf('1') as [string, string];
    const balances = [await balanceOf('1', home), await balanceOf('1', dual)];
    expect(balances).toEqual(
      [home, dual].map((n) => ({ balance: owed(sim.data.accounts[n]!.balance) })),
    );
    expect(balances.map((b) => b.balance.startsWith('-') || b.balance === '0.00')).toEqual([
      false,
      false,
    ]);
    for (const b of balances) expect(contractErrorsOf('energy-balance', b)).toEqual([]);
  });

  it('when customer 3’s business account (paid ahead) is asked, then the balance is negative: in credit', async () => {
    const [cafe] = accountsOf('3') as [string];
    expect(sim.data.accounts[cafe]!.balance).toBeGreaterThan(0);
    expect(await balanceOf('3', cafe)).toEqual({ balance: '-80.50' });
  });

  it('when the check and the balance of one request are read, then Kraken gets one query, the accounts with their supply', async () => {
    const [home] = accountsOf('1') as [string];
    const ctx = request();
    const mark = sim.requests.length;
    const refs = await adapter.energy.listAccountRefs!('1', ctx);
    const balance = await balanceOf('1', home, ctx);
    expect(refs.map((r) => r.accountId)).toContain(home);
    expect(balance).toEqual({ balance: owed(sim.data.accounts[home]!.balance) });
    expect(operationsSince(mark)).toEqual(['AccountUserSupply']);
  });

  it('when the balance is asked alone, then it is one query too', async () => {
    const [home] = accountsOf('1') as [string];
    const mark = sim.requests.length;
    await balanceOf('1', home);
    expect(operationsSince(mark)).toEqual(['AccountUserSupply']);
  });

  it('when the account is another customer’s, unknown, or VOID (never served), then it is not found', async () => {
    const [cafe] = accountsOf('3') as [string];
    const voided = accountsOf('1').find((n) => sim.data.accounts[n]!.status === 'VOID')!;
    for (const accountId of [cafe, 'A-00000000', voided]) {
      await expect(balanceOf('1', accountId)).rejects.toBeInstanceOf(AccountNotFoundError);
    }
  });

  it('when the user is flagged for family issues, or the account is in a family violence hardship agreement, then sharing is refused (harm); the other account answers', async () => {
    const [flagged] = accountsOf('7') as [string];
    const [violence, shared] = accountsOf('6') as [string, string];
    for (const [customerId, accountId] of [
      ['7', flagged],
      ['6', violence],
    ] as const) {
      const refused = await balanceOf(customerId, accountId).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(SharingRefusedError);
      expect((refused as SharingRefusedError).reason).toBe('harm');
    }
    expect(await balanceOf('6', shared)).toEqual({
      balance: owed(sim.data.accounts[shared]!.balance),
    });
  });
});
