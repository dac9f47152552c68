/**
 * A customer as the party service's operations show it. Names and codes keep to the lengths the
 * published schemas allow. A town field carries the town and the state (`Sydney NSW`), as
 * Australian Transact installations keep TOWN.COUNTRY; the structured address names them apart.
 */
import { TEMENOS_SECTORS } from './catalogue';
import type { SimCustomer, SimPhone } from './dataset';
import { compact } from './route-types';
import type { SimIndex } from './sim-index';

export const fullPhone = (p: SimPhone): string => `+61${p.number}`;
export const townLine = (c: SimCustomer): string => `${c.address.city} ${c.address.state}`;
const phones = (c: SimCustomer, kinds: SimPhone['kind'][]) =>
  c.phones.filter((p) => kinds.includes(p.kind)).map(fullPhone);

function contacts(c: SimCustomer) {
  return [
    ...c.emails.map((email) => ({ contactType: 'EMAIL', contactData: email })),
    ...c.phones.map((p) => ({ contactType: p.kind, iddPrefixPhone: '61', contactData: p.number })),
  ];
}

function devices(c: SimCustomer) {
  return [
    ...c.emails.map((email, i) =>
      compact({
        email,
        communicationType: 'EMAIL',
        preferredChannel: i === 0 ? 'EMAIL' : undefined,
      }),
    ),
    ...c.phones.map((p) =>
      p.kind === 'MOBILE'
        ? { smsNumber: fullPhone(p), communicationType: 'MOBILE' }
        : { phoneNumber: fullPhone(p), communicationType: p.kind },
    ),
  ];
}

/** The relation code the other customer keeps back to `c`, if any. */
function reverseCode(index: SimIndex, c: SimCustomer, otherId: string): number | undefined {
  return index.customer(otherId).relations.find((r) => r.customerId === c.customerId)?.code;
}

function legalDetails(c: SimCustomer) {
  return c.legalIds.map((l) => ({
    legalId: l.id,
    legalDocumentName: l.type,
    legalHolderName: c.name,
    legalIssueDate: l.issueDate,
  }));
}

/** Employment, the job title cut to the operation's length (14 or 10 characters). */
export function employDetails(c: SimCustomer, titleLength: number) {
  const e = c.employment;
  if (!e) return [];
  return [
    {
      employStatus: e.status,
      occupation: e.occupation,
      employJobTitle: e.jobTitle.slice(0, titleLength),
      employerName: e.employerName,
      employStartDate: e.startDate,
      salaryCurrency: 'AUD',
      salaryAmount: Number(e.salary),
    },
  ];
}

/**
 * `getCustomer`: the customer record. A company's name is its family name too, as the account
 * parties show it (Transact installations fill it so): only its sector, legal documents and the
 * missing given name and birth date tell it from a person.
 */
export function customerRecord(index: SimIndex, c: SimCustomer): Record<string, unknown> {
  const a = c.address;
  return compact({
    customerMnemonic: c.mnemonic,
    displayNames: [{ displayName: c.name }],
    customerNames: [{ customerName: c.name }],
    title: c.title,
    givenName: c.givenName,
    lastName: c.lastName ?? c.name,
    gender: c.gender,
    maritalStatus: c.maritalStatus,
    dateOfBirth: c.dateOfBirth,
    birthIncorpDate: c.dateOfBirth ?? c.incorporationDate,
    communicationDevices: devices(c),
    officePhoneNumbers: phones(c, ['OFFICE']).map((officePhoneNumber) => ({ officePhoneNumber })),
    contactDetails: contacts(c),
    streets: [{ street: a.street }],
    addresses: a.line2 ? [{ address: a.line2 }] : [],
    addressCities: [{ addressCity: townLine(c) }],
    countries: [{ country: a.country }],
    postCode: Number(a.postCode),
    legalDetails: legalDetails(c),
    taxIds: c.legalIds.filter((l) => l.type === 'ABN').map((l) => ({ taxId: l.id })),
    relationshipDetails: c.relations.map((r) =>
      compact({
        jointCustomer: Number(r.customerId),
        jointRelationCode: r.code,
        reverseJointRelationCode: reverseCode(index, c, r.customerId),
        jointRelationRoleNote: r.relationship,
      }),
    ),
    employDetails: employDetails(c, 14),
    residenceDetails: c.home
      ? [{ residenceStatus: c.home.status, residenceSince: c.home.since }]
      : [],
    nationalityId: c.nationality,
    residenceId: c.residence,
    sectorId: c.sectorId,
    industryId: c.industryId,
    accountOfficerId: c.accountOfficerId,
    target: c.target,
    customerStatus: c.customerStatus,
    language: 1,
    customerCompany: index.data.companyId,
    isKycComplete: true,
    contactDate: c.since,
  });
}

/** `getCustomerInformation`: one customer of a search. */
export function customerSummary(index: SimIndex, c: SimCustomer): Record<string, unknown> {
  const a = c.address;
  const sector = c.kind === 'CORPORATE' ? TEMENOS_SECTORS.corporate : TEMENOS_SECTORS.individual;
  const mobiles = phones(c, ['MOBILE']).map((mobilePhoneNumber) => ({ mobilePhoneNumber }));
  return compact({
    customerId: c.customerId,
    customerName: c.name,
    firstName: c.givenName,
    lastName: c.lastName,
    title: c.title,
    gender: c.gender,
    maritalStatus: c.maritalStatus,
    dateOfBirth: c.dateOfBirth,
    birthIncorpDate: c.dateOfBirth ?? c.incorporationDate,
    customerMnemonic: c.mnemonic,
    customerStatus: String(c.customerStatus),
    customerType: 'ACTIVE',
    nationalityId: c.nationality,
    residenceId: c.residence,
    sectorId: sector.sectorId,
    sectorName: sector.sectorName,
    industryId: c.industryId,
    accountOfficerId: c.accountOfficerId,
    target: String(c.target),
    companyId: index.data.companyId,
    language: '1',
    addresses: [
      compact({
        street: a.street,
        address: a.line2,
        addressCity: townLine(c),
        postCode: a.postCode,
        country: a.country,
      }),
    ],
    contactDetails: [
      compact({
        phoneNumbers: phones(c, ['HOME']).map((phoneNumber) => ({ phoneNumber })),
        mobilePhoneNumbers: mobiles,
        officePhoneNumbers: phones(c, ['OFFICE']).map((officePhoneNumber) => ({
          officePhoneNumber,
        })),
        emails: c.emails.map((email) => ({ email })),
        Contacts: contacts(c),
      }),
    ],
    legalDocuments: legalDetails(c),
    taxIds: c.legalIds.filter((l) => l.type === 'ABN').map((l) => ({ taxId: l.id })),
    relCust: c.relations.map((r) => ({
      relCustomer: r.customerId,
      relationshipCode: String(r.code),
    })),
    employmentDetails: c.employment ? [{ employmentStatus: c.employment.status }] : [],
    preferredChannels: [{ preferredChannel: 'EMAIL' }],
  });
}

/** What `getCustomerInformation`'s search parameters compare, by parameter name. */
export function searchValues(c: SimCustomer): Record<string, string[]> {
  const a = c.address;
  const national = (p: SimPhone) => [fullPhone(p), `0${p.number}`, p.number];
  const dates = [c.dateOfBirth ?? c.incorporationDate].filter((d): d is string => !!d);
  return {
    customerId: [c.customerId],
    customerName: [c.name],
    firstName: c.givenName ? [c.givenName] : [],
    lastName: c.lastName ? [c.lastName] : [],
    shortName: [c.shortName],
    customerMnemonic: [c.mnemonic],
    email: c.emails,
    phoneNumber: c.phones.flatMap(national),
    mobilePhoneNumber: c.phones.filter((p) => p.kind === 'MOBILE').flatMap(national),
    officePhoneNumber: c.phones.filter((p) => p.kind === 'OFFICE').flatMap(national),
    dateOfBirth: dates.flatMap((d) => [d, d.replace(/-/g, '')]),
    street: [a.street],
    address: a.line2 ? [a.line2] : [],
    addressCity: [a.city, townLine(c)],
    postCode: [a.postCode],
    countryId: [a.country],
    nationalityId: [c.nationality],
    residenceId: [c.residence],
    sectorId: [String(c.sectorId)],
    industryId: [String(c.industryId)],
    accountOfficerId: [String(c.accountOfficerId)],
    customerStatus: [String(c.customerStatus)],
    customerType: ['ACTIVE'],
    taxId: c.legalIds.filter((l) => l.type === 'ABN').map((l) => l.id),
    relCustomer: c.relations.map((r) => r.customerId),
    relationshipCode: c.relations.map((r) => String(r.code)),
  };
}
