/**
 * Fineract loan schedules, standing instructions and transfer beneficiaries → the documented
 * instalment plan, scheduled payment and payee. Built field by field.
 */
import type {
  InstalmentPlan,
  InstalmentScheduleItem,
  Payee,
  ScheduledPayment,
  ScheduledPaymentRecurrence,
  ScheduledPaymentTo,
} from '@data-holder-gateway/adapter-sdk';
import { isLoanAccountType } from './account.mapper';
import type {
  FineractBeneficiary,
  FineractLoan,
  FineractStandingInstruction,
} from './fineract.types';
import { dayOfYear, periodDuration, toAmount, toIsoDate, toIsoDateTime } from './values';

// ------------------------------------------------------------------ instalment plans

/**
 * A loan's repayment schedule as an instalment plan: one plan per loan (plan id = the Fineract
 * loan id), created when the loan was disbursed (else approved, else submitted), its schedule
 * the numbered periods (the disbursement rows Fineract puts in the schedule carry no period
 * number and are left out), each due at the start of its due date, paid when complete. Null when
 * the loan has no creation date to report (the contract requires one).
 */
export function toInstalmentPlan(accountId: string, loan: FineractLoan): InstalmentPlan | null {
  const creationDate =
    toIsoDateTime(loan.timeline?.actualDisbursementDate) ??
    toIsoDateTime(loan.timeline?.approvedOnDate) ??
    toIsoDateTime(loan.timeline?.submittedOnDate);
  if (loan.id === undefined || creationDate === undefined) return null;
  const schedule: InstalmentScheduleItem[] = [];
  for (const period of loan.repaymentSchedule?.periods ?? []) {
    if (period.period === undefined) continue;
    const dueDate = toIsoDateTime(period.dueDate);
    const amountDue = toAmount(period.totalDueForPeriod);
    if (dueDate === undefined || amountDue === undefined) continue;
    schedule.push({ amountDue, dueDate, isPaid: period.complete === true });
  }
  const plan: InstalmentPlan = { accountId, planId: String(loan.id), creationDate, schedule };
  const nickname = loan.loanProductName?.trim();
  if (nickname) plan.planNickname = nickname;
  const amount = toAmount(loan.principal ?? loan.approvedPrincipal);
  if (amount !== undefined) plan.amount = amount;
  const currency = loan.currency?.code;
  if (currency !== undefined && /^[A-Z]{3}$/.test(currency)) plan.planCurrency = currency;
  const charge = toAmount(loan.summary?.totalExpectedCostOfLoan);
  if (charge !== undefined) plan.planCharge = charge;
  const duration = periodDuration(loan.termFrequency, loan.termPeriodFrequencyType);
  if (duration !== undefined) plan.duration = duration;
  const interval = periodDuration(loan.repaymentEvery, loan.repaymentFrequencyType);
  if (interval !== undefined) plan.instalmentInterval = interval;
  return plan;
}

// ------------------------------------------------------------------ scheduled payments

/** Resolves a Fineract account of the customer to its gateway id (undefined: not the customer's). */
export type OwnAccountResolver = (
  type: 'savings' | 'loan',
  fineractId: string,
) => string | undefined;

export interface ScheduledPaymentOptions {
  /** The customer's own accounts. */
  ownAccount: OwnAccountResolver;
  /** The holder's BSB (digits), needed to describe a destination outside the customer's accounts. */
  bsb?: string;
}

/** Standing instruction status 1 is active (2 disabled, 3 deleted). */
export function isActiveStandingInstruction(instruction: FineractStandingInstruction): boolean {
  const status = instruction.status;
  return status?.id === 1 || (status?.id === undefined && (status?.code ?? '').endsWith('.active'));
}

function monthDayOf(
  value: FineractStandingInstruction['recurrenceOnMonthDay'],
): [number, number] | undefined {
  if (Array.isArray(value) && value.length === 2) return [value[0]!, value[1]!];
  if (typeof value === 'string') {
    const match = /^--(\d{2})-(\d{2})$/.exec(value);
    if (match) return [Number(match[1]), Number(match[2])];
  }
  return undefined;
}

function recurrenceOf(instruction: FineractStandingInstruction): ScheduledPaymentRecurrence | null {
  const type = instruction.recurrenceType;
  // 2: "as per dues" — the transfer pays a loan's instalments as they fall due.
  if (type?.id === 2 || (type?.code ?? '').endsWith('.dues')) {
    return {
      reccurenceUType: 'eventBased',
      eventBased: { description: 'Paid when an instalment of the destination loan falls due' },
    };
  }
  const interval = periodDuration(instruction.recurrenceInterval, instruction.recurrenceFrequency);
  if (interval === undefined) return null;
  const item: { interval: string; dayInInterval?: string } = { interval };
  const monthDay = monthDayOf(instruction.recurrenceOnMonthDay);
  if (monthDay) {
    if (interval.endsWith('M')) item.dayInInterval = `P${monthDay[1]}D`;
    if (interval.endsWith('Y')) {
      const day = dayOfYear(monthDay[0], monthDay[1]);
      if (day !== undefined) item.dayInInterval = `P${day}D`;
    }
  }
  const schedule: NonNullable<ScheduledPaymentRecurrence['intervalSchedule']> = {
    intervals: [item],
  };
  const finalDate = toIsoDate(instruction.validTill);
  if (finalDate !== undefined) schedule.finalPaymentDate = finalDate;
  return { reccurenceUType: 'intervalSchedule', intervalSchedule: schedule };
}

function accountTypeOf(type: FineractStandingInstruction['fromAccountType']): 'savings' | 'loan' {
  return isLoanAccountType(type) ? 'loan' : 'savings';
}

/**
 * An active standing instruction as a scheduled payment from one of the customer's accounts;
 * null when it is not active, its source is not the customer's account, or Fineract's data cannot
 * be described (no recurrence, or a destination outside the customer's accounts with no BSB
 * configured). The destination is the customer's own account (`accountId`) when the to-account
 * is one of theirs, else a domestic account at the holder's BSB.
 */
export function toScheduledPayment(
  instruction: FineractStandingInstruction,
  options: ScheduledPaymentOptions,
): ScheduledPayment | null {
  if (instruction.id === undefined || !isActiveStandingInstruction(instruction)) return null;
  const fromId = instruction.fromAccount?.id;
  if (fromId === undefined) return null;
  const from = options.ownAccount(accountTypeOf(instruction.fromAccountType), String(fromId));
  if (from === undefined) return null;
  const recurrence = recurrenceOf(instruction);
  if (recurrence === null) return null;

  let to: ScheduledPaymentTo;
  const toId = instruction.toAccount?.id;
  const own =
    toId === undefined
      ? undefined
      : options.ownAccount(accountTypeOf(instruction.toAccountType), String(toId));
  if (own !== undefined) {
    to = { toUType: 'accountId', accountId: own };
  } else {
    const accountNumber =
      instruction.toAccount?.accountNo === undefined ? '' : String(instruction.toAccount.accountNo);
    if (options.bsb === undefined || accountNumber === '') return null;
    const accountName = instruction.toClient?.displayName?.trim();
    to = {
      toUType: 'domestic',
      domestic: {
        payeeAccountUType: 'account',
        account: {
          ...(accountName ? { accountName } : {}),
          bsb: options.bsb,
          accountNumber,
        },
      },
    };
  }
  // Instruction type 2 ("dues"): the amount is what falls due, calculated at payment time.
  const calculated = instruction.instructionType?.id === 2;
  const amount = calculated ? undefined : toAmount(instruction.amount);
  const name = instruction.name?.trim();
  return {
    scheduledPaymentId: String(instruction.id),
    ...(name ? { nickname: name } : {}),
    payerReference: name ?? '',
    status: 'ACTIVE',
    from: { accountId: from },
    paymentSet: [
      {
        to,
        ...(calculated ? { isAmountCalculated: true } : {}),
        ...(amount !== undefined ? { amount } : {}),
      },
    ],
    recurrence,
  };
}

// ------------------------------------------------------------------ payees

/**
 * A third-party-transfer beneficiary as a domestic account payee at the holder's BSB (Fineract's
 * beneficiaries are accounts of the same institution). Null when no BSB is configured or the
 * beneficiary has no account number.
 */
export function toPayee(beneficiary: FineractBeneficiary, bsb: string | undefined): Payee | null {
  if (beneficiary.id === undefined || bsb === undefined) return null;
  const accountNumber =
    beneficiary.accountNumber === undefined ? '' : String(beneficiary.accountNumber).trim();
  if (accountNumber === '') return null;
  const name = beneficiary.name?.trim();
  const accountName = beneficiary.clientName?.trim();
  return {
    payeeId: String(beneficiary.id),
    nickname: name || accountName || 'Beneficiary',
    type: 'DOMESTIC',
    payeeUType: 'domestic',
    domestic: {
      payeeAccountUType: 'account',
      account: {
        ...(accountName ? { accountName } : {}),
        bsb,
        accountNumber,
      },
    },
  };
}
