/**
 * A customer's beneficiaries (`/api/v1.0.0/party/customers/{customerId}/beneficiaries` and
 * `.../onlineBeneficiaries`). The payment product says how one is paid: `INTERNAL` (an account of
 * this bank), `DOMESTIC` (BSB in `bankSortCode` and account number), `BPAY` (the biller code as
 * the account, the customer reference number in `customerReference`) and `SWIFT` (IBAN and BIC);
 * `transactionType` says the same in Transact's 4 characters (`AC`, `OT`, `BP`, `IT`).
 * `nickName` selects by nickname (equal); `externalBeneficiaryFlag` `Y` (or `true`) keeps those
 * outside the bank, `N` (`false`) those inside; `paymentScheme` a payment product.
 */
import type { SimBeneficiary } from './dataset';
import { equalSelects } from './filters';
import { compact, list, type RouteRequest, type RouteSpec } from './route-types';
import { ymd } from './sim-dates';
import { badRequest } from './temenos-errors';

const TYPES: Record<SimBeneficiary['product'], string> = {
  INTERNAL: 'AC',
  DOMESTIC: 'OT',
  BPAY: 'BP',
  SWIFT: 'IT',
};
const NAMES: Record<SimBeneficiary['product'], string> = {
  INTERNAL: 'Transfer Within Bank',
  DOMESTIC: 'Domestic Transfer',
  BPAY: 'BPAY Payment',
  SWIFT: 'International Transfer',
};

/** When the beneficiary was added, `YYYYMMDD` as the schema describes its dates. */
const dateTime = (b: SimBeneficiary) => ymd(b.createdAt);

function ofCustomer(r: RouteRequest): SimBeneficiary[] {
  const c = r.index.customer(r.params.customerId!);
  return r.index.data.beneficiaries.filter((b) => b.customerId === c.customerId);
}

function record(b: SimBeneficiary) {
  return compact({
    beneficiaryId: b.beneficiaryId,
    nickName: b.nickName,
    beneficiaryNickName: b.nickName,
    shortName: b.name,
    beneficiaryAccountId: b.accountId,
    beneficiaryCustomerId: b.beneficiaryCustomerId,
    customerReference: b.reference,
    bankSortCode: b.bsb,
    BIC: b.bic,
    IBAN: b.iban,
    accountWithBank: b.bic,
    bankName: b.bankName,
    paymentCurrencyId: b.currency,
    paymentCountry: b.country,
    preferredPaymentProduct: b.product,
    transactionType: TYPES[b.product],
    transactionName: NAMES[b.product],
    beneficiaryAddress: b.address?.street,
    beneficiaryAddressCity: b.address?.city,
    postCode: b.address?.postCode,
    beneficiaryCountryName: b.address?.countryName,
    dates: [{ dateTime: dateTime(b) }],
    versionNumber: '1',
  });
}

function online(b: SimBeneficiary) {
  return compact({
    beneficiaryId: b.beneficiaryId,
    transactionType: TYPES[b.product],
    transactionName: NAMES[b.product],
    bankSortCode: b.bsb,
    accountWithBankSortCode: b.bsb,
    accountWithBank: b.bic,
    customerReference: b.reference,
    paymentCurrencyId: b.currency,
    paymentCountry: b.country,
    preferredPaymentProductId: b.product,
    dateTime: dateTime(b),
    versionNumber: '1',
    beneficiaries: [
      compact({
        beneficiaryAccountId: b.accountId,
        beneficiaryCustomerId: b.beneficiaryCustomerId,
        beneficiaryBIC: b.bic,
        beneficiaryIBAN: b.iban,
        beneficiaryNickName: b.nickName,
        beneficiaryCustomerNickName: b.name,
        beneficiaryOurCharges: b.product === 'SWIFT' ? 'OUR' : undefined,
      }),
    ],
  });
}

function external(flag: string | undefined): boolean | undefined {
  if (flag === undefined || flag === '') return undefined;
  const value = flag.toUpperCase();
  if (value === 'Y' || value === 'TRUE') return true;
  if (value === 'N' || value === 'FALSE') return false;
  throw badRequest('externalBeneficiaryFlag', 'Y or N');
}

export const BENEFICIARY_ROUTES: RouteSpec[] = [
  {
    service: 'party-beneficiaries',
    operationId: 'getCustomerBeneficiary',
    path: '/party/customers/{customerId}/beneficiaries',
    family: 'query',
    handle: (r) =>
      list(
        ofCustomer(r)
          .filter((b) => equalSelects(r.query, 'nickName', b.nickName))
          .map(record),
      ),
  },
  {
    service: 'party-beneficiaries',
    operationId: 'getCustomerBeneficiaries',
    path: '/party/customers/{customerId}/onlineBeneficiaries',
    family: 'query',
    handle: (r) => {
      const outside = external(r.query.externalBeneficiaryFlag);
      const found = ofCustomer(r).filter(
        (b) =>
          (outside === undefined || outside === (b.product !== 'INTERNAL')) &&
          equalSelects(r.query, 'paymentScheme', b.product),
      );
      return list(found.map(online));
    },
  },
];
