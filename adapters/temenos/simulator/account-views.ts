/**
 * An account as the holdings services show it. Balances, as Transact names them:
 * `workingBalance`, `onlineActualBalance`, `clearedBalance` and `ledgerBalance` are the booked
 * balance; `lockedAmount` what pending debits hold; `availableBalance` the booked balance less
 * the locked amount; `availableFunds` (and `useableBalance`) that plus the overdraft limit
 * (`availableLimit`). A loan's balances are negative (what is owed).
 */
import { categoryOf, TEMENOS_RELATION_CODES, TEMENOS_SIM_BIC, TEMENOS_SIM_BSB } from './catalogue';
import type { SimAccount, SimCustomer } from './dataset';
import { compact } from './route-types';
import { amountNumber, centsOf, money } from './sim-dates';
import type { SimIndex } from './sim-index';

export function balancesOf(a: SimAccount) {
  const working = centsOf(a.workingBalance);
  const locked = centsOf(a.lockedAmount);
  const limit = a.overdraftLimit ? centsOf(a.overdraftLimit) : 0;
  return { working, locked, limit, available: working - locked, funds: working - locked + limit };
}

/** The overdraft's limit reference (T24 LIMIT id), when the account has one. */
export const limitReference = (a: SimAccount): string | undefined =>
  a.overdraftLimit ? '1000.01' : undefined;

/** The account as the customer's account list shows it (holdings-customers). */
export function accountSummary(index: SimIndex, a: SimAccount): Record<string, unknown> {
  const product = index.product(a);
  const owner = index.holdersOf(a)[0]!;
  const b = balancesOf(a);
  return compact({
    accountId: a.accountId,
    arrangementId: a.arrangementId,
    productId: product.productId,
    productGroupId: product.productGroupId,
    productName: product.name,
    displayName: a.title,
    currencyId: a.currency,
    customerId: owner.customerId,
    customerName: owner.name,
    openingDate: a.openingDate,
    workingBalance: b.working / 100,
    onlineActualBalance: b.working / 100,
    clearedBalance: b.working / 100,
    availableBalance: b.available / 100,
    availableFunds: b.funds / 100,
    lockedAmount: b.locked / 100,
    availableLimit: a.overdraftLimit,
    limitReference: limitReference(a),
    sortCode: TEMENOS_SIM_BSB,
  });
}

function holderDetails(c: SimCustomer, role: string) {
  const a = c.address;
  return compact({
    customer: c.customerId,
    customerRole: role,
    relationCode: role === 'OWNER' ? undefined : String(TEMENOS_RELATION_CODES.jointHolder),
    roleDisplayName: role === 'OWNER' ? 'Owner' : 'Joint Owner',
    customerType: 'ACTIVE',
    firstName: c.givenName,
    lastName: c.lastName ?? c.name,
    dateOfBirth: c.dateOfBirth,
    salutation: c.title,
    maritalStatus: c.maritalStatus,
    emails: c.emails.map((email) => ({ email })),
    phoneNumbers: c.phones.map((p) => ({ phoneNumber: `+61${p.number}` })),
    streets: [{ street: a.street }],
    postCodes: [{ postCode: a.postCode }],
    townCountries: [{ townCountry: `${a.city} ${a.state}` }],
    taxIds: c.legalIds.filter((l) => l.type === 'ABN').map((l) => ({ taxId: l.id })),
  });
}

/**
 * The account as `getAccounts` lists it: the summary with its category, its status (`active`,
 * of the documented active, inactive and closed) and every holder (`customerType` is the
 * customer's standing, `ACTIVE`). This schema allows 6 characters of product name: the product
 * id stands there.
 */
export function accountListing(index: SimIndex, a: SimAccount): Record<string, unknown> {
  const category = categoryOf(a.categoryId);
  return compact({
    ...accountSummary(index, a),
    productName: a.productId,
    categoryId: a.categoryId,
    categoryName: category.shortName,
    accountStatus: 'active',
    customerDetails: a.holders.map((h) => holderDetails(index.customer(h.customerId), h.role)),
  });
}

/** Posted credits and debits since the first of the business date's month. */
function monthTotals(index: SimIndex, a: SimAccount) {
  const since = `${index.data.businessDate.slice(0, 7)}-01`;
  let credits = 0;
  let debits = 0;
  for (const t of index.transactionsOf(a.accountId)) {
    if (t.status !== 'POSTED' || t.bookingDate! < since) continue;
    const cents = centsOf(t.amount);
    if (cents > 0) credits += cents;
    else debits -= cents;
  }
  return { credits, debits };
}

function pendingTotals(index: SimIndex, a: SimAccount) {
  const pending = index.transactionsOf(a.accountId).filter((t) => t.status === 'PENDING');
  const cents = pending.map((t) => centsOf(t.amount));
  return {
    deposits: cents.filter((c) => c > 0).reduce((s, c) => s + c, 0),
    withdrawals: -cents.filter((c) => c < 0).reduce((s, c) => s + c, 0),
  };
}

/** `getAccountDetails`: one account with its overdraft, interest, charges and joint holders. */
export function accountDetails(index: SimIndex, a: SimAccount): Record<string, unknown> {
  const [owner, ...others] = index.holdersOf(a);
  const b = balancesOf(a);
  const today = index
    .transactionsOf(a.accountId)
    .filter((t) => t.status === 'POSTED' && t.bookingDate === index.data.businessDate);
  const openCents = b.working - today.reduce((s, t) => s + centsOf(t.amount), 0);
  const month = monthTotals(index, a);
  const pending = pendingTotals(index, a);
  const overdrawn = Math.max(0, -b.working);
  const loan = categoryOf(a.categoryId).kind === 'loan';
  return compact({
    customerName: owner!.name,
    jointCustomers: others.map((c) => ({ customerId: c.customerId, customerName: c.name })),
    openingDate: a.openingDate,
    accountWithBankBIC: TEMENOS_SIM_BIC,
    openActualBalance: openCents / 100,
    openClearedBalance: openCents / 100,
    onlineClearedBalance: b.working / 100,
    availableFunds: b.funds / 100,
    lockedAmount: b.locked / 100,
    approvedOverdraftLimit: a.overdraftLimit ? b.limit / 100 : undefined,
    availableOverdraftLimit: a.overdraftLimit ? Math.max(0, b.limit - overdrawn) / 100 : undefined,
    outstandingOverdraftLimit: a.overdraftLimit ? overdrawn / 100 : undefined,
    limitExpiryDate: a.overdraftLimit ? '2027-06-30' : undefined,
    totalCredits: money(month.credits),
    totalDebits: money(month.debits),
    totalPendingDepositAmount: pending.deposits / 100,
    totalPendingWithdrawalAmount: pending.withdrawals / 100,
    commitmentAmount: a.terms ? amountNumber(a.terms.principal) : undefined,
    interests: [
      compact({
        interestPropertyName: loan ? 'Principal Interest' : 'Credit Interest',
        interestCompoundType: 'SIMPLE',
        interestPaidYtd: amountNumber(a.interestPaidYtd),
        lastPaidInterestAmount: a.lastInterest ? amountNumber(a.lastInterest.amount) : undefined,
        lastPaymentDate: a.lastInterest?.date,
      }),
    ],
    charges: a.monthlyFee
      ? [
          {
            propertyName: 'Account Keeping Fee',
            paymentFrequency: 'e0Y e1M e0W o31D e0F',
            paymentMethod: 'DUE',
            chargeSchedulePaymentValue: a.monthlyFee,
          },
        ]
      : [],
  });
}
