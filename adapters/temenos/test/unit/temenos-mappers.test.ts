/**
 * Temenos mappers on hand-written Transact payloads (adapters/temenos/fixtures): accounts of each
 * category, loans and term deposits, balances, payees, direct debits and customers. Every output
 * is validated against the SDK's contract schemas, and each mapping rule has its own test.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  createContractsAjv,
  refOf,
  schemasDir,
  type BankingAccountRecord,
} from '@data-holder-gateway/adapter-sdk';
import { parseTemenosJson } from '../..';
import {
  alpha3Of,
  balanceFromAccount,
  balanceFromToday,
  bsbDigits,
  describeAccount,
  e164Of,
  isOrganisation,
  maskAccountNumber,
  productCategoryResolver,
  toAccountRecord,
  toAccountRef,
  toCustomerDetail,
  toCustomerIdentity,
  toDirectDebit,
  toFdxContact,
  toIsoDate,
  toLoanTerms,
  toPayee,
  toShareableAccount,
  toTermDepositTerms,
  withoutNumbers,
  type DescribedAccount,
  type TemenosAccount,
  type TemenosBalance,
  type TemenosBeneficiary,
  type TemenosCustomer,
  type TemenosDebtorMandate,
  type TemenosList,
  type TemenosLoan,
  type TemenosRecord,
} from '../../mappers';

const FIXTURES = path.resolve(__dirname, '../../fixtures');
const fixture = <T>(name: string): T =>
  parseTemenosJson(fs.readFileSync(path.join(FIXTURES, name), 'utf8')) as T;
const listOf = <T>(name: string): T[] => fixture<TemenosList<T>>(name).body ?? [];
const recordOf = <T>(name: string): T => fixture<TemenosRecord<T>>(name).body!;

const ajv = createContractsAjv();
ajv.addSchema(
  JSON.parse(fs.readFileSync(path.join(schemasDir(), 'ports', 'records.json'), 'utf8')) as object,
);
/** Errors of `value` against a contract (or one of its $defs); [] when it validates. */
function errorsOf(value: unknown, name: string, def?: string): string[] {
  const validate = ajv.getSchema(refOf(name, def))!;
  return validate(value)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}

const categoryOf = productCategoryResolver({});
const accounts = listOf<TemenosAccount>('accounts-100100.json');
const entry = (id: string) => accounts.find((a) => a.accountId === id)!;
function described(id: string, customerId = '100100'): DescribedAccount {
  const account = describeAccount(entry(id), customerId, categoryOf);
  if ('skip' in account) throw new Error(`account ${id} left out: ${account.skip}`);
  return account;
}
const loan = listOf<TemenosLoan>('loan-AA21055LNQRS.json')[0]!;
const deposit = listOf<TemenosLoan>('deposit-AA20011TDXYZ.json')[0]!;

describe('Temenos account mappers', () => {
  it.each([
    ['100100001', 'TRANS_AND_SAVINGS_ACCOUNTS', 'deposit', 'OPEN'],
    ['100100002', 'TRANS_AND_SAVINGS_ACCOUNTS', 'deposit', 'OPEN'],
    ['100100003', 'TERM_DEPOSITS', 'termDeposit', 'OPEN'],
    ['100100004', 'PERS_LOANS', 'loan', 'OPEN'],
    ['100100005', 'TRANS_AND_SAVINGS_ACCOUNTS', 'deposit', 'CLOSED'],
    ['300300001', 'TRANS_AND_SAVINGS_ACCOUNTS', 'deposit', 'OPEN'],
  ])(
    'when account %s is described, then it is %s, a %s account, %s',
    (id, category, kind, status) => {
      const account = described(id);
      expect([account.productCategory, account.kind, account.openStatus]).toEqual([
        category,
        kind,
        status,
      ]);
    },
  );

  it('when an account has a category no table names (a ledger account), then it is left out', () => {
    expect(describeAccount(entry('100100006'), '100100', categoryOf)).toEqual({
      skip: 'uncategorised',
    });
  });

  it('when an account has a status Transact does not document, then it is left out, not guessed', () => {
    const odd = { ...entry('100100001'), accountStatus: 'UNAUTH' };
    expect(describeAccount(odd, '100100', categoryOf)).toEqual({ skip: 'status' });
  });

  it('when the customer is no party of an account, then it is left out', () => {
    expect(describeAccount(entry('300300001'), '777777', categoryOf)).toEqual({
      skip: 'notParty',
    });
  });

  it('when the holder configures ids and ranges, then exact ids win, then the narrowest range, then the defaults', () => {
    const resolve = productCategoryResolver({
      '3001': 'RESIDENTIAL_MORTGAGES',
      '3000-3999': 'BUSINESS_LOANS',
      '3100-3199': 'MARGIN_LOANS',
    });
    expect(['3001', '3150', '3500', '1001', '21060', '9999', 'x'].map(resolve)).toEqual([
      'RESIDENTIAL_MORTGAGES',
      'MARGIN_LOANS',
      'BUSINESS_LOANS',
      'TRANS_AND_SAVINGS_ACCOUNTS',
      'PERS_LOANS',
      undefined,
      undefined,
    ]);
  });

  it('when an everyday account is mapped, then every field is built from its entry, the number masked', () => {
    const record = toAccountRecord(described('100100001'), '100100');
    expect(record).toEqual({
      accountId: '100100001',
      displayName: 'Jane everyday xxxxx0001',
      openStatus: 'OPEN',
      complexAccountType: 'INDIVIDUAL',
      accountOwnership: 'ONE_PARTY',
      isOwned: true,
      users: [{ id: '100100', email: 'jane.citizen@example.com', isAccountHolder: true }],
      maskedNumber: 'xxxxx0001',
      productCategory: 'TRANS_AND_SAVINGS_ACCOUNTS',
      productName: 'Everyday Account',
      creationDate: '2019-03-14',
      bsb: '012345',
      accountNumber: '100100001',
    });
    expect(errorsOf(record, 'records', 'BankingAccountRecord')).toEqual([]);
  });

  it('when a joint account is mapped, then it is JOINT, TWO_PARTY, with both holders as users', () => {
    const record = toAccountRecord(described('100100002'), '100100');
    expect(record).toMatchObject({
      complexAccountType: 'JOINT',
      accountOwnership: 'TWO_PARTY',
      isOwned: true,
      creationDate: '2020-03-01',
      users: [
        { id: '100100', email: 'jane.citizen@example.com', isAccountHolder: true },
        { id: '100200', email: 'john.citizen@example.com', isAccountHolder: true },
      ],
    });
  });

  it('when the customer signs for an organisation’s account, then it is not owned and the signatory is no holder', () => {
    const record = toAccountRecord(described('300300001'), '100100');
    expect(record).toMatchObject({ isOwned: false, complexAccountType: 'INDIVIDUAL' });
    expect(record.users).toEqual([
      { id: '300300', email: 'accounts@harbourbakery.example', isAccountHolder: true },
      { id: '100100', email: 'jane.citizen@example.com', isAccountHolder: false },
    ]);
  });

  it('when a loan is mapped with its terms, then it has its loan specifics and its lending rate, not the penalty', () => {
    const record = toAccountRecord(described('100100004'), '100100', toLoanTerms(loan, 'AUD'));
    expect(record.specificAccountUType).toBe('loan');
    expect(record.loan).toEqual({
      originalStartDate: '2023-05-02',
      originalLoanAmount: '30000.00',
      originalLoanCurrency: 'AUD',
      loanEndDate: '2028-05-02',
      nextInstalmentDate: '2025-02-02',
      minInstalmentAmount: '612.34',
      minInstalmentCurrency: 'AUD',
      repaymentType: 'PRINCIPAL_AND_INTEREST',
      repaymentFrequency: 'P1M',
    });
    expect(record.lendingRates).toEqual([
      {
        lendingRateType: 'FIXED',
        rate: 0.0895,
        applicationType: 'PERIODIC',
        applicationFrequency: 'P1M',
        repaymentType: 'PRINCIPAL_AND_INTEREST',
        loanPurpose: 'UNCONSTRAINED',
      },
    ]);
    expect(errorsOf(record, 'banking-account-v4')).toEqual([]);
  });

  it('when a term deposit is mapped with its terms, then it is held at maturity and its rate applies at maturity', () => {
    const record = toAccountRecord(described('100100003'), '100100', toTermDepositTerms(deposit));
    expect(record).toMatchObject({
      specificAccountUType: 'termDeposit',
      termDeposit: [
        {
          lodgementDate: '2024-07-01',
          maturityDate: '2025-07-01',
          maturityInstructions: 'HOLD_ON_MATURITY',
        },
      ],
      depositRate: 0.0485,
      depositRates: [{ depositRateType: 'FIXED', rate: 0.0485, applicationType: 'MATURITY' }],
    });
    expect(errorsOf(record, 'banking-account-v4')).toEqual([]);
  });

  it('when a loan has interest-only schedules or none, then its repayment type says so', () => {
    const interestOnly = { ...loan, schedules: [{ scheduleProperty: 'PRINCIPALINT INTEREST' }] };
    expect(
      toLoanTerms({ ...interestOnly, schedules: [{ scheduleProperty: 'INTEREST' }] }, 'AUD'),
    ).toMatchObject({ loan: { repaymentType: 'INTEREST_ONLY' } });
    expect(toLoanTerms({ ...loan, schedules: [] }, 'AUD')).toMatchObject({
      loan: { repaymentType: 'OTHER' },
    });
  });

  it('when a rate’s type is neither fixed nor floating, then the rate is left out rather than guessed', () => {
    const odd = { ...loan, interests: [{ interestRate: '5', rateType: 'TIERED' }] };
    expect(toLoanTerms(odd, 'AUD')).toMatchObject({ lendingRates: [] });
  });

  it('when the authorisation list and the account check read an account, then they say what its record says', () => {
    const account = described('300300001');
    const record = toAccountRecord(account, '100100');
    expect(toShareableAccount(account, '100100')).toEqual({
      accountId: record.accountId,
      displayName: record.displayName,
      openStatus: record.openStatus,
      complexAccountType: record.complexAccountType,
      users: record.users,
    });
    expect(toAccountRef(account, '100100')).toEqual({
      accountId: record.accountId,
      openStatus: record.openStatus,
      isOwned: record.isOwned,
      productCategory: record.productCategory,
    });
    expect(
      errorsOf(toShareableAccount(account, '100100'), 'records', 'ShareableAccountRecord'),
    ).toEqual([]);
    expect(errorsOf(toAccountRef(account, '100100'), 'records', 'AccountRef')).toEqual([]);
  });

  it('when every account of the list is mapped, then each record validates against the contract', () => {
    const records: BankingAccountRecord[] = accounts.flatMap((e) => {
      const account = describeAccount(e, '100100', categoryOf);
      return 'skip' in account ? [] : [toAccountRecord(account, '100100')];
    });
    expect(records).toHaveLength(6);
    for (const record of records) {
      expect(errorsOf(record, 'records', 'BankingAccountRecord')).toEqual([]);
    }
  });
});

describe('Temenos balance mappers', () => {
  it('when the account list carries balances, then current is the working balance and available the funds available', () => {
    expect(balanceFromAccount('100100001', 'deposit', entry('100100001'))).toEqual({
      accountId: '100100001',
      currentBalance: '1523.45',
      availableBalance: '2510.95',
    });
  });

  it('when a balance has more digits than a double holds, then every digit is kept', () => {
    expect(balanceFromAccount('100100002', 'deposit', entry('100100002'))).toEqual({
      accountId: '100100002',
      currentBalance: '12345678901234567.891',
      availableBalance: '12345678901234567.891',
    });
  });

  it('when a term deposit or a loan gives no available figure, then nothing is available; a loan owes (negative)', () => {
    expect(balanceFromAccount('100100003', 'termDeposit', entry('100100003'))).toEqual({
      accountId: '100100003',
      currentBalance: '25000.00',
      availableBalance: '0.00',
    });
    expect(balanceFromAccount('100100004', 'loan', entry('100100004'))).toEqual({
      accountId: '100100004',
      currentBalance: '-18250.50',
      availableBalance: '0.00',
    });
  });

  it('when Transact states a loan’s funds available as its negative balance, then nothing is available', () => {
    const owing = { ...entry('100100004'), availableFunds: -18250.5 };
    expect(balanceFromAccount('100100004', 'loan', owing)?.availableBalance).toBe('0.00');
    const overdrawn = { ...entry('100100001'), availableFunds: '-20.00' };
    expect(balanceFromAccount('100100001', 'deposit', overdrawn)?.availableBalance).toBe('-20.00');
  });

  it('when the list gives no balance, then none is made up; today’s balance read gives one', () => {
    expect(balanceFromAccount('100100005', 'deposit', entry('100100005'))).toBeUndefined();
    const today = listOf<TemenosBalance>('balances-100100005.json')[0]!;
    const balance = balanceFromToday('100100005', 'deposit', today);
    expect(balance).toEqual({
      accountId: '100100005',
      currentBalance: '0.00',
      availableBalance: '0.00',
    });
    expect(errorsOf(balance, 'balance')).toEqual([]);
  });
});

describe('Temenos payee and direct debit mappers', () => {
  const beneficiaries = listOf<TemenosBeneficiary>('beneficiaries-100100.json');
  const payees = beneficiaries.map(toPayee);

  it('when a beneficiary holds an Australian account, then it is a domestic payee at its BSB', () => {
    expect(payees[0]).toEqual({
      payeeId: 'BEN2301AAAA',
      nickname: 'Rent',
      creationDate: '2023-01-20',
      type: 'DOMESTIC',
      payeeUType: 'domestic',
      domestic: {
        payeeAccountUType: 'account',
        account: { accountName: 'Harbour Realty', bsb: '082001', accountNumber: '556677889' },
      },
    });
    expect(payees[1]).toMatchObject({ nickname: 'John savings', type: 'DOMESTIC' });
  });

  it('when a beneficiary’s bank is abroad, then it is an international payee with ISO alpha-3 countries', () => {
    expect(payees[2]).toEqual({
      payeeId: 'BEN2106MUM',
      nickname: 'Mum UK',
      creationDate: '2021-06-10',
      type: 'INTERNATIONAL',
      payeeUType: 'international',
      international: {
        beneficiaryDetails: { name: 'Margaret Citizen', country: 'GBR' },
        bankDetails: {
          country: 'GBR',
          accountNumber: 'GB29NWBK60161331926819',
          beneficiaryBankBIC: 'NWBKGB2LXXX',
        },
      },
    });
  });

  it('when a beneficiary is a BPAY biller, then it is a biller payee with its reference number', () => {
    expect(payees[3]).toEqual({
      payeeId: 'BEN2203WATER',
      nickname: 'Water bill',
      type: 'BILLER',
      payeeUType: 'biller',
      biller: { billerCode: '75556', crn: '4471203001', billerName: 'Sydney Water' },
    });
  });

  it('when a beneficiary cannot be described (no BSB, no IBAN), then it is left out', () => {
    expect(payees[4]).toBeUndefined();
    for (const payee of payees.filter(Boolean)) expect(errorsOf(payee, 'payee')).toEqual([]);
  });

  it('when debtor mandates are mapped, then the creditor is the authorised entity and the last collection the last debit', () => {
    const mandates = listOf<TemenosDebtorMandate>('debtor-mandates-100100.json');
    const debits = mandates.map((m) => toDirectDebit(m, new Set(['100100001', '100100002'])));
    expect(debits).toEqual([
      {
        accountId: '100100001',
        authorisedEntity: { description: 'Sydney Energy' },
        lastDebitDateTime: '2025-01-15T00:00:00Z',
      },
      {
        accountId: '100100002',
        authorisedEntity: { description: 'Fit Gym Pty Ltd' },
        lastDebitDateTime: '2025-01-03T00:00:00Z',
      },
      undefined,
      undefined,
    ]);
    for (const d of debits.filter(Boolean)) expect(errorsOf(d, 'direct-debit')).toEqual([]);
  });
});

describe('Temenos customer mappers', () => {
  it('when a person is mapped, then names, numbers (E.164), emails and addresses come from its record', () => {
    const detail = toCustomerDetail(recordOf<TemenosCustomer>('customer-100100.json'), '61');
    expect(detail).toEqual({
      customerUType: 'person',
      person: {
        lastUpdateTime: '2024-06-30T00:00:00Z',
        firstName: 'Jane',
        lastName: 'Citizen',
        middleNames: [],
        prefix: 'Ms',
        phoneNumbers: [
          { isPreferred: true, purpose: 'MOBILE', number: '491570110', fullNumber: '+61491570110' },
          { isPreferred: false, purpose: 'HOME', number: '298765432', fullNumber: '+61298765432' },
        ],
        emailAddresses: [
          { isPreferred: true, purpose: 'UNSPECIFIED', address: 'jane.citizen@example.com' },
        ],
        physicalAddresses: [
          {
            addressUType: 'simple',
            simple: {
              addressLine1: '1 George Street',
              addressLine2: 'Unit 5',
              city: 'Sydney',
              state: 'NSW',
              postcode: '2000',
              country: 'AUS',
            },
            purpose: 'PHYSICAL',
          },
          {
            addressUType: 'simple',
            simple: { addressLine1: 'PO Box 77', city: 'Darwin', state: 'NT', country: 'AUS' },
            purpose: 'OTHER',
          },
        ],
      },
    });
    expect(errorsOf(detail, 'customer-detail')).toEqual([]);
  });

  it('when an organisation is mapped, then it is a person whose last name is its name, without a first name', () => {
    const detail = toCustomerDetail(recordOf<TemenosCustomer>('customer-300300.json'), '61');
    expect(detail.person).toMatchObject({
      lastName: 'Harbour Bakery Pty Ltd',
      phoneNumbers: [
        { purpose: 'HOME', fullNumber: '+61295550100' },
        { purpose: 'WORK', fullNumber: '+61295550199' },
      ],
      emailAddresses: [],
    });
    expect(detail.person.firstName).toBeUndefined();
    expect(errorsOf(detail, 'customer-detail')).toEqual([]);
  });

  /** The bakery as a Transact that keeps a company's name as its family name records it. */
  const bakery: TemenosCustomer = {
    displayNames: [{ displayName: 'Wattle Creek Bakery Pty Ltd' }],
    lastName: 'Wattle Creek Bakery Pty Ltd',
    title: 'MR',
    sectorId: 2001,
    legalDetails: [{ legalId: '51824753556', legalDocumentName: 'ABN' }],
    communicationDevices: [{ email: 'accounts@wattlecreekbakery.example.com' }],
    contactDate: '2022-05-09',
  };

  it('when a company carries its name as family name (sector 2001, an ABN, no given name or birth date), then it is an organisation everywhere', () => {
    expect(isOrganisation(bakery)).toBe(true);
    const detail = toCustomerDetail(bakery, '61');
    expect(detail.person).toMatchObject({ lastName: 'Wattle Creek Bakery Pty Ltd' });
    expect(detail.person.firstName).toBeUndefined();
    expect(detail.person.prefix).toBeUndefined();
    expect(errorsOf(detail, 'customer-detail')).toEqual([]);
    const identity = toCustomerIdentity('100300', bakery, '61');
    expect(identity).toMatchObject({ name: 'Wattle Creek Bakery Pty Ltd' });
    expect(identity).not.toHaveProperty('givenName');
    expect(identity).not.toHaveProperty('familyName');
    const contact = toFdxContact([
      { detail, organisation: true, isCustomer: true, holds: true },
      {
        detail: toCustomerDetail({ givenName: 'Priya', lastName: 'Sharma' }, '61'),
        organisation: false,
        isCustomer: false,
        holds: false,
      },
    ]);
    expect(contact.holders).toEqual([
      {
        type: 'BUSINESS',
        businessCustomer: { name: 'Wattle Creek Bakery Pty Ltd' },
        relationship: 'SOLE_OWNER',
      },
      {
        type: 'CONSUMER',
        name: { first: 'Priya', last: 'Sharma' },
        relationship: 'AUTHORIZED_USER',
      },
    ]);
    expect(errorsOf(contact, 'fdx-account-contact')).toEqual([]);
  });

  it.each([
    ['a given name', { givenName: 'Sam' }],
    ['a date of birth', { dateOfBirth: '1980-01-31' }],
    ['a person’s sector and no business document', { sectorId: 1001, legalDetails: [] }],
  ])('when a customer with a family name has %s, then it is a person', (_what, fields) => {
    expect(isOrganisation({ lastName: 'Taylor', ...fields })).toBe(false);
  });

  it('when a post code was read as a number, then an Australian one gets its leading zero back', () => {
    const customer: TemenosCustomer = {
      lastName: 'Citizen',
      streets: [{ street: '1 Smith Street' }],
      addressCities: [{ addressCity: 'Darwin NT' }],
      postCode: 800,
    };
    expect(toCustomerDetail(customer, '61').person.physicalAddresses[0]?.simple?.postcode).toBe(
      '0800',
    );
  });

  it('when an address is in a country the ISO table does not know, then it is left out', () => {
    const customer: TemenosCustomer = {
      lastName: 'Citizen',
      streets: [{ street: '1 Rue Nulle' }],
      addressCities: [{ addressCity: 'Nowhere' }],
      countries: [{ country: 'Atlantis' }],
    };
    expect(toCustomerDetail(customer, '61').person.physicalAddresses).toEqual([]);
  });
});

describe('Temenos value rules', () => {
  it.each([
    ['000000001', 'xxxxx0001'],
    ['1234', 'xx34'],
    ['GB29 NWBK 6016', 'xxxx xxxx 6016'],
    ['7', 'x'],
    ['', 'xxxx'],
  ])('when %s is masked, then it is %s', (number, masked) => {
    expect(maskAccountNumber(number)).toBe(masked);
  });

  it('when a name carries an account number, then only its mask shows', () => {
    expect(withoutNumbers('Savings 100100001', ['100100001'])).toBe('Savings xxxxx0001');
  });

  it.each([
    ['0491 570 110', undefined, '+61491570110'],
    ['491570110', '61', '+61491570110'],
    ['+61 491 570 110', undefined, '+61491570110'],
    ['0061491570110', undefined, '+61491570110'],
    ['491570110', undefined, undefined],
    ['12', undefined, undefined],
  ])('when the number %s (prefix %s) is written in E.164, then it is %s', (raw, idd, e164) => {
    expect(e164Of(raw, '61', idd)).toBe(e164);
  });

  it.each([
    ['2025-01-15', '2025-01-15'],
    ['20250115', '2025-01-15'],
    ['2021-06-10-10:15', '2021-06-10'],
    ['2025-02-30', undefined],
    ['soon', undefined],
  ])('when the date %s is read, then it is %s', (text, iso) => {
    expect(toIsoDate(text)).toBe(iso);
  });

  it('when countries and BSBs are read, then alpha-2 codes become alpha-3 and BSBs digits', () => {
    expect(['AU', 'gb', 'FRA', 'Australia', 'XX', 'Atlantis'].map(alpha3Of)).toEqual([
      'AUS',
      'GBR',
      'FRA',
      'AUS',
      undefined,
      undefined,
    ]);
    expect(['012-345', '012345', '01234', undefined].map(bsbDigits)).toEqual([
      '012345',
      '012345',
      undefined,
      undefined,
    ]);
  });
});
