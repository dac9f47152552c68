/**
 * Template core accounts and balances → the documented banking shapes. Field by field: an
 * allow-list, never a spread of the core's object, so nothing the core adds can leak.
 */
import {
  toAmount,
  type AccountOwnership,
  type AccountRef,
  type Balance,
  type BankingAccountRecord,
  type FdxAccountInfo,
  type ProductCategory,
  type ShareableAccountRecord,
  type SharingRefusalReason,
  CoreRecordInvalidError,
} from '@data-holder-gateway/adapter-sdk';
import type { CoreAccount, CoreAccountType, CoreBalance } from './core-payloads';

/** Core account type → product category. Put your core's product table here. */
const PRODUCT_CATEGORY: Readonly<Record<CoreAccountType, ProductCategory>> = {
  TRANSACTION: 'TRANS_AND_SAVINGS_ACCOUNTS',
  SAVINGS: 'TRANS_AND_SAVINGS_ACCOUNTS',
  TERM_DEPOSIT: 'TERM_DEPOSITS',
  CREDIT_CARD: 'CRED_AND_CHRG_CARDS',
  PERSONAL_LOAN: 'PERS_LOANS',
  HOME_LOAN: 'RESIDENTIAL_MORTGAGES',
};

/**
 * The core's holds → the refusal to share (docs/adapters.md, "Refusing to share"): the same value
 * on every record of the account; the gateway leaves blocked and suspended ones out and refuses
 * a harm one.
 */
const REFUSAL: Readonly<Record<NonNullable<CoreAccount['restriction']>, SharingRefusalReason>> = {
  FROZEN: 'blocked',
  UNDER_REVIEW: 'suspended',
  SAFETY_HOLD: 'harm',
};

/** `sharingRefusal` of the account's records: present only when the core put a hold on it. */
function refusal(account: CoreAccount): { sharingRefusal?: SharingRefusalReason } {
  if (account.restriction === undefined) return {};
  const reason = REFUSAL[account.restriction];
  if (!reason)
    throw new CoreRecordInvalidError({ cause: new Error('unknown core account restriction') });
  return { sharingRefusal: reason };
}

/** Account types with deposit transactions (FDX `DEPOSIT_ACCOUNT`). */
const FDX_TYPES: ReadonlySet<CoreAccountType> = new Set(['TRANSACTION', 'SAVINGS']);

/** An account type the mapper has no row for: failing loudly beats guessing a category. */
export class UnknownAccountTypeError extends Error {
  constructor() {
    super('unknown core account type');
    this.name = 'UnknownAccountTypeError';
  }
}

function productCategory(type: CoreAccountType): ProductCategory {
  const category = PRODUCT_CATEGORY[type];
  if (!category) throw new UnknownAccountTypeError();
  return category;
}

/** `12345678` → `xxxx5678`: only the last four characters are ever shown. */
export function maskNumber(number: string): string {
  const compact = number.replace(/[\s-]/g, '');
  return compact.length <= 4 ? compact : `${'x'.repeat(compact.length - 4)}${compact.slice(-4)}`;
}

/** The core's name, with the full account number masked wherever the core put it. */
function displayName(account: CoreAccount): string {
  const compact = account.number.replace(/[\s-]/g, '');
  return compact.length >= 5
    ? account.name
        .split(account.number)
        .join(maskNumber(compact))
        .split(compact)
        .join(maskNumber(compact))
    : account.name;
}

function ownership(holders: number): AccountOwnership {
  if (holders === 1) return 'ONE_PARTY';
  if (holders === 2) return 'TWO_PARTY';
  return holders > 2 ? 'MANY_PARTY' : 'UNKNOWN';
}

function complexAccountType(account: CoreAccount): ShareableAccountRecord['complexAccountType'] {
  return account.holders.length > 1 ? 'JOINT' : 'INDIVIDUAL';
}

function users(account: CoreAccount): ShareableAccountRecord['users'] {
  return account.holders.map((h) => ({ id: h.customerId, email: h.email, isAccountHolder: true }));
}

function openStatus(account: CoreAccount): 'OPEN' | 'CLOSED' {
  return account.status === 'closed' ? 'CLOSED' : 'OPEN';
}

/** A banking account (rows 2 and 3; the gateway derives version 3 from it). */
export function toBankingAccount(account: CoreAccount): BankingAccountRecord {
  return {
    accountId: account.id,
    ...(account.openedOn !== undefined ? { creationDate: account.openedOn } : {}),
    displayName: displayName(account),
    ...(account.nickname !== undefined ? { nickname: account.nickname } : {}),
    openStatus: openStatus(account),
    isOwned: true,
    accountOwnership: ownership(account.holders.length),
    maskedNumber: maskNumber(account.number),
    productCategory: productCategory(account.type),
    productName: account.productName,
    complexAccountType: complexAccountType(account),
    users: users(account),
    // The documented BSB is digits only: "062-000" → "062000".
    ...(account.bsb !== undefined ? { bsb: account.bsb.replace(/\D/g, '') } : {}),
    accountNumber: account.number,
    ...refusal(account),
  };
}

/** What the gateway's account check reads of a banking account: the values of its record. */
export function toAccountRef(account: CoreAccount): AccountRef {
  return {
    accountId: account.id,
    openStatus: openStatus(account),
    isOwned: true,
    productCategory: productCategory(account.type),
    ...refusal(account),
  };
}

/** An item of the authorisation list (row 1). */
export function toShareableAccount(account: CoreAccount): ShareableAccountRecord {
  return {
    accountId: account.id,
    displayName: displayName(account),
    openStatus: openStatus(account),
    complexAccountType: complexAccountType(account),
    users: users(account),
    ...refusal(account),
  };
}

/** A balance: the core's exact decimals, normalised (`"1200.5"` → `"1200.50"`). */
export function toBalance(balance: CoreBalance): Balance {
  return {
    accountId: balance.accountId,
    currentBalance: toAmount(balance.current),
    availableBalance: toAmount(balance.available),
  };
}

/** What the FDX endpoints need to know about an account. */
export function toFdxAccountInfo(account: CoreAccount): FdxAccountInfo {
  return {
    status: account.status === 'blocked' ? 'RESTRICTED' : openStatus(account),
    supportsFdx: FDX_TYPES.has(account.type),
    // The template core has no asset transfer networks.
    supportsAssetTransferNetworks: false,
    ...refusal(account),
  };
}
