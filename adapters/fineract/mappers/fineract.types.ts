/**
 * The subset of Apache Fineract's REST payloads the Fineract mappers read (component names of the
 * Fineract OpenAPI document in brackets). Tolerant on purpose: every field is optional, and
 * amounts are `number | string`, because the adapter parses bodies with lossless-json: safe
 * integers arrive as numbers, every other numeric value as its exact decimal text.
 */

/** A JSON number as the adapter receives it: a safe integer, or the exact decimal text. */
export type FineractNumber = number | string;

/** A LocalDate: Jackson writes `[yyyy, m, d]`; some deployments write `"yyyy-mm-dd"`. */
export type FineractDate = readonly number[] | string;

/** An id (int64): a number when safe, otherwise its text. */
export type FineractId = number | string;

/** Fineract's `EnumOptionData` (`{id, code, value}`) and its many swagger twins. */
export interface FineractEnum {
  id?: number;
  code?: string;
  value?: string;
  description?: string;
}

export interface FineractCurrency {
  code?: string;
  name?: string;
  decimalPlaces?: number;
}

/** Savings-family account status (`SavingsAccountStatusEnumData` and the deposit twins). */
export interface FineractSavingsStatus extends FineractEnum {
  submittedAndPendingApproval?: boolean;
  approved?: boolean;
  rejected?: boolean;
  withdrawnByApplicant?: boolean;
  active?: boolean;
  closed?: boolean;
  prematureClosed?: boolean;
  matured?: boolean;
  transferInProgress?: boolean;
  transferOnHold?: boolean;
}

/** Savings-family sub-status (`SavingsAccountSubStatusEnumData`). */
export interface FineractSavingsSubStatus extends FineractEnum {
  none?: boolean;
  inactive?: boolean;
  dormant?: boolean;
  escheat?: boolean;
  block?: boolean;
  blockCredit?: boolean;
  blockDebit?: boolean;
}

/** Loan status (`GetLoansLoanIdStatus`). */
export interface FineractLoanStatus extends FineractEnum {
  pendingApproval?: boolean;
  waitingForDisbursal?: boolean;
  active?: boolean;
  closedObligationsMet?: boolean;
  closedWrittenOff?: boolean;
  closedRescheduled?: boolean;
  closed?: boolean;
  overpaid?: boolean;
}

// ------------------------------------------------------------------ clients

/** `GET /v1/clients/{clientId}` (`GetClientsClientIdResponse`). */
export interface FineractClient {
  id?: FineractId;
  accountNo?: string;
  externalId?: string;
  status?: FineractEnum;
  active?: boolean;
  activationDate?: FineractDate;
  firstname?: string;
  middlename?: string;
  lastname?: string;
  fullname?: string;
  displayName?: string;
  mobileNo?: string;
  emailAddress?: string;
  dateOfBirth?: FineractDate;
  legalForm?: FineractEnum;
  officeId?: FineractId;
  officeName?: string;
  timeline?: {
    submittedOnDate?: FineractDate;
    activatedOnDate?: FineractDate;
    reactivatedOnDate?: FineractDate;
    closedOnDate?: FineractDate;
  };
}

/**
 * One row of the authorised contacts data table, as `GET /v1/datatables/{table}/query` answers it
 * (`resultColumns=client_id,mobile_no`; a column without a value is left out).
 */
export interface FineractContactRow {
  client_id?: FineractId;
  email?: string;
  mobile_no?: string;
}

/** `GET /v1/clients?externalId=...` (`GetClientsResponse`). */
export interface FineractClientPage {
  totalFilteredRecords?: number;
  pageItems?: FineractClient[];
}

/** One savings-family entry of the client account list (`GetClientsSavingsAccounts`). */
export interface FineractClientSavingsAccount {
  id?: FineractId;
  accountNo?: string;
  productId?: FineractId;
  productName?: string;
  shortProductName?: string;
  status?: FineractSavingsStatus;
  /**
   * Fineract's account summary carries the sub-status (`SavingsAccountSummaryData`), although its
   * OpenAPI schema of the client account list leaves it out.
   */
  subStatus?: FineractSavingsSubStatus;
  depositType?: FineractEnum;
  currency?: FineractCurrency;
  accountBalance?: FineractNumber;
}

/** One loan entry of the client account list (`GetClientsLoanAccounts`). */
export interface FineractClientLoanAccount {
  id?: FineractId;
  accountNo?: string;
  externalId?: string;
  productId?: FineractId;
  productName?: string;
  status?: FineractLoanStatus;
  loanType?: FineractEnum;
  currency?: FineractCurrency;
}

/** `GET /v1/clients/{clientId}/accounts` (`GetClientsClientIdAccountsResponse`). */
export interface FineractClientAccounts {
  savingsAccounts?: FineractClientSavingsAccount[];
  loanAccounts?: FineractClientLoanAccount[];
}

// ------------------------------------------------------------------ savings family

export interface FineractSavingsTimeline {
  submittedOnDate?: FineractDate;
  approvedOnDate?: FineractDate;
  activatedOnDate?: FineractDate;
  closedOnDate?: FineractDate;
}

export interface FineractSavingsSummary {
  currency?: FineractCurrency;
  accountBalance?: FineractNumber;
  availableBalance?: FineractNumber;
}

/**
 * `GET /v1/savingsaccounts/{id}` (`SavingsAccountData`), `GET /v1/fixeddepositaccounts/{id}`
 * (`GetFixedDepositAccountsAccountIdResponse`) and `GET /v1/recurringdepositaccounts/{id}`
 * (`GetRecurringDepositAccountsAccountIdResponse`): one type, the deposit fields optional.
 */
export interface FineractSavingsAccount {
  id?: FineractId;
  accountNo?: string | number;
  externalId?: string;
  clientId?: FineractId;
  savingsProductId?: FineractId;
  savingsProductName?: string;
  status?: FineractSavingsStatus;
  subStatus?: FineractSavingsSubStatus;
  timeline?: FineractSavingsTimeline;
  currency?: FineractCurrency;
  nominalAnnualInterestRate?: FineractNumber;
  interestCompoundingPeriodType?: FineractEnum;
  interestPostingPeriodType?: FineractEnum;
  allowOverdraft?: boolean;
  overdraftLimit?: FineractNumber;
  depositType?: FineractEnum;
  summary?: FineractSavingsSummary;
  // fixed and recurring deposits
  depositAmount?: FineractNumber;
  maturityAmount?: FineractNumber;
  maturityDate?: FineractDate;
  depositPeriod?: number;
  depositPeriodFrequency?: FineractEnum;
  onAccountClosure?: FineractEnum;
  maturityInstruction?: FineractEnum;
  recurringDepositAmount?: FineractNumber;
  recurringDepositFrequency?: number;
  recurringDepositFrequencyType?: FineractEnum;
  expectedFirstDepositOnDate?: FineractDate;
}

/** One item of the savings transaction search (`GetSavingsAccountTransactionsPageItem`). */
export interface FineractSavingsTransaction {
  id?: FineractId;
  transactionType?: FineractEnum & {
    deposit?: boolean;
    withdrawal?: boolean;
    interestPosting?: boolean;
    feeDeduction?: boolean;
    dividendPayout?: boolean;
    overdraftInterest?: boolean;
    overdraftFee?: boolean;
    withholdTax?: boolean;
    escheat?: boolean;
    writtenoff?: boolean;
    amountHold?: boolean;
    amountRelease?: boolean;
    initiateTransfer?: boolean;
    approveTransfer?: boolean;
    withdrawTransfer?: boolean;
    rejectTransfer?: boolean;
  };
  entryType?: string;
  accountId?: FineractId;
  date?: FineractDate;
  submittedOnDate?: FineractDate;
  amount?: FineractNumber;
  runningBalance?: FineractNumber;
  reversed?: boolean;
  isReversal?: boolean;
  currency?: FineractCurrency;
  paymentDetailData?: FineractPaymentDetail;
  /**
   * The account transfer the transaction belongs to, when it is one (Fineract writes it although
   * its OpenAPI schema of the item leaves it out).
   */
  transfer?: { id?: FineractId; transferDescription?: string; reversed?: boolean };
}

/** How a transaction was paid (`GetTransactionsPaymentDetailData`, `PaymentDetailData`). */
export interface FineractPaymentDetail {
  paymentType?: { id?: FineractId; name?: string };
  accountNumber?: string;
  checkNumber?: string;
  routingCode?: string;
  receiptNumber?: string;
  bankNumber?: string;
}

/** `GET /v1/savingsaccounts/{id}/transactions/search` (`SavingsAccountTransactionsSearchResponse`). */
export interface FineractSavingsTransactionPage {
  total?: number;
  content?: FineractSavingsTransaction[];
}

// ------------------------------------------------------------------ loans

export interface FineractLoanTimeline {
  submittedOnDate?: FineractDate;
  approvedOnDate?: FineractDate;
  expectedDisbursementDate?: FineractDate;
  actualDisbursementDate?: FineractDate;
  expectedMaturityDate?: FineractDate;
  actualMaturityDate?: FineractDate;
  closedOnDate?: FineractDate;
}

export interface FineractLoanSummary {
  currency?: FineractCurrency;
  principalDisbursed?: FineractNumber;
  principalOutstanding?: FineractNumber;
  totalOutstanding?: FineractNumber;
  totalOverdue?: FineractNumber;
  totalExpectedCostOfLoan?: FineractNumber;
  totalRepayment?: FineractNumber;
}

/** One period of a repayment schedule (`GetLoansLoanIdRepaymentPeriod`). */
export interface FineractRepaymentPeriod {
  period?: number;
  fromDate?: FineractDate;
  dueDate?: FineractDate;
  complete?: boolean;
  downPaymentPeriod?: boolean;
  principalDisbursed?: FineractNumber;
  principalDue?: FineractNumber;
  interestDue?: FineractNumber;
  totalDueForPeriod?: FineractNumber;
  totalOutstandingForPeriod?: FineractNumber;
  totalPaidForPeriod?: FineractNumber;
}

/** `GET /v1/loans/{id}?associations=repaymentSchedule` (`GetLoansLoanIdResponse`). */
export interface FineractLoan {
  id?: FineractId;
  accountNo?: string | number;
  externalId?: string;
  clientId?: FineractId;
  status?: FineractLoanStatus;
  loanProductId?: FineractId;
  loanProductName?: string;
  loanType?: FineractEnum;
  currency?: FineractCurrency;
  principal?: FineractNumber;
  approvedPrincipal?: FineractNumber;
  termFrequency?: number;
  termPeriodFrequencyType?: FineractEnum;
  numberOfRepayments?: number;
  repaymentEvery?: number;
  repaymentFrequencyType?: FineractEnum;
  interestRatePerPeriod?: FineractNumber;
  interestRateFrequencyType?: FineractEnum;
  annualInterestRate?: FineractNumber;
  isFloatingInterestRate?: boolean;
  amortizationType?: FineractEnum;
  timeline?: FineractLoanTimeline;
  summary?: FineractLoanSummary;
  repaymentSchedule?: { currency?: FineractCurrency; periods?: FineractRepaymentPeriod[] };
}

/** One loan transaction (`GetLoansLoanIdTransactionsTransactionIdResponse`). */
export interface FineractLoanTransaction {
  id?: FineractId;
  type?: FineractEnum & {
    disbursement?: boolean;
    repayment?: boolean;
    repaymentAtDisbursement?: boolean;
    recoveryRepayment?: boolean;
    contra?: boolean;
    waiveInterest?: boolean;
    waiveCharges?: boolean;
    writeOff?: boolean;
    accrual?: boolean;
    chargePayment?: boolean;
  };
  date?: FineractDate;
  submittedOnDate?: FineractDate;
  amount?: FineractNumber;
  principalPortion?: FineractNumber;
  interestPortion?: FineractNumber;
  outstandingLoanBalance?: FineractNumber;
  manuallyReversed?: boolean;
  currency?: FineractCurrency;
  paymentDetailData?: FineractPaymentDetail;
}

/** `GET /v1/loans/{id}/transactions?page=&size=&sort=` (a Spring page). */
export interface FineractLoanTransactionPage {
  content?: FineractLoanTransaction[];
  totalElements?: number;
  totalPages?: number;
  number?: number;
  size?: number;
  first?: boolean;
  last?: boolean;
  numberOfElements?: number;
  empty?: boolean;
}

// ------------------------------------------------------------------ transfers

export interface FineractAccountRef {
  id?: FineractId;
  accountNo?: string | number;
  productId?: FineractId;
  productName?: string;
}

/** One standing instruction (`GetPageItemsStandingInstructionSwagger`). */
export interface FineractStandingInstruction {
  id?: FineractId;
  name?: string;
  fromClient?: { id?: FineractId; displayName?: string };
  fromAccountType?: FineractEnum;
  fromAccount?: FineractAccountRef;
  toClient?: { id?: FineractId; displayName?: string };
  toAccountType?: FineractEnum;
  toAccount?: FineractAccountRef;
  transferType?: FineractEnum;
  instructionType?: FineractEnum;
  status?: FineractEnum;
  amount?: FineractNumber;
  validFrom?: FineractDate;
  validTill?: FineractDate;
  recurrenceType?: FineractEnum;
  recurrenceFrequency?: FineractEnum;
  recurrenceInterval?: number;
  /** `[m, d]` (Jackson MonthDay) or `"--MM-DD"`. */
  recurrenceOnMonthDay?: readonly number[] | string;
}

/** `GET /v1/standinginstructions` (`GetStandingInstructionsResponse`). */
export interface FineractStandingInstructionPage {
  totalFilteredRecords?: number;
  pageItems?: FineractStandingInstruction[];
}

/** One third-party-transfer beneficiary (`GetSelfBeneficiariesTPTResponse`). */
export interface FineractBeneficiary {
  id?: FineractId;
  name?: string;
  officeName?: string;
  clientName?: string;
  accountType?: FineractEnum;
  accountNumber?: string | number;
  transferLimit?: FineractNumber;
}

// ------------------------------------------------------------------ addresses

/**
 * One address of a client, `GET /v1/client/{clientId}/addresses` (`AddressData`). Its type, state
 * and country are code values each holder names (codes `ADDRESS_TYPE`, `STATE`, `COUNTRY`).
 */
export interface FineractAddress {
  addressId?: FineractId;
  addressType?: string;
  addressTypeId?: FineractId;
  isActive?: boolean;
  street?: string;
  addressLine1?: string;
  addressLine2?: string;
  addressLine3?: string;
  townVillage?: string;
  city?: string;
  countyDistrict?: string;
  stateName?: string;
  countryName?: string;
  postalCode?: string;
}
