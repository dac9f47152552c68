/**
 * The payloads of the template's hypothetical core, as the adapter hands them to the mappers.
 * Replace them with your core's own: describe only the fields you map (the mappers copy an
 * allow-list, so anything else the core sends is ignored).
 *
 * Every JSON number arrives as its exact source text (`CoreDecimal`): the adapter parses bodies
 * with lossless-json, so `1234.10` stays `"1234.10"` and `12345678901234567.89` is not rounded.
 */

/** A JSON number's exact text (or a string the core sent), e.g. `"-12.50"`, `"1e3"`. */
export type CoreDecimal = string;

/** `GET /customers/{customerId}`. */
export interface CoreCustomer {
  id: string;
  title?: string;
  givenName?: string;
  middleNames?: string[];
  familyName: string;
  email?: string;
  /** Whether the customer proved they own `email`; false when absent. */
  emailVerified?: boolean;
  /** E.164, e.g. `+61412345678`. */
  mobile?: string;
  address?: {
    line1: string;
    line2?: string;
    suburb: string;
    state: string;
    postcode: string;
    /** ISO 3166 alpha-3. */
    country?: string;
  };
  /** RFC 3339. */
  updatedAt?: string;
  /**
   * A safety hold on the customer: the core then refuses their reads (451) and the adapter never
   * sees this record; described for completeness.
   */
  safetyHold?: boolean;
}

export type CoreAccountType =
  'TRANSACTION' | 'SAVINGS' | 'TERM_DEPOSIT' | 'CREDIT_CARD' | 'PERSONAL_LOAN' | 'HOME_LOAN';

/** One holder of an account (a joint account has several). */
export interface CoreAccountHolder {
  customerId: string;
  email: string;
}

/** An item of `GET /customers/{customerId}/accounts`. */
export interface CoreAccount {
  id: string;
  /** The full account number: never shown whole in `displayName` or `maskedNumber`. */
  number: string;
  bsb?: string;
  name: string;
  nickname?: string;
  type: CoreAccountType;
  productName: string;
  /** `blocked`: open, but its transaction data may not be shared (FDX RESTRICTED). */
  status: 'active' | 'blocked' | 'closed';
  /** `YYYY-MM-DD`. */
  openedOn?: string;
  /**
   * A hold the bank put on the account: `FROZEN` (blocked), `UNDER_REVIEW` (suspended),
   * `SAFETY_HOLD` (sharing its data could cause harm). Absent when there is none.
   */
  restriction?: 'FROZEN' | 'UNDER_REVIEW' | 'SAFETY_HOLD';
  holders: CoreAccountHolder[];
}

/** `GET /accounts/{accountId}/balance`. */
export interface CoreBalance {
  accountId: string;
  current: CoreDecimal;
  available: CoreDecimal;
  currency: string;
}

/** An item of `GET /accounts/{accountId}/transactions`. */
export interface CoreTransaction {
  id: string;
  /** RFC 3339; null while pending. */
  postedAt?: string | null;
  /** RFC 3339. */
  transactedAt: string;
  /** Signed: negative is money out of the account. */
  amount: CoreDecimal;
  description: string;
  /** The payer's or the bank's reference, when there is one. */
  reference?: string;
  /** What an NPP payment carried, for a transaction made through the New Payments Platform. */
  npp?: CoreNppDetails;
  kind?: string;
  status: 'posted' | 'pending';
  merchant?: string;
  chequeNumber?: CoreDecimal;
}

/** The NPP details of a transaction. */
export interface CoreNppDetails {
  /** NPP overlay service, e.g. `X2P1`. */
  service: string;
  /** Version of the overlay, e.g. `3`. */
  version: CoreDecimal;
  endToEndId?: string;
  /** ISO 20022 purpose code, e.g. `SALA`. */
  purpose?: string;
  /** The payer's message. */
  message?: string;
  /** Name of the payer, for money in. */
  payerName?: string;
  /** PayID or account the money went to, for money out. */
  payeeAlias?: string;
}

/** `GET /accounts/{accountId}/transactions?from&to&cursor&limit`: postedAt descending, then id. */
export interface CoreTransactionPage {
  items: CoreTransaction[];
  /** Opaque cursor of the next page; absent or null on the last page. */
  nextCursor?: string | null;
}

/**
 * `GET /accounts/{accountId}/transaction-search?from&to&minAmount&maxAmount&text&offset&limit`:
 * one page of the account's transactions whose effective time (postedAt, else transactedAt) lies
 * in [from, to] and amount in [minAmount, maxAmount], with `text` in the description or reference
 * (any case); effective time descending, then id.
 */
export interface CoreTransactionSearchPage {
  items: CoreTransaction[];
  /** Transactions matching the search on every page. */
  total: CoreDecimal;
}
