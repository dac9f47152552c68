/**
 * FDX account records from the interface's banking records: a core that serves the `/v1` banking
 * account and its balance has what the FDX descriptor and detail need, so every adapter builds
 * them the same way. Amounts become JSON numbers, rates percentages; what the banking record
 * lacks is left out (FDX asks for a loan's rate, which a core without lending rates cannot give).
 */
import type {
  Balance,
  BankingAccountV4,
  FdxAccount,
  FdxAccountDescriptor,
  FdxAccountStatus,
  LendingRate,
} from '../ports';
import { fdxAccountKind } from './account-kind';

/** The banking record fields a descriptor reads. */
export type DescribedAccount = Pick<
  BankingAccountV4,
  'accountId' | 'maskedNumber' | 'productName' | 'nickname' | 'productCategory' | 'openStatus'
>;

/** A decimal string as an FDX number (a JSON number: the currency's cents stay exact). */
const numberOf = (amount: string): number => Number(amount);
const positive = (amount: string): number => Math.abs(numberOf(amount));
/** A CDS rate (a fraction: 0.0599) as FDX writes it, in percent (5.99), without float noise. */
const percentOf = (rate: number): number => Number((rate * 100).toFixed(10));

/**
 * The FDX descriptor of a banking account: its kind from the product category, the masked number
 * as the display number, `status` as the FDX account info gives it (default: the account's open
 * status) and the currency (default AUD, the interface's).
 */
export function fdxDescriptorOf(
  account: DescribedAccount,
  status: FdxAccountStatus = account.openStatus ?? 'OPEN',
  currencyCode = 'AUD',
): FdxAccountDescriptor {
  return {
    ...fdxAccountKind(account.productCategory, account.productName),
    accountId: account.accountId,
    accountNumberDisplay: account.maskedNumber,
    productName: account.productName,
    ...(account.nickname !== undefined ? { nickname: account.nickname } : {}),
    status,
    currency: { currencyCode },
  };
}

/** The whole months from one `YYYY-MM-DD` date to another (a loan's term). */
function monthsBetween(from: string, to: string): number | undefined {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  const months = (ty - fy) * 12 + (tm - fm) - (td < fd ? 1 : 0);
  return Number.isInteger(months) && months >= 0 ? months : undefined;
}

/** The rate a loan is charged: the first fixed or variable lending rate, else the first. */
function loanRate(rates: readonly LendingRate[] | undefined): LendingRate | undefined {
  return (
    rates?.find((r) => ['FIXED', 'VARIABLE', 'FLOATING'].includes(r.lendingRateType)) ?? rates?.[0]
  );
}

function loanDetails(account: BankingAccountV4, balance: Balance): Record<string, unknown> {
  const { loan } = account;
  const rate = loanRate(account.lendingRates);
  const term =
    loan?.originalStartDate && loan.loanEndDate
      ? monthsBetween(loan.originalStartDate, loan.loanEndDate)
      : undefined;
  return {
    principalBalance: positive(balance.currentBalance),
    ...(loan?.originalLoanAmount ? { originalPrincipal: numberOf(loan.originalLoanAmount) } : {}),
    ...(loan?.originalStartDate ? { originatingDate: loan.originalStartDate } : {}),
    ...(term !== undefined ? { loanTerm: term } : {}),
    ...(loan?.minInstalmentAmount ? { nextPaymentAmount: numberOf(loan.minInstalmentAmount) } : {}),
    ...(loan?.nextInstalmentDate ? { nextPaymentDate: loan.nextInstalmentDate } : {}),
    ...(loan?.loanEndDate ? { maturityDate: loan.loanEndDate } : {}),
    ...(rate
      ? {
          interestRate: percentOf(rate.rate),
          interestRateType: rate.lendingRateType === 'FIXED' ? 'FIXED' : 'VARIABLE',
        }
      : {}),
  };
}

function lineOfCreditDetails(account: BankingAccountV4, balance: Balance): Record<string, unknown> {
  const card = account.creditCard;
  const purchases = account.lendingRates?.find((r) => r.lendingRateType === 'PURCHASE');
  return {
    currentBalance: positive(balance.currentBalance),
    availableCredit: numberOf(balance.availableBalance),
    ...(card ? { nextPaymentAmount: numberOf(card.paymentDueAmount) } : {}),
    ...(card ? { nextPaymentDate: card.paymentDueDate } : {}),
    ...(card ? { minimumPaymentAmount: numberOf(card.minPaymentAmount) } : {}),
    ...(purchases ? { purchasesApr: percentOf(purchases.rate) } : {}),
  };
}

/**
 * The FDX account with details of a banking account and its balance: a deposit's current and
 * available balances; a loan's principal owed (the current balance, owed amounts being negative
 * in the interface), original amount, dates, term in months and rate; a line of credit's balance
 * owed, credit available and the next payment due.
 */
export function fdxAccountOf(
  account: BankingAccountV4,
  balance: Balance,
  status?: FdxAccountStatus,
  currencyCode?: string,
): FdxAccount {
  const descriptor = fdxDescriptorOf(account, status, currencyCode);
  switch (descriptor.accountCategory) {
    case 'DEPOSIT_ACCOUNT':
      return {
        ...descriptor,
        currentBalance: numberOf(balance.currentBalance),
        availableBalance: numberOf(balance.availableBalance),
      };
    case 'LOAN_ACCOUNT':
      return { ...descriptor, ...loanDetails(account, balance) } as FdxAccount;
    case 'LOC_ACCOUNT':
      return { ...descriptor, ...lineOfCreditDetails(account, balance) } as FdxAccount;
  }
}
