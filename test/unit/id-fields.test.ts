/**
 * Where the ids are in each port operation's answer (src/ids/id-fields.ts), compiled from the
 * answer contracts: every id field found, nothing else touched, the answer left as it was.
 */
import { contractLookup, type IdPlan, idPlanOf, withIds } from '../../src/ids/id-fields';
import { ANSWER_CONTRACTS } from '../../src/resilience/answer-contracts';

const lookup = contractLookup();
const planOf = (port: string, method: string): IdPlan | undefined => {
  const contract = (ANSWER_CONTRACTS as Record<string, Record<string, object | null>>)[port]![
    method
  ];
  return contract ? idPlanOf(contract as Record<string, unknown>, lookup) : undefined;
};
/** Marks every id with its kind, so a test sees which fields were taken for which kind. */
const marked = (plan: IdPlan, value: unknown) =>
  withIds(plan, value, (kind, id) => `${kind}:${id}`);

describe('the ids of an answer', () => {
  it('when every answer contract is compiled, then only the records without ids have no plan', () => {
    const without: string[] = [];
    for (const [port, methods] of Object.entries(ANSWER_CONTRACTS)) {
      for (const [method, contract] of Object.entries(methods)) {
        if (contract && !planOf(port, method)) without.push(`${port}.${method}`);
      }
    }
    expect(without.sort()).toEqual([
      'customer.getCustomerDetail',
      'energy.getAccountBalance',
      'energy.listConcessions',
      'fdx.getAccountContact',
      'fdx.getAccountInfo',
      'products.createProduct',
      'products.deleteProduct',
      'products.listProducts',
      'products.updateProduct',
    ]);
  });

  it('when a scheduled payment names its account and a payee, then each is taken for its kind', () => {
    const payment = {
      scheduledPaymentId: 'sp-1',
      payerReference: 'rent',
      from: { accountId: 'sav-1' },
      paymentSet: [{ to: { toUType: 'payeeId', payeeId: 'p-9' }, isAmountCalculated: false }],
      recurrence: { recurrenceUType: 'onceOff', onceOff: { paymentDate: '2026-12-01' } },
      status: 'ACTIVE',
    };
    const out = marked(planOf('banking', 'listScheduledPayments')!, [
      payment,
    ]) as (typeof payment)[];
    expect(out[0]!.scheduledPaymentId).toBe('scheduled-payment:sp-1');
    expect(out[0]!.from.accountId).toBe('account:sav-1');
    expect(out[0]!.paymentSet[0]!.to.payeeId).toBe('payee:p-9');
    expect(out[0]!.payerReference).toBe('rent');
    expect(payment.from.accountId).toBe('sav-1');
  });

  it('when a loan lists related users and offset accounts, and an FDX page has a next key, then all are ids', () => {
    const loans = marked(planOf('banking', 'listAccounts')!, [
      {
        accountId: 'loan-1',
        users: [{ id: 'c-2', email: 'joan@example.com', isAccountHolder: true }],
        loan: { offsetAccountIds: ['sav-1', 'sav-2'] },
      },
    ]) as { accountId: string; users: { id: string }[]; loan: { offsetAccountIds: string[] } }[];
    expect(loans[0]!.accountId).toBe('account:loan-1');
    expect(loans[0]!.users[0]!.id).toBe('customer:c-2');
    expect(loans[0]!.loan.offsetAccountIds).toEqual(['account:sav-1', 'account:sav-2']);
    const page = marked(planOf('fdx', 'listTransactions')!, {
      records: [{ transactionId: 't-1', description: 'coffee' }],
      next: '40',
    });
    expect(page).toEqual({
      records: [{ transactionId: 'transaction:t-1', description: 'coffee' }],
      next: 'cursor:40',
    });
  });

  it('when the consent flow answers, then the customer ids are taken; the detail holds none', () => {
    const found = marked(planOf('customer', 'searchCustomersByEmail')!, [
      { id: 'c-1', name: 'Jane' },
    ]);
    expect(found).toEqual([{ id: 'customer:c-1', name: 'Jane' }]);
    expect(planOf('customer', 'getCustomerDetail')).toBeUndefined();
  });

  it('when the instalment plans answer as a Map, then its keys are account ids and its plans carry ids', () => {
    const plans = new Map([
      ['loan-1', { supported: true, plans: [{ planId: 'pl-1', accountId: 'loan-1' }] }],
      ['sav-1', { supported: false }],
    ]);
    const out = marked(planOf('banking', 'listInstalmentPlans')!, plans) as Map<string, unknown>;
    expect([...out.keys()]).toEqual(['account:loan-1', 'account:sav-1']);
    expect(out.get('account:loan-1')).toMatchObject({ plans: [{ planId: 'plan:pl-1' }] });
    expect(plans.has('loan-1')).toBe(true);
  });
});
