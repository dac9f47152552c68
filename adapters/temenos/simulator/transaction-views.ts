/**
 * One transaction's details: told from its debit leg when it has one (the account money left),
 * its sides as `debits` and `credits` (amounts positive, as strings), and the payee of a payment
 * out as `beneficiaries`.
 */
import { TEMENOS_TRANSACTION_CODES } from './catalogue';
import type { SimCounterparty, SimTransaction } from './dataset';
import { compact } from './route-types';
import { centsOf, money } from './sim-dates';

const size = (t: SimTransaction) => money(Math.abs(centsOf(t.amount)));
const named = (p?: SimCounterparty) => !!p && (p.accountId !== undefined || p.iban !== undefined);

function side(kind: 'debit' | 'credit', t: SimTransaction, other?: SimCounterparty) {
  const accountId = other ? (other.accountId ?? other.iban) : t.accountId;
  return compact({
    [`${kind}AccountId`]: accountId,
    [`${kind}AccountIBAN`]: other?.iban,
    [`${kind}Amount`]: size(t),
    [`${kind}CurrencyId`]: t.currency,
    [`${kind}ValueDate`]: t.valueDate,
  });
}

export function transactionDetails(legs: SimTransaction[]): Record<string, unknown> {
  const debit = legs.find((l) => centsOf(l.amount) < 0);
  const credit = legs.find((l) => centsOf(l.amount) > 0);
  const main = debit ?? legs[0]!;
  const other = main.counterparty;
  const debits = debit ? [side('debit', debit)] : named(other) ? [side('debit', main, other)] : [];
  const credits = credit
    ? [side('credit', credit)]
    : named(other)
      ? [side('credit', main, other)]
      : [];
  const paidOut = debit && !credit && named(other);
  return compact({
    transactionReference: main.reference,
    entryReference: main.entryReference,
    accountId: main.accountId,
    bookingDate: main.bookingDate,
    valueDate: main.valueDate,
    processingDate: main.processingDate,
    narrative: main.narrative,
    transactionName: TEMENOS_TRANSACTION_CODES[main.code].name,
    currencyId: main.currency,
    localCurrencyId: 'AUD',
    debits,
    credits,
    beneficiaries: paidOut
      ? [
          compact({
            beneficiaryAccountId: other!.accountId,
            beneficiaryIBAN: other!.iban,
            beneficiaryCustomerId: other!.customerId,
            beneficiaryBank: other!.bic ?? other!.bsb,
          }),
        ]
      : [],
  });
}
