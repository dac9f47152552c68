/**
 * The optional account reads of the banking and energy ports, checked alike against the port's
 * own `listAccounts`: `listAccountsById` (the check of named accounts), `listAccountRefs` (the
 * check of a data request) and energy's `listAccountRefsForInvoices` (the check of an invoice
 * request, whatever its window).
 */
import type { AccountRef, CallContext, DateWindow, EnergyPort } from '../ports';
import { accountRefOf } from './checks';
import type { ContractHarness } from './harness';

/**
 * The optional account reads a banking or energy port may offer, as the ports declare them
 * (banking's `listAccountRefs` is energy's); `listAccountsById` with either port's records.
 */
type OptionalAccountReads = Pick<EnergyPort, 'listAccountRefs' | 'listAccountRefsForInvoices'> & {
  listAccountsById?(customerId: string, accountIds: string[], ctx: CallContext): Promise<unknown>;
};

/** A window wider than any invoice history, and one month of it. */
const INVOICE_WINDOWS: readonly DateWindow[] = [
  { oldest: '2000-01-01', newest: '2099-12-31' },
  { oldest: '2026-01-01', newest: '2026-01-31' },
];

export function describeAccountReads(
  h: ContractHarness,
  family: 'banking' | 'energy',
  customerId: string,
): void {
  const port = (): OptionalAccountReads => h.port(family);
  const accounts = (): Promise<AccountRef[]> =>
    family === 'banking' ? h.bankingAccounts(customerId) : h.energyAccounts(customerId);

  test('when the adapter reads accounts by id, then it gives the listed records of the customer’s ids, in list order, and leaves the others out', async () => {
    const checked = h.tally(`${family}.listAccountsById`);
    const byId = port().listAccountsById?.bind(port());
    if (!byId) return;
    const listed = await accounts();
    const named = [listed[listed.length - 1], listed[0]].flatMap((a) => (a ? [a.accountId] : []));
    const got = await h.call(`${family}.listAccountsById`, (ctx) =>
      byId(customerId, [...named, 'no-such-account'], ctx),
    );
    expect(got).toEqual(listed.filter((a) => named.includes(a.accountId)));
    checked(named.length);
  });

  test('when the adapter lists account refs, then they are the listed records’ ids, status, ownership, category and refusals, in list order', async () => {
    const checked = h.tally(`${family}.listAccountRefs`);
    const refs = port().listAccountRefs?.bind(port());
    if (!refs) return;
    const listed = await accounts();
    const got = await h.call(`${family}.listAccountRefs`, (ctx) => refs(customerId, ctx));
    expect(got).toEqual(listed.map(accountRefOf));
    checked(listed.length);
  });

  test(`when the ${family} port lists account refs for an invoice check, then they are the listed records’ refs, in list order, whatever the window`, async () => {
    // Energy's alone: the banking port has no such method, and so no tally of it.
    const checked = family === 'energy' ? h.tally('energy.listAccountRefsForInvoices') : () => {};
    const refs = port().listAccountRefsForInvoices?.bind(port());
    if (!refs) return;
    const expected = (await accounts()).map(accountRefOf);
    for (const window of INVOICE_WINDOWS) {
      const got = await h.call(`${family}.listAccountRefsForInvoices`, (ctx) =>
        refs(customerId, window, ctx),
      );
      expect({ window, refs: got }).toEqual({ window, refs: expected });
      checked(expected.length);
    }
  });
}
