/**
 * Temenos standing orders (the customer's, getStandingOrders of the party service) → the
 * interface's scheduled payment, field by field.
 *
 * - Source: the order's `accountId`, else the account part of its id (Transact numbers a standing
 *   order `<account>.<sequence>`); an order whose source is not one of the customer's accounts
 *   is left out (`source`).
 * - Destination, first that applies: one of the customer's own accounts (`accountId`); a saved
 *   beneficiary (`payeeId`: the payee list's id); a bank abroad (`international`: a country other
 *   than Australia, from the beneficiary's country or IBAN); an Australian account (`domestic`:
 *   the 6-digit sort code as BSB and the credit account). Otherwise it cannot be described and is
 *   left out (`destination`).
 * - Amount: exact; an order paying a percentage of the balance has its amount calculated.
 * - Recurrence: the current frequency (else the frequency), read by recurrence.ts, next due on the
 *   current frequency date, ending on the current end date; an unreadable one is left out
 *   (`recurrence`) and reported by the caller, so one odd order never fails the list.
 * - Status: an authorised order (no record status) is ACTIVE; one still awaiting authorisation or
 *   held (Transact's INAU, IHLD...) is not in force: INACTIVE.
 */
import type { ScheduledPayment, ScheduledPaymentTo } from '@data-holder-gateway/adapter-sdk';
import { alpha3Of } from './countries';
import { toRecurrence } from './recurrence';
import type { TemenosStandingOrder } from './temenos.types';
import { bsbDigits, present, toAmount, toIsoDate } from './values';

/** Why a standing order is left out. */
export type StandingOrderSkip = 'noId' | 'source' | 'destination' | 'recurrence';

/** A standing order mapped, or why not. */
export type MappedStandingOrder = { payment: ScheduledPayment } | { skip: StandingOrderSkip };

/** The country of the order's beneficiary (alpha-2), from its country or its IBAN. */
function beneficiaryCountry(order: TemenosStandingOrder): string | undefined {
  const stated = present(order.beneficiaryCountryId)?.toUpperCase();
  const iban = present(order.beneficiaryIBAN)?.replace(/\s/g, '').toUpperCase();
  return stated ?? (iban !== undefined && /^[A-Z]{2}/.test(iban) ? iban.slice(0, 2) : undefined);
}

function international(order: TemenosStandingOrder, country: string): ScheduledPaymentTo | null {
  const alpha3 = alpha3Of(country);
  // An IBAN in its electronic form: Transact may keep it in groups of four.
  const iban = present(order.beneficiaryIBAN)?.replace(/\s/g, '');
  const accountNumber = iban ?? present(order.creditAccountId);
  if (alpha3 === undefined || accountNumber === undefined) return null;
  const name = present(order.creditAccountName);
  const bic = present(order.beneficiaryBIC);
  return {
    toUType: 'international',
    international: {
      beneficiaryDetails: { ...(name ? { name } : {}), country: alpha3 },
      bankDetails: {
        country: alpha3,
        accountNumber,
        ...(bic !== undefined ? { beneficiaryBankBIC: bic } : {}),
      },
    },
  };
}

function destinationOf(
  order: TemenosStandingOrder,
  ownAccounts: ReadonlySet<string>,
): ScheduledPaymentTo | null {
  const creditAccount = present(order.creditAccountId);
  if (creditAccount !== undefined && ownAccounts.has(creditAccount)) {
    return { toUType: 'accountId', accountId: creditAccount };
  }
  const payeeId = present(order.beneficiaryId);
  if (payeeId !== undefined) return { toUType: 'payeeId', payeeId };
  const country = beneficiaryCountry(order);
  if (country !== undefined && country !== 'AU') return international(order, country);
  const bsb = bsbDigits(order.bankSortCode);
  if (bsb === undefined || creditAccount === undefined) return null;
  const accountName = present(order.creditAccountName);
  return {
    toUType: 'domestic',
    domestic: {
      payeeAccountUType: 'account',
      account: { ...(accountName ? { accountName } : {}), bsb, accountNumber: creditAccount },
    },
  };
}

/** The customer's account the order pays from: its `accountId`, else its id's account part. */
export function sourceAccountOf(order: TemenosStandingOrder): string | undefined {
  return present(order.accountId) ?? present(order.standingOrderId?.split('.')[0]);
}

export function toScheduledPayment(
  order: TemenosStandingOrder,
  ownAccounts: ReadonlySet<string>,
): MappedStandingOrder {
  const id = present(order.standingOrderId);
  if (id === undefined) return { skip: 'noId' };
  const from = sourceAccountOf(order);
  if (from === undefined || !ownAccounts.has(from)) return { skip: 'source' };
  const to = destinationOf(order, ownAccounts);
  if (!to) return { skip: 'destination' };
  const final = toIsoDate(order.currentEndDate);
  const next = toIsoDate(order.currentFrequencyDate);
  const recurrence = toRecurrence(present(order.currentFrequency) ?? order.frequency, {
    ...(final !== undefined ? { finalPaymentDate: final } : {}),
    ...(next !== undefined ? { nextPaymentDate: next } : {}),
  });
  if (!recurrence) return { skip: 'recurrence' };
  const calculated = present(order.percentageOverCurrentBalance) !== undefined;
  const amount = calculated ? undefined : toAmount(order.amount);
  const nickname = present(order.displayNames?.[0]?.displayName);
  return {
    payment: {
      scheduledPaymentId: id,
      ...(nickname !== undefined ? { nickname } : {}),
      payerReference: nickname ?? '',
      status: present(order.recordStatus) === undefined ? 'ACTIVE' : 'INACTIVE',
      from: { accountId: from },
      paymentSet: [
        {
          to,
          ...(calculated ? { isAmountCalculated: true } : {}),
          ...(amount !== undefined ? { amount } : {}),
        },
      ],
      recurrence,
    },
  };
}
