/**
 * Standing orders and direct debits: of one customer (the party service,
 * `/api/v4.0.0/party/customers/{customerId}/standingOrders|directDebits`) and across the bank
 * (the order services, `/api/v1.0.0/order/standingOrders`, `/order/directDebits`,
 * `/order/directDebits/debtorMandates`), by customer and account. A customer's instructions are
 * those on the accounts it holds, joint ones too.
 *
 * `frequency` is Transact's recurrence rule with its first date (`20230201 e0Y e1M e0W o1D e0F`),
 * `currentFrequency` the same rule with the next date; the order service's direct debits allow
 * 19 characters, so there the rule stands without its date; a mandate names its frequency by its
 * ISO 20022 code (`MNTH`, `QURT`) and its dates as `YYYYMMDD`, `executionDate` being the latest
 * collection's. A direct debit is `Inward`: another bank claims on our customer's account.
 */
import type { SimDirectDebit, SimStandingOrder } from './dataset';
import { equalSelects } from './filters';
import { t24Frequency } from './recurrence';
import { compact, list, type RouteRequest, type RouteSpec } from './route-types';
import { amountNumber, ymd } from './sim-dates';
import type { SimIndex } from './sim-index';

const ownerOf = (index: SimIndex, accountId: string) =>
  index.account(accountId).holders[0]!.customerId;
const heldBy = (index: SimIndex, accountId: string, customerId: string) =>
  index.account(accountId).holders.some((h) => h.customerId === customerId);

function standingOrderView(index: SimIndex, o: SimStandingOrder, party: boolean) {
  const p = o.payee;
  return compact({
    standingOrderId: o.standingOrderId,
    paymentMethod: 'TRF',
    currencyId: o.currency,
    amount: amountNumber(o.amount),
    frequency: t24Frequency(o.startDate, o.rule),
    currentFrequency: t24Frequency(o.nextDate, o.rule),
    currentFrequencyDate: o.nextDate,
    startDate: o.startDate,
    stoStartDate: o.startDate,
    currentEndDate: o.endDate,
    payTo: p.name,
    displayNames: [{ displayName: `${o.description} - ${p.name}`.slice(0, 35) }],
    counterPartyAccountId: p.accountId ?? p.iban,
    creditAccountId: p.accountId,
    creditAccountName: p.name,
    bankSortCode: p.bsb,
    beneficiaryId: o.beneficiaryId,
    beneficiaryBIC: p.bic,
    beneficiaryIBAN: p.iban,
    beneficiaryCountryId: p.iban ? p.iban.slice(0, 2) : 'AU',
    beneficiaryOurCharges: o.product === 'SWIFT' ? 'OUR' : undefined,
    accountWithBanks: p.bic ? [{ accountWithBank: p.bic }] : [],
    paymentOrderProductName: o.product,
    versionNumber: '1',
    accountName: party ? index.account(o.accountId).title : undefined,
  });
}

function directDebitView(index: SimIndex, d: SimDirectDebit, party: boolean) {
  const owner = index.customer(ownerOf(index, d.accountId));
  return compact({
    directDebitId: d.directDebitId,
    customerId: owner.customerId,
    customerMnemonic: owner.mnemonic,
    accountId: d.accountId,
    accountName: index.account(d.accountId).title,
    creditAccountId: d.creditorAccountId,
    creditorName: d.creditorName,
    sortCode: d.creditorBsb,
    displayName: `${d.creditorName} ${d.mandateReference}`.slice(0, 35),
    direction: 'Inward',
    currency: d.currency,
    currencyName: 'Australian Dollar',
    standAloneDdi: 'N',
    amount: amountNumber(d.amount),
    status: d.status,
    frequency: party ? t24Frequency(d.startDate, d.rule) : d.rule,
    startDate: d.startDate,
    nextPaymentDate: d.nextDate,
    versionNumber: '1',
  });
}

function mandateView(d: SimDirectDebit) {
  return {
    mandateId: d.directDebitId,
    mandateScheme: 'BECS*CORE',
    mandateType: 'ELECTRONIC',
    accountId: d.accountId,
    paymentType: 'C',
    creditorReference: d.mandateReference,
    creditorName: d.creditorName,
    creditorAddress: d.creditorAddress,
    ultimateCreditor: d.creditorName,
    ultimateCreditorCountry: 'AU',
    ddMandateReference: d.ddReference,
    remittanceInformation: d.mandateReference,
    mandateSigningDate: ymd(d.signedDate),
    startDate: ymd(d.startDate),
    frequency: d.isoFrequency,
    executionDate: ymd(d.lastCollection),
    successfulCollections: String(d.collections),
  };
}

function partyStandingOrders(r: RouteRequest) {
  const c = r.index.customer(r.params.customerId!);
  const orders = r.index.data.standingOrders.filter(
    (o) =>
      heldBy(r.index, o.accountId, c.customerId) &&
      equalSelects(r.query, 'standingOrderId', o.standingOrderId) &&
      equalSelects(r.query, 'accountId', o.accountId) &&
      equalSelects(r.query, 'orderingCustomerId', ownerOf(r.index, o.accountId)),
  );
  return list(orders.map((o) => standingOrderView(r.index, o, true)));
}

function orderStandingOrders(r: RouteRequest) {
  const { query, index } = r;
  const orders = index.data.standingOrders.filter(
    (o) =>
      (!query.debitCustomerId || heldBy(index, o.accountId, query.debitCustomerId)) &&
      equalSelects(query, 'standingOrderId', o.standingOrderId) &&
      equalSelects(query, 'accountId', o.accountId) &&
      equalSelects(query, 'orderingCustomerId', ownerOf(index, o.accountId)),
  );
  return list(orders.map((o) => standingOrderView(index, o, false)));
}

/** Direct debits by `customerId` (a holder of the debited account), `accountId`, `directDebitId`. */
function debitsSelected(r: RouteRequest, customerId?: string): SimDirectDebit[] {
  const { query, index } = r;
  const holder = customerId ?? query.customerId;
  if (holder) index.customer(holder);
  return index.data.directDebits.filter(
    (d) =>
      (!holder || heldBy(index, d.accountId, holder)) &&
      equalSelects(query, 'accountId', d.accountId) &&
      equalSelects(query, 'directDebitId', d.directDebitId),
  );
}

export const ORDER_ROUTES: RouteSpec[] = [
  {
    service: 'party-customers',
    operationId: 'getStandingOrders',
    path: '/party/customers/{customerId}/standingOrders',
    family: 'query',
    handle: partyStandingOrders,
  },
  {
    service: 'party-customers',
    operationId: 'getDirectDebits',
    path: '/party/customers/{customerId}/directDebits',
    family: 'query',
    handle: (r) =>
      list(debitsSelected(r, r.params.customerId).map((d) => directDebitView(r.index, d, true))),
  },
  {
    service: 'order-standing-orders',
    operationId: 'getStandingOrders',
    path: '/order/standingOrders',
    family: 'query',
    handle: orderStandingOrders,
  },
  {
    service: 'order-direct-debits',
    operationId: 'getAccountDirectDebits',
    path: '/order/directDebits',
    family: 'query',
    handle: (r) => list(debitsSelected(r).map((d) => directDebitView(r.index, d, false))),
  },
  {
    service: 'order-direct-debits',
    operationId: 'getDebtorDirectDebitMandates',
    path: '/order/directDebits/debtorMandates',
    family: 'query',
    handle: (r) => list(debitsSelected(r).map(mandateView)),
  },
];
