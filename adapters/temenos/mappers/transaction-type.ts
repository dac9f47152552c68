/**
 * What kind of movement a Temenos transaction is, from its transaction type code and its sign.
 * Transact's codes are the bank's own (`ACPX`, `OTPX`...), so only what a code says in words, or
 * by Transact's account-transfer prefix `AC`, is read: charges and fees, interest, direct debits,
 * transfers between accounts. Any other movement is a payment out or a transfer in.
 */

/** The kinds of movement the mappers tell apart. */
export type MovementKind =
  'fee' | 'interest' | 'directDebit' | 'transfer' | 'paymentOut' | 'moneyIn';

export function movementOf(code: string | undefined, moneyOut: boolean): MovementKind {
  const text = code?.trim().toUpperCase() ?? '';
  if (/FEE|CHARGE|CHG|COMMISSION/.test(text)) return 'fee';
  if (/INTEREST/.test(text)) return 'interest';
  if (/^DD|DIRECT ?DEBIT/.test(text) && moneyOut) return 'directDebit';
  if (/^AC|TRANSFER/.test(text)) return 'transfer';
  return moneyOut ? 'paymentOut' : 'moneyIn';
}
