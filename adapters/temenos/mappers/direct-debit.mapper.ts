/**
 * Temenos debtor mandates (getDebtorDirectDebitMandates: the mandates a creditor holds to debit
 * the customer's account) → the interface's direct debit authorisation. The creditor is the
 * authorised entity (its name, else the ultimate creditor); the mandate's execution date, the
 * processing date of its latest collection, is the last debit. Transact's mandate carries no
 * amount of that collection, no institution and no ABN: those are left out. A mandate on none of
 * the given accounts, or naming no creditor, is left out.
 */
import type { DirectDebit } from '@data-holder-gateway/adapter-sdk';
import type { TemenosDebtorMandate } from './temenos.types';
import { present, toIsoDateTime } from './values';

export function toDirectDebit(
  mandate: TemenosDebtorMandate,
  accountIds: ReadonlySet<string>,
): DirectDebit | undefined {
  const accountId = present(mandate.accountId);
  if (accountId === undefined || !accountIds.has(accountId)) return undefined;
  const creditor = present(mandate.creditorName) ?? present(mandate.ultimateCreditor);
  if (creditor === undefined) return undefined;
  const last = toIsoDateTime(mandate.executionDate);
  return {
    accountId,
    authorisedEntity: { description: creditor },
    ...(last !== undefined ? { lastDebitDateTime: last } : {}),
  };
}
