/**
 * A Kraken account's balance → the interface's energy balance. Kraken keeps money in integer
 * cents and counts an account in credit as positive; the interface counts an amount owed as
 * positive. So the balance is the account's cents negated and moved two places, exactly (the
 * SDK's decimals: no floating-point number in between).
 */
import {
  Decimal,
  formatAmount,
  type EnergyBalance,
  CoreRecordInvalidError,
} from '@data-holder-gateway/adapter-sdk';
import type { KrakenAccount } from './kraken.types';

/**
 * The energy balance of an account as `AccountUserSupply` reads it: Kraken's `-18734` (owed)
 * → `"187.34"`, `2500` (in credit) → `"-25.00"`.
 * @throws Error when the account carries no balance or not a whole number of cents
 */
export function toEnergyBalance(account: Pick<KrakenAccount, 'balance'>): EnergyBalance {
  const cents = account.balance;
  if (typeof cents !== 'number' || !Number.isSafeInteger(cents)) {
    // The value stays out of the message: it is a customer's balance.
    throw new CoreRecordInvalidError({
      cause: new Error('Kraken account without a balance in whole cents'),
    });
  }
  return { balance: formatAmount({ value: new Decimal(cents).neg().div(100), scale: 2 }) };
}
