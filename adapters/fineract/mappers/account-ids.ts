/**
 * Gateway account ids of Fineract accounts: the Fineract kind and id, `sav-<id>` (savings and
 * current accounts), `fd-<id>` (fixed deposits), `rd-<id>` (recurring deposits), `loan-<id>`.
 * Fineract numbers savings-family accounts in one table and loans in another, so the kind is part
 * of the id.
 */
import type { FineractEnum, FineractId } from './fineract.types';

export type FineractAccountKind = 'sav' | 'fd' | 'rd' | 'loan';

export interface ParsedAccountId {
  kind: FineractAccountKind;
  /** The Fineract id as decimal text. */
  id: string;
}

const ACCOUNT_ID = /^(sav|fd|rd|loan)-([1-9][0-9]{0,17})$/;

/** The gateway id of a Fineract account. */
export function accountIdOf(kind: FineractAccountKind, id: FineractId): string {
  return `${kind}-${String(id)}`;
}

/** The Fineract kind and id of a gateway account id; undefined when it is not one. */
export function parseAccountId(accountId: string): ParsedAccountId | undefined {
  const match = ACCOUNT_ID.exec(accountId);
  return match ? { kind: match[1] as FineractAccountKind, id: match[2]! } : undefined;
}

/**
 * The kind of a savings-family account from its `depositType` (100 savings, 200 fixed deposit,
 * 300 recurring deposit); an account list entry without one is a savings account.
 */
export function savingsKindOf(
  depositType: FineractEnum | undefined,
): 'sav' | 'fd' | 'rd' | undefined {
  if (!depositType) return 'sav';
  const code = depositType.code ?? '';
  if (depositType.id === 100 || code.endsWith('savingsDeposit')) return 'sav';
  if (depositType.id === 200 || code.endsWith('fixedDeposit')) return 'fd';
  if (depositType.id === 300 || code.endsWith('recurringDeposit')) return 'rd';
  return undefined;
}
