/**
 * The party service's customer operations (`/api/v4.0.0/party/customers...`). The search
 * (`getCustomerInformation`) takes every parameter in `searchValues` with its CT, BW and MT forms
 * (filters.ts), among them `email`: the published operation has it, exact and case-sensitive.
 * An unknown customer is 404; a known one with nothing to list an empty page.
 */
import {
  townLine,
  customerRecord,
  employDetails,
  customerSummary,
  fullPhone,
  searchValues,
} from './customer-views';
import { TEMENOS_RELATION_CODES } from './catalogue';
import type { SimCustomer } from './dataset';
import { textSelects } from './filters';
import { compact, list, type RouteRequest, type RouteSpec } from './route-types';
import type { SimIndex } from './sim-index';
import { badRequest } from './temenos-errors';

const customerOf = (r: RouteRequest): SimCustomer => r.index.customer(r.params.customerId!);
const shortNames = (c: SimCustomer) => [{ customerShortName: c.shortName }];
const addressId = (index: SimIndex, c: SimCustomer, kind: string, n: number) =>
  `${index.data.companyId}.C-${c.customerId}.${kind}.${n}`;

function search(r: RouteRequest) {
  const found = r.index.allCustomers().filter((c) => {
    const values = searchValues(c);
    return Object.keys(values).every((name) => textSelects(r.query, name, values[name]!));
  });
  return list(found.map((c) => customerSummary(r.index, c)));
}

/** `addressOption`: STRUCTURED, UNSTRUCTURED or BOTH (the default), in any case. */
function addresses(r: RouteRequest) {
  const c = customerOf(r);
  const option = (r.query.addressOption || 'BOTH').toUpperCase();
  if (!['STRUCTURED', 'UNSTRUCTURED', 'BOTH'].includes(option)) {
    throw badRequest('addressOption', 'STRUCTURED, UNSTRUCTURED or BOTH');
  }
  const a = c.address;
  const structured = Object.entries(
    compact({
      addressLine: a.line2,
      streetName: a.street,
      townName: a.city,
      countrySubDivision: a.state,
      postCode: a.postCode,
      country: a.country,
    }),
  ).map(([name, value]) => ({ structuredAddress: `${name}:${String(value)}` }));
  const unstructured = [a.line2, a.street, `${townLine(c)} ${a.postCode}`, 'AUSTRALIA']
    .filter((line): line is string => !!line)
    .map((unstructuredAddress) => ({ unstructuredAddress }));
  return list([
    compact({
      customerId: c.customerId,
      structuredGroup: option === 'UNSTRUCTURED' ? [] : structured,
      unstructuredGroup: option === 'STRUCTURED' ? [] : unstructured,
    }),
  ]);
}

function emailAddresses(r: RouteRequest) {
  const c = customerOf(r);
  const all = c.emails.map((email, i) => ({
    customerAddressId: addressId(r.index, c, 'EMAIL', i + 1),
    email,
    customerShortNames: shortNames(c),
  }));
  return list(all.filter((e) => !r.query.addressId || e.customerAddressId === r.query.addressId));
}

function phoneAddresses(r: RouteRequest) {
  const c = customerOf(r);
  const all = c.phones
    .filter((p) => p.kind === 'MOBILE')
    .map((p, i) => ({
      customerAddressId: addressId(r.index, c, 'SMS', i + 1),
      iddPrefixMobile: '61',
      mobileNumber: p.number,
      customerShortNames: shortNames(c),
    }));
  return list(all.filter((e) => !r.query.addressId || e.customerAddressId === r.query.addressId));
}

function contactList(r: RouteRequest) {
  const c = customerOf(r);
  const of = (kinds: string[]) => c.phones.filter((p) => kinds.includes(p.kind)).map(fullPhone);
  return list([
    compact({
      customerId: c.customerId,
      phoneNumbers: of(['HOME', 'OFFICE']).map((phoneNumber) => ({ phoneNumber })),
      smsNumbers: of(['MOBILE']).map((smsNumber) => ({ smsNumber })),
      emailIds: c.emails.map((emailId) => ({ emailId })),
    }),
  ]);
}

/** Co-holders of the customer's joint accounts, each once. */
function jointCustomers(r: RouteRequest) {
  const c = customerOf(r);
  const others = new Set<string>();
  for (const account of r.index.accountsOf(c.customerId)) {
    for (const h of account.holders) if (h.customerId !== c.customerId) others.add(h.customerId);
  }
  if (others.size === 0) return list([]);
  const details = [...others].map((id) => ({
    jointCustomer: Number(id),
    jointCustomerName: r.index.customer(id).shortName,
    jointRelationCode: TEMENOS_RELATION_CODES.jointHolder,
    jointRelationDisplayName: 'JNT',
    reverseJointRelationCode: TEMENOS_RELATION_CODES.jointHolder,
    reverseJointRelationName: 'JNT',
    deliveryOption: [{ jointRelationRoleId: 1, jointRoleDisplayName: 'Joint Owner' }],
  }));
  return list([{ customerId: Number(c.customerId), jointCustomerDetails: details }]);
}

function personalDetails(r: RouteRequest) {
  const c = customerOf(r);
  return list([
    compact({
      customerId: Number(c.customerId),
      customerName: c.name,
      employDetails: employDetails(c, 10),
      residenceDetails: c.home
        ? [{ residenceStatus: c.home.status, residenceSince: c.home.since }]
        : [],
      communicationDevice: [{ communicationType: 'EMAIL', preferredChannel: 'EMAIL' }],
      isSecureMessage: true,
      isInternetBankingService: true,
      isMobileBankingService: true,
      customerSegment: c.kind === 'CORPORATE' ? 'SME' : 'RETAIL',
    }),
  ]);
}

const party = (operationId: string, path: string, handle: RouteSpec['handle']): RouteSpec => ({
  service: 'party-customers',
  operationId,
  path,
  family: 'query',
  handle,
});

export const CUSTOMER_ROUTES: RouteSpec[] = [
  party('getCustomerInformation', '/party/customers', search),
  {
    service: 'party-customers',
    operationId: 'getCustomer',
    path: '/party/customers/{customerId}',
    family: 'screen',
    handle: (r) => {
      const c = customerOf(r);
      return { kind: 'record', id: c.customerId, body: customerRecord(r.index, c) };
    },
  },
  party('getCustomerAddressOutput', '/party/customers/{customerId}/addresses', addresses),
  party(
    'getCustomerEmailAddress',
    '/party/customers/{customerId}/addresses/emailAddresses',
    emailAddresses,
  ),
  party(
    'getCustomerPhoneAddress',
    '/party/customers/{customerId}/addresses/smsAddresses',
    phoneAddresses,
  ),
  party('getCustomerContacts', '/party/customers/{customerId}/contacts', contactList),
  {
    service: 'party-customers',
    operationId: 'getCustomerRelationships',
    path: '/party/customers/{customerId}/relationships',
    family: 'screen',
    handle: (r) => {
      const c = customerOf(r);
      const relations = c.relations.map((x) => ({
        relatedCustomerId: x.customerId,
        relationship: x.relationship,
      }));
      return { kind: 'record', id: c.customerId, body: compact({ relations }) };
    },
  },
  party('getJointCustomerDetails', '/party/customers/{customerId}/jointCustomers', jointCustomers),
  party(
    'getCustomerPersonalDetails',
    '/party/customers/{customerId}/personalProfiles',
    personalDetails,
  ),
];
