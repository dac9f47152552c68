/**
 * A Temenos loan (getLoanDetails) → the loan specifics and lending rates of its banking account.
 *
 * - Dates: start, maturity and next payment as given; amounts exact: the commitment is the
 *   original loan amount, the next payment amount the minimum instalment.
 * - Repayment type from the payment schedules: a schedule of the account or principal property
 *   repays principal (PRINCIPAL_AND_INTEREST); schedules of interest alone are INTEREST_ONLY; no
 *   schedule says which: OTHER. The repayment frequency is the first schedule's recurrence.
 * - Rates: each interest but penalty interest, its rate (else its effective rate) as a fraction;
 *   `rateType` fixed is FIXED, floating or variable VARIABLE; a rate of another type is left out
 *   rather than guessed.
 */
import type { LendingRate, LoanAccount, RepaymentType } from '@data-holder-gateway/adapter-sdk';
import type { AccountTerms } from './account.mapper';
import { recurrenceInterval } from './recurrence';
import type { TemenosLoan, TemenosLoanInterest } from './temenos.types';
import { percentToFraction, present, toAmount, toIsoDate } from './values';

function repaymentTypeOf(loan: TemenosLoan): RepaymentType {
  const properties = (loan.schedules ?? []).map(
    (s) => `${s.scheduleProperty ?? ''} ${s.schedulePaymentType ?? ''}`,
  );
  if (properties.some((p) => /account|principal/i.test(p))) return 'PRINCIPAL_AND_INTEREST';
  if (properties.length > 0 && properties.every((p) => /interest/i.test(p))) {
    return 'INTEREST_ONLY';
  }
  return 'OTHER';
}

function withCurrency<K extends string>(
  amount: string | undefined,
  currencyKey: K,
  currency: string | undefined,
): Partial<Record<K, string>> {
  return amount !== undefined && currency !== undefined
    ? ({ [currencyKey]: currency } as Partial<Record<K, string>>)
    : {};
}

/** The loan specifics of the account. */
export function toLoanAccount(loan: TemenosLoan, currency: string | undefined): LoanAccount {
  const repaymentType = repaymentTypeOf(loan);
  const original = toAmount(loan.commitmentAmount);
  const instalment = toAmount(loan.nextPaymentAmount);
  const start = toIsoDate(loan.startDate);
  const end = toIsoDate(loan.maturityDate);
  const next = toIsoDate(loan.nextPaymentDate);
  const frequency = recurrenceInterval(loan.schedules?.[0]?.schedulePaymentFrequency);
  return {
    ...(start !== undefined ? { originalStartDate: start } : {}),
    ...(original !== undefined ? { originalLoanAmount: original } : {}),
    ...withCurrency(original, 'originalLoanCurrency', currency),
    ...(end !== undefined ? { loanEndDate: end } : {}),
    ...(next !== undefined ? { nextInstalmentDate: next } : {}),
    ...(instalment !== undefined ? { minInstalmentAmount: instalment } : {}),
    ...withCurrency(instalment, 'minInstalmentCurrency', currency),
    repaymentType,
    ...(frequency !== undefined ? { repaymentFrequency: frequency } : {}),
  };
}

/** A rate's type: fixed FIXED, floating or variable VARIABLE; undefined when it says neither. */
export function rateTypeOf(rateType: string | undefined): 'FIXED' | 'VARIABLE' | undefined {
  const text = present(rateType)?.toLowerCase() ?? '';
  if (/fix/.test(text)) return 'FIXED';
  if (/float|variable/.test(text)) return 'VARIABLE';
  return undefined;
}

function lendingRateOf(
  interest: TemenosLoanInterest,
  repaymentType: RepaymentType,
  frequency: string | undefined,
): LendingRate | undefined {
  const name = `${interest.interestPropertyName ?? ''} ${interest.interestProperty ?? ''}`;
  if (/penal/i.test(name)) return undefined;
  const rate = percentToFraction(interest.interestRate ?? interest.effectiveRate);
  const type = rateTypeOf(interest.rateType);
  if (rate === undefined || type === undefined) return undefined;
  return {
    lendingRateType: type,
    rate,
    applicationType: 'PERIODIC',
    ...(frequency !== undefined ? { applicationFrequency: frequency } : {}),
    repaymentType,
    loanPurpose: 'UNCONSTRAINED',
  };
}

/** The loan's specifics and rates, for its banking account record. */
export function toLoanTerms(loan: TemenosLoan, currency: string | undefined): AccountTerms {
  const details = toLoanAccount(loan, currency);
  const lendingRates = (loan.interests ?? []).flatMap(
    (i) => lendingRateOf(i, details.repaymentType, details.repaymentFrequency) ?? [],
  );
  return { kind: 'loan', loan: details, lendingRates };
}
