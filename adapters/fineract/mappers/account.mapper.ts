/**
 * Fineract accounts → the documented banking account, balance and authorisation list item.
 * Every output is built field by field from the payload (an allow-list): nothing Fineract adds
 * reaches a response.
 *
 * Rules: accounts never opened are not listed (null); money is exact decimal text; rates are
 * fractions made by moving the decimal point on the text; account numbers are masked in
 * `maskedNumber` and scrubbed from `displayName`; ownership is individual (Fineract's client
 * accounts belong to one client).
 */
import type {
  Balance,
  BankingAccountRecord,
  DepositRate,
  Feature,
  LendingRate,
  LoanAccount,
  ProductCategory,
  RelatedUser,
  ShareableAccountRecord,
  TermDepositAccount,
} from '@data-holder-gateway/adapter-sdk';
import { accountIdOf, type FineractAccountKind } from './account-ids';
import type {
  FineractClientLoanAccount,
  FineractClientSavingsAccount,
  FineractEnum,
  FineractLoan,
  FineractRepaymentPeriod,
  FineractSavingsAccount,
} from './fineract.types';
import {
  addAmounts,
  bsbDigits,
  decimalToNumber,
  interestPeriodDuration,
  loanOpenStatus,
  maskAccountNumber,
  negateAmount,
  percentToFraction,
  periodDuration,
  savingsOpenStatus,
  savingsSharingRefusal,
  signOf,
  toAmount,
  toIsoDate,
  withoutAccountNumber,
} from './values';

/** Product categories by account kind, when the configured table does not name the product. */
export const DEFAULT_PRODUCT_CATEGORIES: Readonly<Record<FineractAccountKind, ProductCategory>> = {
  sav: 'TRANS_AND_SAVINGS_ACCOUNTS',
  fd: 'TERM_DEPOSITS',
  rd: 'TERM_DEPOSITS',
  loan: 'PERS_LOANS',
};

/**
 * The product category of a Fineract product: the table entry `"<kind>:<productId>"` (the
 * adapter's `productCategories` setting), else the default of the kind.
 */
export function productCategoryOf(
  kind: FineractAccountKind,
  productId: string | number | undefined,
  table: Readonly<Record<string, ProductCategory>>,
): ProductCategory {
  const configured = productId === undefined ? undefined : table[`${kind}:${String(productId)}`];
  return configured ?? DEFAULT_PRODUCT_CATEGORIES[kind];
}

/** The customer as an account's related user. */
export interface FineractHolder {
  /** The gateway's customer id. */
  customerId: string;
  /** The client's email address, when Fineract has one (a related user needs one). */
  email?: string;
}

/** What an account mapping needs besides the payload. */
export interface FineractAccountOptions {
  productCategory: ProductCategory;
  holder: FineractHolder;
  /** The holder's BSB (digits, or `ddd-ddd`), when configured. */
  bsb?: string;
}

const KIND_LABELS: Readonly<Record<FineractAccountKind, string>> = {
  sav: 'Savings account',
  fd: 'Fixed deposit',
  rd: 'Recurring deposit',
  loan: 'Loan',
};

/** The product's name as the holder shows it: Fineract's name, else the kind's label. */
export function productNameOf(kind: FineractAccountKind, productName: string | undefined): string {
  return productName?.trim() || KIND_LABELS[kind];
}

function usersOf(holder: FineractHolder): RelatedUser[] {
  return holder.email
    ? [{ id: holder.customerId, email: holder.email, isAccountHolder: true }]
    : [];
}

function displayNameOf(
  kind: FineractAccountKind,
  productName: string | undefined,
  accountNo: string | number | undefined,
): string {
  return withoutAccountNumber(productNameOf(kind, productName), accountNo);
}

/** The shared head of every banking account record. */
function accountHead(
  kind: FineractAccountKind,
  id: string | number,
  fields: {
    accountNo?: string | number;
    productName?: string;
    creationDate?: string;
    openStatus: 'OPEN' | 'CLOSED';
  },
  options: FineractAccountOptions,
): BankingAccountRecord {
  const record: BankingAccountRecord = {
    accountId: accountIdOf(kind, id),
    displayName: displayNameOf(kind, fields.productName, fields.accountNo),
    openStatus: fields.openStatus,
    isOwned: true,
    accountOwnership: 'ONE_PARTY',
    maskedNumber: maskAccountNumber(fields.accountNo),
    productCategory: options.productCategory,
    productName: productNameOf(kind, fields.productName),
    complexAccountType: 'INDIVIDUAL',
    users: usersOf(options.holder),
  };
  if (fields.creationDate !== undefined) record.creationDate = fields.creationDate;
  const bsb = bsbDigits(options.bsb);
  if (bsb !== undefined) record.bsb = bsb;
  const accountNumber = fields.accountNo === undefined ? '' : String(fields.accountNo);
  if (/^[0-9]+$/.test(accountNumber)) record.accountNumber = accountNumber;
  return record;
}

/** Fineract's deposit maturity instruction (or closure type) → the documented instruction. */
function maturityInstructionOf(
  account: FineractSavingsAccount,
): TermDepositAccount['maturityInstructions'] {
  const id = account.maturityInstruction?.id ?? account.onAccountClosure?.id;
  // 100 withdraw deposit, 200 transfer to savings, 300 reinvest principal and interest,
  // 400 reinvest principal only; nothing said: the deposit is held on maturity.
  if (id === 100 || id === 200) return 'PAID_OUT_AT_MATURITY';
  if (id === 300 || id === 400) return 'ROLLED_OVER';
  return 'HOLD_ON_MATURITY';
}

function termDepositOf(account: FineractSavingsAccount): TermDepositAccount | undefined {
  const lodgementDate =
    toIsoDate(account.timeline?.activatedOnDate) ?? toIsoDate(account.timeline?.submittedOnDate);
  const maturityDate = toIsoDate(account.maturityDate);
  if (lodgementDate === undefined || maturityDate === undefined) return undefined;
  const term: TermDepositAccount = {
    lodgementDate,
    maturityDate,
    maturityInstructions: maturityInstructionOf(account),
  };
  const maturityAmount = toAmount(account.maturityAmount);
  if (maturityAmount !== undefined) term.maturityAmount = maturityAmount;
  const currency = account.currency?.code ?? account.summary?.currency?.code;
  if (currency !== undefined && /^[A-Z]{3}$/.test(currency)) term.maturityCurrency = currency;
  return term;
}

function depositRateOf(kind: FineractAccountKind, account: FineractSavingsAccount) {
  const fraction = percentToFraction(account.nominalAnnualInterestRate);
  if (fraction === undefined) return undefined;
  const rate: DepositRate = {
    depositRateType: kind === 'sav' ? 'VARIABLE' : 'FIXED',
    rate: decimalToNumber(fraction),
    applicationType: 'PERIODIC',
  };
  const calculation = interestPeriodDuration(account.interestCompoundingPeriodType);
  if (calculation !== undefined) rate.calculationFrequency = calculation;
  const application = interestPeriodDuration(account.interestPostingPeriodType);
  if (application !== undefined) rate.applicationFrequency = application;
  return rate;
}

/**
 * A savings, fixed deposit or recurring deposit account (its detail payload) as a banking
 * account record; null when the account was never opened.
 */
export function toSavingsFamilyAccount(
  kind: 'sav' | 'fd' | 'rd',
  account: FineractSavingsAccount,
  options: FineractAccountOptions,
): BankingAccountRecord | null {
  const openStatus = savingsOpenStatus(account.status);
  if (openStatus === null || account.id === undefined) return null;
  const record = accountHead(
    kind,
    account.id,
    {
      accountNo: account.accountNo,
      productName: account.savingsProductName,
      creationDate:
        toIsoDate(account.timeline?.activatedOnDate) ??
        toIsoDate(account.timeline?.submittedOnDate),
      openStatus,
    },
    options,
  );
  if (kind !== 'sav') {
    const term = termDepositOf(account);
    if (term) {
      record.specificAccountUType = 'termDeposit';
      record.termDeposit = [term];
    }
  }
  const rate = depositRateOf(kind, account);
  if (rate) {
    record.depositRate = rate.rate;
    record.depositRates = [rate];
  }
  const refusal = savingsSharingRefusal(account.status, account.subStatus);
  if (refusal) record.sharingRefusal = refusal;
  if (kind === 'sav' && account.allowOverdraft === true) {
    const feature: Feature = { featureType: 'OVERDRAFT', isActivated: 'ACTIVATED' };
    const limit = toAmount(account.overdraftLimit);
    if (limit !== undefined) feature.additionalInfo = `Overdraft limit ${limit}`;
    record.features = [feature];
  }
  return record;
}

/** The next unpaid instalment of a schedule (periods with a number, not complete). */
export function nextInstalment(
  periods: readonly FineractRepaymentPeriod[] | undefined,
): FineractRepaymentPeriod | undefined {
  return (periods ?? []).find((p) => p.period !== undefined && p.complete !== true);
}

function loanDetailsOf(loan: FineractLoan): LoanAccount {
  const details: LoanAccount = { repaymentType: 'PRINCIPAL_AND_INTEREST' };
  const start = toIsoDate(loan.timeline?.actualDisbursementDate);
  if (start !== undefined) details.originalStartDate = start;
  const original = toAmount(loan.principal ?? loan.approvedPrincipal);
  const currency = loan.currency?.code;
  const validCurrency = currency !== undefined && /^[A-Z]{3}$/.test(currency);
  if (original !== undefined) {
    details.originalLoanAmount = original;
    if (validCurrency) details.originalLoanCurrency = currency;
  }
  const end =
    toIsoDate(loan.timeline?.actualMaturityDate) ?? toIsoDate(loan.timeline?.expectedMaturityDate);
  if (end !== undefined) details.loanEndDate = end;
  const next = nextInstalment(loan.repaymentSchedule?.periods);
  const nextDate = toIsoDate(next?.dueDate);
  if (nextDate !== undefined) details.nextInstalmentDate = nextDate;
  const nextAmount = toAmount(next?.totalOutstandingForPeriod ?? next?.totalDueForPeriod);
  if (nextAmount !== undefined) {
    details.minInstalmentAmount = nextAmount;
    if (validCurrency) details.minInstalmentCurrency = currency;
  }
  const frequency = periodDuration(loan.repaymentEvery, loan.repaymentFrequencyType);
  if (frequency !== undefined) details.repaymentFrequency = frequency;
  return details;
}

function lendingRateOf(loan: FineractLoan): LendingRate | undefined {
  const fraction = percentToFraction(loan.annualInterestRate);
  if (fraction === undefined) return undefined;
  const rate: LendingRate = {
    lendingRateType: loan.isFloatingInterestRate === true ? 'VARIABLE' : 'FIXED',
    rate: decimalToNumber(fraction),
    applicationType: 'PERIODIC',
    repaymentType: 'PRINCIPAL_AND_INTEREST',
    loanPurpose: 'UNCONSTRAINED',
  };
  const frequency = periodDuration(loan.repaymentEvery, loan.repaymentFrequencyType);
  if (frequency !== undefined) rate.applicationFrequency = frequency;
  return rate;
}

/** A loan (its detail payload) as a banking account record; null when it was never disbursed. */
export function toLoanAccount(
  loan: FineractLoan,
  options: FineractAccountOptions,
): BankingAccountRecord | null {
  const openStatus = loanOpenStatus(loan.status);
  if (openStatus === null || loan.id === undefined) return null;
  const record = accountHead(
    'loan',
    loan.id,
    {
      accountNo: loan.accountNo,
      productName: loan.loanProductName,
      creationDate:
        toIsoDate(loan.timeline?.actualDisbursementDate) ??
        toIsoDate(loan.timeline?.approvedOnDate) ??
        toIsoDate(loan.timeline?.submittedOnDate),
      openStatus,
    },
    options,
  );
  record.specificAccountUType = 'loan';
  record.loan = loanDetailsOf(loan);
  const rate = lendingRateOf(loan);
  if (rate) record.lendingRates = [rate];
  return record;
}

/**
 * Balance of a savings-family account: current is the account balance; available is Fineract's
 * available balance (the account balance when absent) plus the overdraft limit when the account
 * allows an overdraft. Fixed and recurring deposits are locked until maturity: available is
 * Fineract's available balance when it sends one, else zero.
 */
export function toSavingsFamilyBalance(
  accountId: string,
  kind: 'sav' | 'fd' | 'rd',
  account: FineractSavingsAccount,
): Balance | null {
  const current = toAmount(account.summary?.accountBalance);
  if (current === undefined) return null;
  let available = toAmount(account.summary?.availableBalance);
  if (kind === 'sav') {
    available ??= current;
    const limit = account.overdraftLimit;
    if (account.allowOverdraft === true && signOf(limit) === 1) {
      available = addAmounts(available, limit) ?? available;
    }
  } else {
    available ??= '0.00';
  }
  return { accountId, currentBalance: current, availableBalance: available };
}

/**
 * Balance of a loan: the amount owed as a negative current balance (total outstanding, else the
 * principal outstanding, else zero); nothing is available to draw (Fineract loans have no redraw).
 */
export function toLoanBalance(accountId: string, loan: FineractLoan): Balance {
  const owed =
    toAmount(loan.summary?.totalOutstanding) ??
    toAmount(loan.summary?.principalOutstanding) ??
    '0.00';
  return {
    accountId,
    currentBalance: signOf(owed) === 0 ? '0.00' : (negateAmount(owed) ?? '0.00'),
    availableBalance: '0.00',
  };
}

/** An entry of the client account list as an authorisation list item; null when never opened. */
export function toShareableAccount(
  kind: FineractAccountKind,
  entry: FineractClientSavingsAccount | FineractClientLoanAccount,
  holder: FineractHolder,
): ShareableAccountRecord | null {
  const openStatus =
    kind === 'loan'
      ? loanOpenStatus((entry as FineractClientLoanAccount).status)
      : savingsOpenStatus((entry as FineractClientSavingsAccount).status);
  if (openStatus === null || entry.id === undefined) return null;
  const refusal = entrySharingRefusal(kind, entry);
  return {
    accountId: accountIdOf(kind, entry.id),
    displayName: displayNameOf(kind, entry.productName, entry.accountNo),
    openStatus,
    complexAccountType: 'INDIVIDUAL',
    users: usersOf(holder),
    ...(refusal ? { sharingRefusal: refusal } : {}),
  };
}

/** The refusal to share an account of the client account list (loans have no block in Fineract). */
export function entrySharingRefusal(
  kind: FineractAccountKind,
  entry: FineractClientSavingsAccount | FineractClientLoanAccount,
) {
  if (kind === 'loan') return undefined;
  const savings = entry as FineractClientSavingsAccount;
  return savingsSharingRefusal(savings.status, savings.subStatus);
}

/** Whether an enum option names a loan account (`accountType.loan`, id 1). */
export function isLoanAccountType(type: FineractEnum | undefined): boolean {
  return type?.id === 1 || (type?.code ?? '').endsWith('.loan');
}
