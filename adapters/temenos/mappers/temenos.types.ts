/**
 * The Temenos Transact payloads this adapter reads, written by hand from the field names of the
 * published Transact APIs (release 202102): only the fields the mappers use, every one optional
 * (a core may leave any out). Numbers arrive through lossless-json: a safe integer as a number,
 * any other number (decimals, long integers) as its exact text.
 */

/** A JSON number as the client hands it over (see the module comment). */
export type TemenosNumber = number | string;

/** The header of every answer: paging and status. */
export interface TemenosHeader {
  status?: string;
  page_size?: number;
  page_start?: number;
  total_size?: number;
  page_token?: string;
}

/** An answer whose body is a list (an enquiry). */
export interface TemenosList<T> {
  header?: TemenosHeader;
  body?: T[];
}

/** An answer whose body is one record. */
export interface TemenosRecord<T> {
  header?: TemenosHeader;
  body?: T;
}

/**
 * The body of an error answer: an enquiry's error has its code, a record read's its details.
 */
export interface TemenosErrorBody {
  header?: TemenosHeader;
  error?: {
    code?: string;
    message?: string;
    type?: string;
    errorDetails?: { code?: string; message?: string }[];
  };
}

// ------------------------------------------------------------------ holdings: accounts

/** One party of an account (getAccounts' `customerDetails`). */
export interface TemenosAccountParty {
  customer?: string;
  customerRole?: string;
  roleDisplayName?: string;
  firstName?: string;
  lastName?: string;
  emails?: { email?: string }[];
}

/** An account of getAccounts (`GET /api/v4.1.0/holdings/accounts?customerId=`). */
export interface TemenosAccount {
  accountId?: string;
  arrangementId?: string;
  customerId?: string;
  customerDetails?: TemenosAccountParty[];
  displayName?: string;
  productName?: string;
  productId?: string;
  categoryId?: string;
  categoryName?: string;
  accountStatus?: string;
  currencyId?: string;
  openingDate?: string;
  sortCode?: string;
  IBAN?: string;
  workingBalance?: TemenosNumber;
  onlineActualBalance?: TemenosNumber;
  availableBalance?: TemenosNumber;
  availableFunds?: TemenosNumber;
  clearedBalance?: TemenosNumber;
}

/** A balance of getAccountBalanceToday (`GET /api/v4.1.0/holdings/accounts/balances`). */
export interface TemenosBalance {
  accountId?: string;
  currencyId?: string;
  workingBalance?: TemenosNumber;
  ledgerBalance?: TemenosNumber;
  clearedBalance?: TemenosNumber;
  useableBalance?: TemenosNumber;
}

// ------------------------------------------------------------------ holdings: loans

/** An interest of a loan (getLoanDetails' `interests`). */
export interface TemenosLoanInterest {
  interestRate?: TemenosNumber;
  effectiveRate?: TemenosNumber;
  interestProperty?: string;
  interestPropertyName?: string;
  rateType?: string;
}

/** A payment schedule of a loan (getLoanDetails' `schedules`). */
export interface TemenosLoanSchedule {
  schedulePaymentType?: string;
  scheduleProperty?: string;
  schedulePaymentFrequency?: string;
}

/** A loan of getLoanDetails (`GET /api/v1.0.0/holdings/loans/{arrangementId}`). */
export interface TemenosLoan {
  arrangementId?: string;
  currencyId?: string;
  startDate?: string;
  maturityDate?: string;
  commitmentAmount?: TemenosNumber;
  nextPaymentAmount?: TemenosNumber;
  nextPaymentDate?: string;
  interests?: TemenosLoanInterest[];
  schedules?: TemenosLoanSchedule[];
}

// ------------------------------------------------------------------ holdings: transactions

/** A transaction of getAccountTransactions (`GET /api/v1.0.0/holdings/transactions`). */
export interface TemenosTransaction {
  entryReference?: string;
  transactionReference?: string;
  accountId?: string;
  bookingDate?: string;
  narrative?: string;
  displayName?: string;
  amount?: TemenosNumber;
  currencyId?: string;
  transactionType?: string;
}

/** One side of a transaction's detail (`debits`, `credits`). */
export interface TemenosTransactionSide {
  debitAccountId?: string;
  creditAccountId?: string;
}

/** A transaction of getTransactionDetails (`GET /api/v1.0.0/holdings/transactions/{reference}`). */
export interface TemenosTransactionDetail {
  transactionReference?: string;
  entryReference?: string;
  accountId?: string;
  bookingDate?: string;
  valueDate?: string;
  processingDate?: string;
  debits?: TemenosTransactionSide[];
  credits?: TemenosTransactionSide[];
}

// ------------------------------------------------------------------ orders

/**
 * A standing order of getStandingOrders (`GET /api/v4.0.0/party/customers/{id}/standingOrders`).
 */
export interface TemenosStandingOrder {
  standingOrderId?: string;
  /** Not in the published lists (the id names the account); a core that adds it is believed. */
  accountId?: string;
  displayNames?: { displayName?: string }[];
  amount?: TemenosNumber;
  currencyId?: string;
  frequency?: string;
  currentFrequency?: string;
  currentFrequencyDate?: string;
  currentEndDate?: string;
  percentageOverCurrentBalance?: string;
  creditAccountId?: string;
  creditAccountName?: string;
  bankSortCode?: string;
  beneficiaryId?: string;
  beneficiaryBIC?: string;
  beneficiaryIBAN?: string;
  beneficiaryCountryId?: string;
  recordStatus?: string;
}

/**
 * A debtor mandate of getDebtorDirectDebitMandates
 * (`GET /api/v1.0.0/order/directDebits/debtorMandates`).
 */
export interface TemenosDebtorMandate {
  mandateId?: string;
  accountId?: string;
  creditorName?: string;
  ultimateCreditor?: string;
  executionDate?: string;
}

// ------------------------------------------------------------------ party: beneficiaries

/**
 * A beneficiary of getCustomerBeneficiary (`GET /api/v1.0.0/party/customers/{id}/beneficiaries`).
 */
export interface TemenosBeneficiary {
  beneficiaryId?: string;
  nickName?: string;
  beneficiaryNickName?: string;
  shortName?: string;
  beneficiaryAccountId?: string;
  bankSortCode?: string;
  BIC?: string;
  IBAN?: string;
  bankName?: string;
  paymentCountry?: string;
  transactionType?: string;
  preferredPaymentProduct?: string;
  customerReference?: string;
  dates?: { dateTime?: string }[];
}

// ------------------------------------------------------------------ party: customers

/** A contact point of getCustomer (`contactDetails`). */
export interface TemenosContactDetail {
  contactType?: string;
  iddPrefixPhone?: string;
  contactData?: string;
}

/** A customer of getCustomer (`GET /api/v4.0.0/party/customers/{customerId}`). */
export interface TemenosCustomer {
  displayNames?: { displayName?: string }[];
  customerNames?: { customerName?: string }[];
  communicationDevices?: { phoneNumber?: string; smsNumber?: string; email?: string }[];
  officePhoneNumbers?: { officePhoneNumber?: string }[];
  streets?: { street?: string }[];
  addresses?: { address?: string }[];
  addressCities?: { addressCity?: string }[];
  countries?: { country?: string }[];
  postCode?: TemenosNumber;
  contactDetails?: TemenosContactDetail[];
  customerMnemonic?: string;
  title?: string;
  givenName?: string;
  lastName?: string;
  dateOfBirth?: string;
  /** Transact's institution-defined type of customer (the model bank gives people 1000-1999). */
  sectorId?: TemenosNumber;
  legalDetails?: { legalId?: string; legalDocumentName?: string }[];
  contactDate?: string;
  kycLastReviewDate?: string;
}

/** A related customer of a search entry (`relCust`). */
export interface TemenosRelatedCustomer {
  relCustomer?: string;
  relationshipCode?: string;
  relCustomerEmail?: string;
  relCustomerPhoneNumber?: string;
}

/** An entry of getCustomerInformation (`GET /api/v4.0.0/party/customers?email=`). */
export interface TemenosCustomerEntry {
  customerId?: string;
  customerName?: string;
  contactDetails?: {
    emails?: { email?: string }[];
    mobilePhoneNumbers?: { mobilePhoneNumber?: string }[];
    Contacts?: TemenosContactDetail[];
  }[];
  relCust?: TemenosRelatedCustomer[];
}
