/**
 * Temenos balances → the interface's balance, exact decimals signed as Transact signs them (a
 * loan or a drawn overdraft owes: negative).
 *
 * From the account list (getAccounts), which carries each account's balances, so that balances
 * cost no call of their own: current is the working balance (every authorised entry and the
 * unauthorised debits: the interface's balance "including pending"), else the online actual,
 * else the cleared balance; available is the funds available, else the available balance.
 * From getAccountBalanceToday, for an account the list gave no balance for: current is the
 * working balance, else the ledger balance; available the usable balance.
 * Without an available figure, a transaction or savings account's is its current balance, and a
 * term deposit, loan or credit account has nothing available. A loan or term deposit never has
 * less than nothing available: Transact's funds available of a loan are its (negative) balance.
 */
import type { Balance } from '@data-holder-gateway/adapter-sdk';
import type { AccountKind } from './product-category';
import type { TemenosAccount, TemenosBalance } from './temenos.types';
import { signOf, toAmount } from './values';

function balanceOf(
  accountId: string,
  kind: AccountKind,
  current: string | undefined,
  available: string | undefined,
): Balance | undefined {
  if (current === undefined) return undefined;
  const fallback = kind === 'deposit' ? current : '0.00';
  const locked = kind === 'loan' || kind === 'termDeposit';
  const stated = locked && available !== undefined && signOf(available) === -1 ? '0.00' : available;
  return { accountId, currentBalance: current, availableBalance: stated ?? fallback };
}

/** The balance the account list gives; undefined when the entry carries none. */
export function balanceFromAccount(
  accountId: string,
  kind: AccountKind,
  entry: TemenosAccount,
): Balance | undefined {
  const current =
    toAmount(entry.workingBalance) ??
    toAmount(entry.onlineActualBalance) ??
    toAmount(entry.clearedBalance);
  const available = toAmount(entry.availableFunds) ?? toAmount(entry.availableBalance);
  return balanceOf(accountId, kind, current, available);
}

/** The balance getAccountBalanceToday gives; undefined when it carries none. */
export function balanceFromToday(
  accountId: string,
  kind: AccountKind,
  balance: TemenosBalance,
): Balance | undefined {
  const current = toAmount(balance.workingBalance) ?? toAmount(balance.ledgerBalance);
  return balanceOf(accountId, kind, current, toAmount(balance.useableBalance));
}
