/**
 * A Temenos deposit arrangement (getLoanDetails: Transact's arrangement enquiry reads a deposit
 * the way it reads a loan) → the term deposit specifics and deposit rates of its account.
 *
 * - Lodged on the arrangement's start date, maturing on its maturity date. Transact's read says
 *   nothing of what happens at maturity: the deposit is held (HOLD_ON_MATURITY), as the Fineract
 *   adapter answers when its core says nothing. Without both dates there are no specifics.
 * - Rates: each interest, its rate (else its effective rate) as a fraction; fixed FIXED, floating
 *   or variable VARIABLE, another type left out. Interest paid at maturity (a schedule of
 *   frequency MATURITY, or none) is applied at MATURITY, otherwise PERIODIC, every schedule
 *   interval.
 */
import type { DepositRate, TermDepositAccount } from '@data-holder-gateway/adapter-sdk';
import type { AccountTerms } from './account.mapper';
import { rateTypeOf } from './loan.mapper';
import { recurrenceInterval } from './recurrence';
import type { TemenosLoan } from './temenos.types';
import { percentToFraction, present, toIsoDate } from './values';

function termDepositOf(deposit: TemenosLoan): TermDepositAccount | undefined {
  const lodgementDate = toIsoDate(deposit.startDate);
  const maturityDate = toIsoDate(deposit.maturityDate);
  if (lodgementDate === undefined || maturityDate === undefined) return undefined;
  return { lodgementDate, maturityDate, maturityInstructions: 'HOLD_ON_MATURITY' };
}

function depositRatesOf(deposit: TemenosLoan): DepositRate[] {
  const frequency = present(deposit.schedules?.[0]?.schedulePaymentFrequency);
  const periodic = frequency === undefined ? undefined : recurrenceInterval(frequency);
  return (deposit.interests ?? []).flatMap((interest): DepositRate[] => {
    const rate = percentToFraction(interest.interestRate ?? interest.effectiveRate);
    const type = rateTypeOf(interest.rateType);
    if (rate === undefined || type === undefined) return [];
    return [
      periodic === undefined
        ? { depositRateType: type, rate, applicationType: 'MATURITY' }
        : {
            depositRateType: type,
            rate,
            applicationType: 'PERIODIC',
            applicationFrequency: periodic,
          },
    ];
  });
}

/** The term deposit's specifics and rates, for its banking account record. */
export function toTermDepositTerms(deposit: TemenosLoan): AccountTerms {
  const termDeposit = termDepositOf(deposit);
  return {
    kind: 'termDeposit',
    ...(termDeposit ? { termDeposit } : {}),
    depositRates: depositRatesOf(deposit),
  };
}
