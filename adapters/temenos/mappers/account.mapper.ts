/**
 * Temenos accounts (getAccounts entries) → the interface's banking account record, account
 * reference and authorisation list item, built field by field (an allow-list).
 *
 * Every record of one account starts from {@link describeAccount}, so the account list, the
 * account check, the authorisation list and FDX agree on which accounts exist, their category and
 * status:
 * - the product category comes from the `categoryId` (product-category.ts); an account whose
 *   category no table names is left out (`uncategorised`), never guessed;
 * - `accountStatus`: the account list documents `active`, `inactive` and `closed`, and an
 *   arrangement's status is Transact's arrangement status (`CURRENT` while in force,
 *   `PENDING.CLOSURE`, `EXPIRED`, `MATURED`, `CLOSE`). Active, inactive (an idle account is still
 *   the customer's), current and pending closure are OPEN; closed, expired and matured CLOSED; no
 *   status OPEN. Any other value (an arrangement not yet in force, say) is left out (`status`)
 *   rather than guessed;
 * - an account the customer is no party of is left out (`notParty`): only the customer's data.
 * Transact documents no blocked or suspended state on these reads, so no record carries a
 * `sharingRefusal`; a holder lists such accounts in the gateway's refusal file.
 */
import type {
  AccountRef,
  BankingAccountRecord,
  DepositRate,
  LoanAccount,
  LendingRate,
  ProductCategory,
  ShareableAccountRecord,
  TermDepositAccount,
} from '@data-holder-gateway/adapter-sdk';
import { isPartyOf, ownershipOf } from './account-parties';
import { accountKindOf, type AccountKind, type ProductCategoryResolver } from './product-category';
import type { TemenosAccount } from './temenos.types';
import { bsbDigits, maskAccountNumber, present, toIsoDate, withoutNumbers } from './values';

/** What every record of an account is built on. */
export interface DescribedAccount {
  accountId: string;
  entry: TemenosAccount;
  productCategory: ProductCategory;
  kind: AccountKind;
  openStatus: 'OPEN' | 'CLOSED';
}

/** Why an account of the list is left out. */
export type AccountSkip = 'noId' | 'notParty' | 'uncategorised' | 'status';

const OPEN_STATUSES: ReadonlySet<string> = new Set([
  'active',
  'inactive',
  'current',
  'pending.closure',
]);
const CLOSED_STATUSES: ReadonlySet<string> = new Set(['closed', 'close', 'expired', 'matured']);

function openStatusOf(status: string | undefined): 'OPEN' | 'CLOSED' | undefined {
  const text = present(status)?.toLowerCase();
  if (text === undefined || OPEN_STATUSES.has(text)) return 'OPEN';
  return CLOSED_STATUSES.has(text) ? 'CLOSED' : undefined;
}

/** The account as the customer's records describe it, or why it is left out. */
export function describeAccount(
  entry: TemenosAccount,
  customerId: string,
  categoryOf: ProductCategoryResolver,
): DescribedAccount | { skip: AccountSkip } {
  const accountId = present(entry.accountId);
  if (accountId === undefined) return { skip: 'noId' };
  if (!isPartyOf(entry, customerId)) return { skip: 'notParty' };
  const productCategory = categoryOf(entry.categoryId);
  if (productCategory === undefined) return { skip: 'uncategorised' };
  const openStatus = openStatusOf(entry.accountStatus);
  if (openStatus === undefined) return { skip: 'status' };
  return { accountId, entry, productCategory, kind: accountKindOf(productCategory), openStatus };
}

const KIND_LABELS: Readonly<Record<AccountKind, string>> = {
  deposit: 'Account',
  termDeposit: 'Term deposit',
  loan: 'Loan',
  credit: 'Credit account',
};

/** The product's name: Transact's product name, else its category's name, else the kind's. */
export function productNameOf(account: DescribedAccount): string {
  const { entry } = account;
  return present(entry.productName) ?? present(entry.categoryName) ?? KIND_LABELS[account.kind];
}

/** The name shown for the account, never with its full number or IBAN in it. */
export function displayNameOf(account: DescribedAccount): string {
  const { entry } = account;
  const name = present(entry.displayName) ?? productNameOf(account);
  return withoutNumbers(name, [account.accountId, entry.IBAN]);
}

/** The account's currency when Transact states one (ISO 4217). */
export function currencyOf(account: DescribedAccount): string | undefined {
  const code = present(account.entry.currencyId);
  return code !== undefined && /^[A-Z]{3}$/.test(code) ? code : undefined;
}

/**
 * The terms of an arrangement whose detail was read: a loan's specifics and lending rates
 * (loan.mapper.ts), or a term deposit's specifics and deposit rates (term-deposit.mapper.ts).
 */
export type AccountTerms =
  | { kind: 'loan'; loan: LoanAccount; lendingRates: LendingRate[] }
  | { kind: 'termDeposit'; termDeposit?: TermDepositAccount; depositRates: DepositRate[] };

function withTerms(record: BankingAccountRecord, terms: AccountTerms): void {
  if (terms.kind === 'loan') {
    record.specificAccountUType = 'loan';
    record.loan = terms.loan;
    if (terms.lendingRates.length > 0) record.lendingRates = terms.lendingRates;
    return;
  }
  if (terms.termDeposit) {
    record.specificAccountUType = 'termDeposit';
    record.termDeposit = [terms.termDeposit];
  }
  const [first] = terms.depositRates;
  if (first) {
    record.depositRate = first.rate;
    record.depositRates = terms.depositRates;
  }
}

/** The banking account record (detail version 4 with ownership). */
export function toAccountRecord(
  account: DescribedAccount,
  customerId: string,
  terms?: AccountTerms,
): BankingAccountRecord {
  const { entry, accountId } = account;
  const record: BankingAccountRecord = {
    accountId,
    displayName: displayNameOf(account),
    openStatus: account.openStatus,
    ...ownershipOf(entry, customerId),
    maskedNumber: maskAccountNumber(accountId),
    productCategory: account.productCategory,
    productName: productNameOf(account),
  };
  const opened = toIsoDate(entry.openingDate);
  if (opened !== undefined) record.creationDate = opened;
  const bsb = bsbDigits(entry.sortCode);
  if (bsb !== undefined) record.bsb = bsb;
  if (/^[0-9]+$/.test(accountId)) record.accountNumber = accountId;
  if (terms) withTerms(record, terms);
  return record;
}

/** The account as the gateway's account check reads it: the record's own values. */
export function toAccountRef(account: DescribedAccount, customerId: string): AccountRef {
  return {
    accountId: account.accountId,
    openStatus: account.openStatus,
    isOwned: ownershipOf(account.entry, customerId).isOwned,
    productCategory: account.productCategory,
  };
}

/** The authorisation list item of the account. */
export function toShareableAccount(
  account: DescribedAccount,
  customerId: string,
): ShareableAccountRecord {
  const { complexAccountType, users } = ownershipOf(account.entry, customerId);
  return {
    accountId: account.accountId,
    displayName: displayNameOf(account),
    openStatus: account.openStatus,
    complexAccountType,
    users,
  };
}
