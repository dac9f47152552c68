/**
 * The Kraken payloads the mappers read: only the fields the adapter's operations select
 * (adapters/kraken/queries/), as Kraken serialises them. Int money fields are integer cents;
 * `Decimal` arrives as its exact text; `Date` is `YYYY-MM-DD`; `DateTime` is ISO 8601 with offset.
 */

export type KrakenAccountStatus =
  | 'PENDING'
  | 'INCOMPLETE'
  | 'WITHDRAWN'
  | 'ACTIVE'
  | 'ENROLMENT_ERROR'
  | 'ENROLMENT_REJECTED'
  | 'DORMANT'
  | 'VOID';

export interface KrakenPropertyRef {
  id: string | null;
  address: string | null;
  postcode: string;
  /** Selected by `AccountUserSupply` only. */
  meterPoints?: (KrakenMeterPoint | null)[] | null;
}

/** An active hardship agreement of an account (`HardshipAgreementType`). */
export interface KrakenHardshipAgreement {
  hardshipType: string;
}

/** An account as `AccountUserAccounts` (and, with meter points, `AccountUserSupply`) selects it. */
export interface KrakenAccount {
  number: string | null;
  status: KrakenAccountStatus | null;
  accountType: string | null;
  createdAt: string | null;
  properties?: KrakenPropertyRef[] | null;
  activeHardshipAgreements?: (KrakenHardshipAgreement | null)[] | null;
  /**
   * The account balance in integer cents, negative when the customer owes (Kraken counts an
   * account in credit as positive): `AccountUserSupply` only.
   */
  balance?: number | null;
  /** The first page of bills in a window: `AccountUserSupply` with `withBills` only. */
  bills?: KrakenConnection<KrakenBill> | null;
}

/** One page of a Relay connection, as the adapter selects it. */
export interface KrakenConnection<T> {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  edges: ({ node: T | null } | null)[];
}

export interface KrakenAccountUserAccounts {
  id: string;
  email: string;
  /** Kraken's family and domestic violence flag of the user. */
  hasFamilyIssues?: boolean | null;
  accounts: (KrakenAccount | null)[] | null;
  /** Selected by `AccountUserSupply` only. */
  concessions?: (KrakenConcession | null)[] | null;
}

export interface KrakenRichAddress {
  streetAddress: string | null;
  dependentLocality: string | null;
  locality: string | null;
  administrativeArea: string | null;
  postalCode: string | null;
  country: string | null;
}

/** The account holder as `AccountUserDetail` selects it. */
export interface KrakenAccountUserDetail {
  id: string;
  hasFamilyIssues?: boolean | null;
  title: string | null;
  givenName: string;
  familyName: string;
  email: string;
  mobile: string;
  landline: string;
  lastUpdatedAt: string;
  address: KrakenRichAddress | null;
}

/** The account user of an address as `AccountUserByEmail` selects them. */
export interface KrakenAccountUserByEmail {
  id: string;
  givenName: string;
  familyName: string;
  mobile: string;
  /** The accounts the user holds an account role on (a contact's roles). */
  accountUserRoles: ({ role: string | null; account: { number: string } } | null)[] | null;
}

/** A user of an account as `AccountHolders` selects them. */
export interface KrakenAccountHolder {
  id: string;
  givenName: string;
  familyName: string;
  /** The portfolio roles through which the user holds the account (none: not a holder). */
  portfolioUserRoles: ({ role: string | null } | null)[] | null;
}

export interface KrakenProduct {
  code: string | null;
  displayName: string | null;
  fullName: string | null;
  marketName: 'AUS_ELECTRICITY' | 'AUS_GAS' | string | null;
  isVariable: boolean | null;
}

export interface KrakenAgreement {
  id: number | null;
  validFrom: string | null;
  validTo: string | null;
  isRevoked: boolean | null;
  product: KrakenProduct | null;
}

export interface KrakenMeterPoint {
  id: number | null;
  identifier: string | null;
  supplyType: string | null;
  agreements: (KrakenAgreement | null)[] | null;
}

/** The supply of one account: its number and its properties' meter points. */
export interface KrakenAccountSupply {
  number: string | null;
  properties:
    ({ id: string | null; meterPoints: (KrakenMeterPoint | null)[] | null } | null)[] | null;
}

/** One rate of `ProductRates`. */
export interface KrakenRate {
  pricePerUnit: string | number;
  bandCategory: string | null;
  unitType: string;
  rateDescription: string | null;
  validFrom: string | null;
  validTo: string | null;
  isControlledLoad?: boolean | null;
  isSolar?: boolean | null;
}

export interface KrakenTotals {
  netTotal: number | null;
  taxTotal: number | null;
  grossTotal: number | null;
}

/** One bill of `AccountBills`; the statement fields only on `StatementType`. */
export interface KrakenBill {
  id: string | null;
  billType: 'STATEMENT' | 'INVOICE' | 'CREDIT_NOTE' | 'PRE_KRAKEN' | 'COLLECTIVE' | null;
  issuedDate: string | null;
  fromDate: string | null;
  toDate: string | null;
  paymentDueDate?: string | null;
  openingBalance?: number | null;
  closingBalance?: number | null;
  totalCharges?: KrakenTotals | null;
  totalCredits?: KrakenTotals | null;
}

/** One concession card of the account user (`AccountUserSupply`). */
export interface KrakenConcession {
  id: string;
  cardType: string | null;
  cardLabel: string | null;
  cardIssueDate: string | null;
  cardExpiryDate: string | null;
  isCurrent: boolean | null;
  removalDate: string | null;
}
