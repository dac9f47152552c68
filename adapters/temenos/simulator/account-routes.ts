/**
 * Account operations of the holdings services: a customer's accounts and arrangements
 * (`/api/v1.0.0/holdings/customers/...`), the account list, one account's details and today's
 * balances (`/api/v4.1.0/holdings/accounts...`). A customer's accounts are those it holds alone
 * or jointly; an account is found by its number or its arrangement id.
 */
import {
  accountDetails,
  accountListing,
  accountSummary,
  balancesOf,
  limitReference,
} from './account-views';
import { categoryOf } from './catalogue';
import type { SimAccount } from './dataset';
import { equalSelects } from './filters';
import {
  compact,
  list,
  type RouteRequest,
  type RouteSpec,
  type TemenosService,
} from './route-types';
import { amountNumber, money } from './sim-dates';
import { notFound } from './temenos-errors';

/** The customer's accounts the query's `accountId`, `productId`, ... select. */
function customerAccounts(r: RouteRequest): SimAccount[] {
  const c = r.index.customer(r.params.customerId!);
  return r.index
    .accountsOf(c.customerId)
    .filter(
      (a) =>
        equalSelects(r.query, 'accountId', a.accountId) &&
        equalSelects(r.query, 'productId', a.productId) &&
        equalSelects(r.query, 'currencyId', a.currency) &&
        equalSelects(r.query, 'limitReference', limitReference(a)),
    );
}

function accountForCustomer(r: RouteRequest) {
  const c = r.index.customer(r.params.customerId!);
  const account = r.index.account(r.params.accountId!);
  if (!account.holders.some((h) => h.customerId === c.customerId)) {
    throw notFound(`Account of customer ${c.customerId}`, r.params.accountId!);
  }
  return list([accountSummary(r.index, account)]);
}

function arrangements(r: RouteRequest) {
  const c = r.index.customer(r.params.customerId!);
  const items = r.index
    .accountsOf(c.customerId)
    .filter((a) => {
      const p = r.index.product(a);
      return (
        equalSelects(r.query, 'arrangementId', a.arrangementId) &&
        equalSelects(r.query, 'productLineId', p.productLineId) &&
        equalSelects(r.query, 'productGroupId', p.productGroupId) &&
        equalSelects(r.query, 'productId', p.productId)
      );
    })
    .map((a) => {
      const p = r.index.product(a);
      return compact({
        arrangementId: a.arrangementId,
        accountId: a.accountId,
        accountName: a.title,
        currencyId: a.currency,
        termAmount: a.terms ? amountNumber(a.terms.principal) : undefined,
        productId: p.productId,
        productGroupId: p.productGroupId,
        productLineId: p.productLineId,
        category: categoryOf(a.categoryId).name,
        openingDate: a.openingDate,
      });
    });
  return list(items);
}

/** Every account the query selects (by holder with `customerId`). */
function selectedAccounts(r: RouteRequest, limitName: string): SimAccount[] {
  return r.index
    .allAccounts()
    .filter(
      (a) =>
        equalSelects(r.query, 'accountId', a.accountId) &&
        (!r.query.customerId || a.holders.some((h) => h.customerId === r.query.customerId)) &&
        equalSelects(r.query, 'productId', a.productId) &&
        equalSelects(r.query, 'currencyId', a.currency) &&
        equalSelects(r.query, 'arrangementId', a.arrangementId) &&
        equalSelects(r.query, limitName, limitReference(a)),
    );
}

function balances(r: RouteRequest) {
  const items = selectedAccounts(r, 'limitReferenceId').map((a) => {
    const b = balancesOf(a);
    return compact({
      accountId: a.accountId,
      accountName: a.shortTitle,
      productId: a.productId,
      currencyId: a.currency,
      workingBalance: money(b.working),
      ledgerBalance: money(b.working),
      clearedBalance: money(b.working),
      lockedAmount: money(b.locked),
      useableBalance: money(b.funds),
      limitReferenceId: limitReference(a),
    });
  });
  return list(items);
}

const route = (
  service: TemenosService,
  operationId: string,
  path: string,
  handle: RouteSpec['handle'],
): RouteSpec => ({ service, operationId, path, family: 'query', handle });

export const ACCOUNT_ROUTES: RouteSpec[] = [
  route(
    'holdings-customers',
    'getAccountsForCustomer',
    '/holdings/customers/{customerId}/accounts',
    (r) => list(customerAccounts(r).map((a) => accountSummary(r.index, a))),
  ),
  route(
    'holdings-customers',
    'getAccountForCustomer',
    '/holdings/customers/{customerId}/accounts/{accountId}',
    accountForCustomer,
  ),
  route(
    'holdings-customers',
    'getArrangementsForCustomer',
    '/holdings/customers/{customerId}/arrangements',
    arrangements,
  ),
  route('holdings-accounts', 'getAccounts', '/holdings/accounts', (r) =>
    list(selectedAccounts(r, 'limitReference').map((a) => accountListing(r.index, a))),
  ),
  route('holdings-accounts', 'getAccountBalanceToday', '/holdings/accounts/balances', balances),
  route('holdings-accounts', 'getAccountDetails', '/holdings/accounts/{accountId}', (r) =>
    list([accountDetails(r.index, r.index.account(r.params.accountId!))]),
  ),
];
