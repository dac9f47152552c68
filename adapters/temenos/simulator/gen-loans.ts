/**
 * Repayment schedules: a loan repaid in equal monthly instalments (the last one settles what is
 * left), interest on the outstanding principal each month, rounded to the cent; a term deposit
 * pays its principal and simple interest at maturity.
 */
import type { SimScheduleLine, SimTerms } from './dataset';
import { addMonths, centsOf, money } from './sim-dates';

function state(paymentDate: string, businessDate: string): SimScheduleLine['state'] {
  return paymentDate <= businessDate ? 'PAID' : 'FUTURE';
}

/** The equal instalment in cents: P·r / (1 − (1 + r)^−n), rounded up to the cent. */
export function instalmentCents(terms: SimTerms): number {
  const r = Number(terms.rate) / 100 / 12;
  const principal = centsOf(terms.principal);
  return Math.ceil((principal * r) / (1 - (1 + r) ** -terms.months));
}

export function loanSchedule(terms: SimTerms, businessDate: string): SimScheduleLine[] {
  const r = Number(terms.rate) / 100 / 12;
  const instalment = instalmentCents(terms);
  const first = addMonths(terms.startDate, 1, terms.repaymentDay);
  let outstanding = centsOf(terms.principal);
  const lines: SimScheduleLine[] = [];
  for (let i = 0; i < terms.months; i += 1) {
    const paymentDate = addMonths(first, i, terms.repaymentDay);
    const interest = Math.round(outstanding * r);
    const principal = i === terms.months - 1 ? outstanding : instalment - interest;
    outstanding -= principal;
    lines.push({
      paymentDate,
      principal: money(principal),
      interest: money(interest),
      charge: '0.00',
      total: money(principal + interest),
      outstanding: money(outstanding),
      state: state(paymentDate, businessDate),
    });
  }
  return lines;
}

export function depositSchedule(terms: SimTerms, businessDate: string): SimScheduleLine[] {
  const principal = centsOf(terms.principal);
  const interest = Math.round((principal * Number(terms.rate) * terms.months) / 100 / 12);
  return [
    {
      paymentDate: terms.maturityDate,
      principal: money(principal),
      interest: money(interest),
      charge: '0.00',
      total: money(principal + interest),
      outstanding: '0.00',
      state: state(terms.maturityDate, businessDate),
    },
  ];
}
