/**
 * The loans service (`/api/v1.0.0/holdings/loans/{loanId}...`). `loanId` is the arrangement id
 * (or the loan's account number). Transact's arrangement enquiries read a deposit arrangement
 * the same way, so a term deposit answers too, with its maturity payment as its schedule; an
 * everyday or savings account is no loan: 404. Schedule lines are `PAID` up to the business date
 * and `FUTURE` after it; `dateFrom` and `dateTo` bound their payment dates.
 */
import { categoryOf } from './catalogue';
import type { SimAccount, SimScheduleLine } from './dataset';
import { dateBounds, inRange } from './filters';
import { compact, list, type RouteRequest, type RouteSpec } from './route-types';
import { amountNumber, centsOf, money } from './sim-dates';
import { notFound } from './temenos-errors';

function arrangementOf(r: RouteRequest): SimAccount {
  const account = r.index.account(r.params.loanId!);
  if (!account.terms || !account.schedule) throw notFound('Loan', r.params.loanId!);
  return account;
}

function monthsBetween(from: string, to: string): number {
  const months = (d: string) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7));
  return Math.max(0, months(to) - months(from));
}

/** The effective annual rate of a nominal one compounded monthly, two places. */
const effective = (rate: string) => (((1 + Number(rate) / 1200) ** 12 - 1) * 100).toFixed(2);

function schedules(a: SimAccount, loan: boolean, lines: SimScheduleLine[]) {
  const paid = lines.filter((l) => l.state === 'PAID').length;
  const terms = a.terms!;
  return [
    {
      schedulePaymentType: loan ? 'CONSTANT' : 'INTEREST',
      scheduleProperty: loan ? 'ACCOUNT PRINCIPALINT' : 'DEPOSITINT',
      schedulePaymentMethod: loan ? 'DUE' : 'PAY',
      schedulePaymentAmount: amountNumber(loan ? terms.instalment! : lines[0]!.interest),
      schedulePaymentFrequency: loan ? `e0Y e1M e0W o${terms.repaymentDay!}D e0F` : 'MATURITY',
      paidScheduleCount: String(paid),
      dueScheduleCount: '0',
      futureScheduleCount: String(lines.length - paid),
    },
  ];
}

function loanDetails(r: RouteRequest) {
  dateBounds(r.query, 'dateFrom', 'dateTo'); // checked, as Transact does, though nothing to bound
  const a = arrangementOf(r);
  const terms = a.terms!;
  const lines = a.schedule!;
  const loan = categoryOf(a.categoryId).kind === 'loan';
  const next = lines.find((l) => l.state !== 'PAID');
  const last = lines.filter((l) => l.state === 'PAID').at(-1);
  const [owner, ...others] = r.index.holdersOf(a);
  return list([
    compact({
      arrangementId: a.arrangementId,
      currencyId: a.currency,
      startDate: terms.startDate,
      maturityDate: terms.maturityDate,
      term: `${terms.months}M`,
      maturesIn: `${monthsBetween(r.index.data.businessDate, terms.maturityDate)}M`,
      commitmentAmount: amountNumber(terms.principal),
      nextPaymentAmount: next ? amountNumber(next.total) : undefined,
      nextPaymentDate: next?.paymentDate,
      lastPaymentAmount: last ? amountNumber(last.total) : undefined,
      lastPaymentDate: last?.paymentDate,
      lastPayment: last?.paymentDate,
      totalDue: loan ? money(-centsOf(a.workingBalance)) : undefined,
      customerName: owner!.name,
      jointCustomerName: others[0]?.name,
      interests: [
        compact({
          interestProperty: loan ? 'PRINCIPALINT' : 'DEPOSITINT',
          interestPropertyName: loan ? 'Principal Interest' : 'Deposit Interest',
          interestRate: terms.rate,
          effectiveRate: loan ? effective(terms.rate) : terms.rate,
          rateType: 'FIXED',
          compoundType: loan ? 'MONTHLY' : undefined,
        }),
      ],
      schedules: schedules(a, loan, lines),
    }),
  ]);
}

function paymentSchedules(r: RouteRequest) {
  const window = dateBounds(r.query, 'dateFrom', 'dateTo');
  const lines = arrangementOf(r).schedule!.filter((l) => inRange(window, l.paymentDate));
  return list(
    lines.map((l) => ({
      paymentDate: l.paymentDate,
      totalAmount: amountNumber(l.total),
      principalAmount: amountNumber(l.principal),
      interestAmount: amountNumber(l.interest),
      chargeAmount: amountNumber(l.charge),
      taxAmount: '0.00',
      outstandingAmount: amountNumber(l.outstanding),
      scheduleType: l.state,
    })),
  );
}

export const LOAN_ROUTES: RouteSpec[] = [
  {
    service: 'holdings-loans',
    operationId: 'getLoanDetails',
    path: '/holdings/loans/{loanId}',
    family: 'query',
    handle: loanDetails,
  },
  {
    service: 'holdings-loans',
    operationId: 'getPaymentSchedules',
    path: '/holdings/loans/{loanId}/schedulePaymentFrequencies',
    family: 'query',
    handle: paymentSchedules,
  },
];
