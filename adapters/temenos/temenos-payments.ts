/**
 * The customer's payment arrangements in Transact: standing orders (scheduled payments), debtor
 * direct debit mandates (direct debits) and beneficiaries (payees). Each is one enquiry, read
 * whole; the account list the gateway's account check read (shared through `readOnce`) says
 * which accounts are the customer's.
 *
 * - Standing orders: getStandingOrders of the party service
 *   (`GET /api/v4.0.0/party/customers/{customerId}/standingOrders`): every order on the customer's
 *   accounts in one enquiry. Its records name no debit account: Transact numbers an order
 *   `<account>.<sequence>`, so the account is read from the id (scheduled-payment.mapper.ts). An
 *   order whose recurrence cannot be read is left out with a warning (a count, no ids), so one
 *   odd order never fails the list.
 * - Direct debits: getDebtorDirectDebitMandates
 *   (`GET /api/v1.0.0/order/directDebits/debtorMandates?customerId=`).
 * - Payees: getCustomerBeneficiary (`GET /api/v1.0.0/party/customers/{customerId}/beneficiaries`);
 *   an empty answer is followed by the customer's read, to tell an unknown customer.
 */
import type {
  CallContext,
  DirectDebit,
  Payee,
  ScheduledPayment,
} from '@data-holder-gateway/adapter-sdk';
import {
  toDirectDebit,
  toPayee,
  toScheduledPayment,
  type StandingOrderSkip,
  type TemenosBeneficiary,
  type TemenosDebtorMandate,
  type TemenosStandingOrder,
} from './mappers';
import type { TemenosAccounts } from './temenos-accounts';
import { SERVICES } from './temenos-client';
import { later } from './temenos-later';

/** The scheduled payments from the given accounts of the customer, in Transact's order. */
export async function scheduledPayments(
  temenos: TemenosAccounts,
  customerId: string,
  accountIds: readonly string[],
  ctx: CallContext,
): Promise<ScheduledPayment[]> {
  const path = `/party/customers/${temenos.pathId(customerId)}/standingOrders`;
  const orders = later(
    temenos.enquiry<TemenosStandingOrder>(
      { operation: 'standingOrders.list', service: SERVICES.party, path, query: {} },
      ctx,
    ),
  );
  const accounts = await temenos.accounts(customerId, ctx);
  const own = new Set(accounts.map((a) => a.accountId));
  const wanted = new Set(accountIds.filter((id) => own.has(id)));
  const payments: ScheduledPayment[] = [];
  const skipped = new Map<StandingOrderSkip, number>();
  for (const order of (await orders()) ?? []) {
    const mapped = toScheduledPayment(order, own);
    if ('payment' in mapped) {
      if (wanted.has(mapped.payment.from.accountId)) payments.push(mapped.payment);
    } else if (mapped.skip !== 'source') {
      skipped.set(mapped.skip, (skipped.get(mapped.skip) ?? 0) + 1);
    }
  }
  for (const [reason, count] of skipped) {
    temenos.log.warn({ reason, count }, 'standing orders left out of the scheduled payments');
  }
  return payments;
}

/** The direct debit authorisations on the given accounts of the customer. */
export async function directDebits(
  temenos: TemenosAccounts,
  customerId: string,
  accountIds: readonly string[],
  ctx: CallContext,
): Promise<DirectDebit[]> {
  const mandates = later(
    temenos.enquiry<TemenosDebtorMandate>(
      {
        operation: 'directDebits.debtorMandates',
        service: SERVICES.v1,
        path: '/order/directDebits/debtorMandates',
        query: { customerId },
      },
      ctx,
    ),
  );
  const accounts = await temenos.accounts(customerId, ctx);
  const own = new Set(accounts.map((a) => a.accountId));
  const wanted = new Set(accountIds.filter((id) => own.has(id)));
  return ((await mandates()) ?? []).flatMap((m) => toDirectDebit(m, wanted) ?? []);
}

/** Every beneficiary of the customer that can be described as a payee, in Transact's order. */
export async function payees(
  temenos: TemenosAccounts,
  customerId: string,
  ctx: CallContext,
): Promise<Payee[]> {
  const path = `/party/customers/${temenos.pathId(customerId)}/beneficiaries`;
  const beneficiaries = await temenos.enquiry<TemenosBeneficiary>(
    { operation: 'beneficiaries.list', service: SERVICES.v1, path, query: {} },
    ctx,
  );
  const listed = await temenos.provenList(customerId, beneficiaries, ctx);
  const out = listed.flatMap((b) => toPayee(b) ?? []);
  if (out.length < listed.length) {
    temenos.log.warn(
      { count: listed.length - out.length },
      'beneficiaries that cannot be described as payees left out',
    );
  }
  return out;
}
