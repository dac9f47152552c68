/**
 * The optional account reads of the banking and energy ports, checked alike against the port's
 * own `listAccounts`: `listAccountsById` (the check of named accounts) and `listAccountRefs`
 * (the check of a data request).
 */
import type { AccountRef, CallContext } from '../ports/core.port';
import { accountRefOf } from './checks';
import type { ContractHarness } from './harness';

/** The optional account reads a banking or energy port may offer. */
interface OptionalAccountReads {
  listAccountsById?(customerId: string, accountIds: string[], ctx: CallContext): Promise<unknown>;
  listAccountRefs?(customerId: string, ctx: CallContext): Promise<AccountRef[]>;
}

export function describeAccountReads(
  h: ContractHarness,
  family: 'banking' | 'energy',
  customerId: string,
): void {
  const port = (): OptionalAccountReads => h.port(family);
  const accounts = (): Promise<AccountRef[]> =>
    family === 'banking' ? h.bankingAccounts(customerId) : h.energyAccounts(customerId);

  test('when the adapter reads accounts by id, then it gives the listed records of the customer’s ids, in list order, and leaves the others out', async () => {
    const byId = port().listAccountsById?.bind(port());
    if (!byId) return;
    const listed = await accounts();
    const named = [listed[listed.length - 1], listed[0]].flatMap((a) => (a ? [a.accountId] : []));
    const got = await h.call(`${family}.listAccountsById`, (ctx) =>
      byId(customerId, [...named, 'no-such-account'], ctx),
    );
    expect(got).toEqual(listed.filter((a) => named.includes(a.accountId)));
  });

  test('when the adapter lists account refs, then they are the listed records’ ids, status, ownership, category and refusals, in list order', async () => {
    const refs = port().listAccountRefs?.bind(port());
    if (!refs) return;
    const listed = await accounts();
    const got = await h.call(`${family}.listAccountRefs`, (ctx) => refs(customerId, ctx));
    expect(got).toEqual(listed.map(accountRefOf));
  });
}
