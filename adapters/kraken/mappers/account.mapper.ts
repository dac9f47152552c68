/**
 * Kraken accounts → the authorisation list records and energy accounts. The account id is the
 * Kraken account number (`A-` and eight hexadecimal digits), which never collides with another
 * core's ids (Fineract's are `sav-<n>`, `loan-<n>`...); a number of any other shape fails loudly.
 */
import { CoreRecordInvalidError } from '@data-holder-gateway/adapter-sdk';
import type {
  AccountRef,
  EnergyAccountRecord,
  EnergyPlan,
  ShareableAccountRecord,
  SharingRefusalReason,
} from '@data-holder-gateway/adapter-sdk';
import type { KrakenAccount, KrakenAccountStatus } from './kraken.types';
import { localDateOf, text } from './values';

const ACCOUNT_NUMBER = /^A-[0-9A-F]{8}$/;

/** Kraken's account status → the interface's; null for accounts that never supplied anyone. */
const OPEN_STATUS: Readonly<Record<KrakenAccountStatus, 'OPEN' | 'CLOSED' | null>> = {
  ACTIVE: 'OPEN',
  PENDING: 'OPEN',
  DORMANT: 'CLOSED',
  WITHDRAWN: 'CLOSED',
  INCOMPLETE: null,
  ENROLMENT_ERROR: null,
  ENROLMENT_REJECTED: null,
  VOID: null,
};

const BUSINESS_TYPES = new Set([
  'BUSINESS',
  'BUSINESS_OCCUPIER',
  'BUSINESS_THIRD_PARTY_BILLED',
  'BUSINESS_VACANT',
]);

/** Who the gateway's customer is to the account. */
export interface KrakenHolder {
  customerId: string;
  email: string;
}

/** The account number checked for shape. @throws Error for a number Kraken never issues */
export function accountIdOf(account: Pick<KrakenAccount, 'number'>): string {
  const number = account.number ?? '';
  if (!ACCOUNT_NUMBER.test(number))
    throw new CoreRecordInvalidError({
      cause: new Error('Kraken account number of an unknown shape'),
    });
  return number;
}

/** The interface's open status; null when the account is not served (never supplied). */
export function openStatusOf(account: KrakenAccount): 'OPEN' | 'CLOSED' | null {
  const status = account.status;
  if (status === null || !(status in OPEN_STATUS)) {
    throw new CoreRecordInvalidError({
      cause: new Error(`Kraken account status without a mapping: ${String(status)}`),
    });
  }
  return OPEN_STATUS[status];
}

/** The accounts the adapter serves, in Kraken's order. */
export function servedAccounts(
  accounts: readonly (KrakenAccount | null)[] | null,
): KrakenAccount[] {
  return (accounts ?? []).filter((a): a is KrakenAccount => a !== null && openStatusOf(a) !== null);
}

/** The supply address of the account's first property, as its display name. */
function addressOf(account: KrakenAccount): string | undefined {
  const property = account.properties?.[0];
  const address = text(property?.address);
  return address && property?.postcode ? `${address} ${property.postcode}` : address;
}

/**
 * Whether sharing the account's data could cause harm (docs/kraken.md, "Refusals to share"): an
 * active hardship agreement of type family violence.
 */
export function accountSharingRefusal(account: KrakenAccount): SharingRefusalReason | undefined {
  const agreements = account.activeHardshipAgreements ?? [];
  return agreements.some((a) => a?.hardshipType === 'FAMILY_VIOLENCE') ? 'harm' : undefined;
}

/** Whether Kraken flags the account user for family issues: sharing anything of theirs could harm. */
export function userRefusesSharing(user: { hasFamilyIssues?: boolean | null }): boolean {
  return user.hasFamilyIssues === true;
}

/** The authorisation list record of a served account. */
export function toShareableAccount(
  account: KrakenAccount,
  holder: KrakenHolder,
): ShareableAccountRecord {
  const displayName = addressOf(account);
  const refusal = accountSharingRefusal(account);
  return {
    accountId: accountIdOf(account),
    ...(displayName ? { displayName } : {}),
    subtitle: 'Energy account',
    openStatus: openStatusOf(account) ?? 'CLOSED',
    complexAccountType: BUSINESS_TYPES.has(account.accountType ?? '')
      ? 'ORGANIZATION'
      : 'INDIVIDUAL',
    users: [{ id: holder.customerId, email: holder.email, isAccountHolder: true }],
    ...(refusal ? { sharingRefusal: refusal } : {}),
  };
}

/**
 * A served account as the gateway's account check reads it: the values of its energy account
 * record (`toEnergyAccount`), without the plans.
 */
export function toAccountRef(account: KrakenAccount): AccountRef {
  const refusal = accountSharingRefusal(account);
  return {
    accountId: accountIdOf(account),
    openStatus: openStatusOf(account) ?? 'CLOSED',
    ...(refusal ? { sharingRefusal: refusal } : {}),
  };
}

/** The energy account record of a served account with its plans. */
export function toEnergyAccount(
  account: KrakenAccount,
  holder: KrakenHolder,
  plans: EnergyPlan[],
): EnergyAccountRecord {
  const shareable = toShareableAccount(account, holder);
  return {
    accountId: shareable.accountId,
    accountNumber: shareable.accountId,
    ...(shareable.displayName ? { displayName: shareable.displayName } : {}),
    openStatus: shareable.openStatus,
    ...(account.createdAt ? { creationDate: localDateOf(account.createdAt) } : {}),
    plans,
    subtitle: 'Energy account',
    complexAccountType: shareable.complexAccountType,
    users: shareable.users,
    ...(shareable.sharingRefusal ? { sharingRefusal: shareable.sharingRefusal } : {}),
  };
}
