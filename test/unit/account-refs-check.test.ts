/**
 * The account check of a data request from the core's account refs (`listAccountRefs`): when a
 * port has it, the check reads only it (no account record), and answers as the check over
 * records does: unknown ids 404, refused accounts 403, filters applied, the core's order kept.
 */
import { BankingService } from '../../src/endpoints/banking/banking.service';
import { EnergyService } from '../../src/endpoints/energy/energy.service';
import {
  AccountInQueryNotFoundError,
  AccountNotFoundError,
  SharingRefusedError,
  type AccountRef,
  type BankingPort,
  type CallContext,
  type EnergyPort,
} from '../../src/ports';

const ctx: CallContext = { signal: new AbortController().signal, requestId: 'r-1' };

const REFS: AccountRef[] = [
  { accountId: 'a-1', openStatus: 'OPEN', isOwned: true, productCategory: 'PERS_LOANS' },
  { accountId: 'a-2', openStatus: 'OPEN', isOwned: true, productCategory: 'TERM_DEPOSITS' },
  { accountId: 'a-3', openStatus: 'CLOSED', isOwned: true, productCategory: 'PERS_LOANS' },
  { accountId: 'a-4', openStatus: 'OPEN', sharingRefusal: 'blocked' },
  { accountId: 'a-5', openStatus: 'OPEN', sharingRefusal: 'harm' },
];

/** The promise rejects with SharingRefusedError for `reason`. */
async function expectRefused(answer: Promise<unknown>, reason: string): Promise<void> {
  await expect(answer).rejects.toBeInstanceOf(SharingRefusedError);
  await expect(answer).rejects.toMatchObject({ reason });
}

const noRecords = () => Promise.reject(new Error('the check read account records'));

function bankingPort(): BankingPort & { asked: string[][] } {
  const asked: string[][] = [];
  return {
    asked,
    listAccounts: noRecords,
    listAccountsById: noRecords,
    listAccountRefs: () => Promise.resolve(REFS),
    listBalances: (_c, ids) => {
      asked.push(ids);
      return Promise.resolve(
        ids.map((accountId) => ({ accountId, currentBalance: '1.00', availableBalance: '1.00' })),
      );
    },
    listDirectDebits: (_c, ids) => (asked.push(ids), Promise.resolve([])),
    listScheduledPayments: (_c, ids) => (asked.push(ids), Promise.resolve([])),
    listInstalmentPlans: (_c, ids) => {
      asked.push(ids);
      return Promise.resolve(new Map(ids.map((id) => [id, { supported: true, plans: [] }])));
    },
    listPayees: () => Promise.resolve([]),
  };
}

describe('account check from account refs', () => {
  it('when balances of named accounts are asked, then only the refs are read and the filters apply, in the core order', async () => {
    const port = bankingPort();
    const service = new BankingService(port, 4);
    const answer = await service.balances(
      'c-1',
      ['a-3', 'a-2', 'a-1'],
      { 'open-status': 'OPEN', 'product-category': 'PERS_LOANS' },
      ctx,
    );
    expect(port.asked).toEqual([['a-1']]);
    expect(answer.data.balances.map((b) => b.accountId)).toEqual(['a-1']);
  });

  it('when a named account is not the customer’s, then 404 before any data is asked', async () => {
    const port = bankingPort();
    const service = new BankingService(port, 4);
    await expect(service.directDebits('c-1', ['a-1', 'a-9'], {}, ctx)).rejects.toBeInstanceOf(
      AccountInQueryNotFoundError,
    );
    expect(port.asked).toEqual([]);
  });

  it('when a named account is refused, then the refusal of its ref is answered, harm first', async () => {
    const port = bankingPort();
    const service = new BankingService(port, 4);
    await expectRefused(
      service.scheduledPaymentsForAccounts('c-1', ['a-4', 'a-5'], {}, ctx),
      'harm',
    );
    await expectRefused(service.scheduledPaymentsForAccount('c-1', 'a-4', {}, ctx), 'blocked');
    await expectRefused(service.instalmentPlans('c-1', ['a-4'], {}, ctx), 'blocked');
    expect(port.asked).toEqual([]);
  });

  it('when the port has no refs, then the check reads the named accounts’ records as before', async () => {
    const port = bankingPort();
    delete port.listAccountRefs;
    port.listAccountsById = (_c, ids) =>
      Promise.resolve(
        REFS.filter((r) => ids.includes(r.accountId)).map((r) => ({
          ...r,
          displayName: r.accountId,
          maskedNumber: 'xxx',
          productCategory: r.productCategory ?? 'PERS_LOANS',
          productName: 'Loan',
          openStatus: r.openStatus ?? 'OPEN',
          accountOwnership: 'ONE_PARTY' as const,
          complexAccountType: 'INDIVIDUAL' as const,
          users: [],
        })),
      );
    const service = new BankingService(port, 4);
    await service.balances('c-1', ['a-2', 'a-1'], {}, ctx);
    expect(port.asked).toEqual([['a-1', 'a-2']]);
  });

  it('when energy invoices or concessions are asked, then only the refs are read', async () => {
    const asked: string[][] = [];
    const port: EnergyPort = {
      listAccounts: noRecords,
      listAccountsById: noRecords,
      listAccountRefs: () => Promise.resolve(REFS),
      listInvoices: (_c, ids) => (asked.push(ids), Promise.resolve([])),
      listConcessions: (_c, id) => (asked.push([id]), Promise.resolve([])),
    };
    const service = new EnergyService(port);
    const window = { 'oldest-date': '2026-01-01', 'newest-date': '2026-01-31' };
    await service.invoices('c-1', ['a-2', 'a-1'], window, ctx);
    await service.concessions('c-1', 'a-3', ctx);
    await expect(service.concessions('c-1', 'a-9', ctx)).rejects.toBeInstanceOf(
      AccountNotFoundError,
    );
    await expectRefused(service.invoicesForAccount('c-1', 'a-5', window, ctx), 'harm');
    expect(asked).toEqual([['a-1', 'a-2'], ['a-3']]);
  });

  it('when the port reads refs for an invoice check, then invoices are checked with those refs, read with the request’s window, and the same window goes to the data call', async () => {
    const windows: unknown[] = [];
    const asked: string[][] = [];
    const port: EnergyPort = {
      listAccounts: noRecords,
      listAccountsById: noRecords,
      listAccountRefs: noRecords,
      listAccountRefsForInvoices: (_c, window) => (windows.push(window), Promise.resolve(REFS)),
      listInvoices: (_c, ids, window) => (
        asked.push(ids),
        windows.push(window),
        Promise.resolve([])
      ),
      listConcessions: (_c, id) => (asked.push([id]), Promise.resolve([])),
    };
    const service = new EnergyService(port);
    const query = { 'oldest-date': '2026-01-01', 'newest-date': '2026-01-31' };
    const window = { oldest: '2026-01-01', newest: '2026-01-31' };
    await service.invoices('c-1', ['a-2', 'a-1'], query, ctx);
    await service.invoicesForAccount('c-1', 'a-3', query, ctx);
    await expect(service.invoices('c-1', ['a-1', 'a-9'], query, ctx)).rejects.toBeInstanceOf(
      AccountInQueryNotFoundError,
    );
    await expectRefused(service.invoicesForAccount('c-1', 'a-4', query, ctx), 'blocked');
    expect(asked).toEqual([['a-1', 'a-2'], ['a-3']]);
    expect(windows).toEqual(Array(6).fill(window));
  });
});
