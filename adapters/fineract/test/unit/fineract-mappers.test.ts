/**
 * Fineract mappers on recorded Fineract payloads (adapters/fineract/fixtures): every fixture
 * validates against its Fineract OpenAPI component, every output against `contracts/`, and each
 * mapping rule (dates, exact money, percent rates, statuses, masking, unsupported data) has its own
 * test.
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { parseFineractJson } from '../..';
import {
  DEFAULT_PRODUCT_CATEGORIES,
  absAmount,
  accountIdOf,
  addAmounts,
  dayOfYear,
  isActiveStandingInstruction,
  loanOpenStatus,
  maskAccountNumber,
  parseAccountId,
  percentToFraction,
  periodDuration,
  productCategoryOf,
  savingsKindOf,
  savingsOpenStatus,
  toAmount,
  toCustomerDetail,
  hasIdentityDate,
  toCustomerIdentity,
  toCustomerSearchResult,
  e164Of,
  toInstalmentPlan,
  toIsoDate,
  toIsoDateTime,
  toLoanAccount,
  toLoanBalance,
  toLoanTransaction,
  toPayee,
  toSavingsFamilyAccount,
  toSavingsFamilyBalance,
  toSavingsTransaction,
  toScheduledPayment,
  toShareableAccount,
  withoutAccountNumber,
  type FineractAccountOptions,
  type FineractBeneficiary,
  type FineractClient,
  type FineractClientAccounts,
  type FineractLoan,
  type FineractLoanTransaction,
  type FineractLoanTransactionPage,
  type FineractSavingsAccount,
  type FineractSavingsTransaction,
  type FineractSavingsTransactionPage,
  type FineractStandingInstruction,
  type FineractStandingInstructionPage,
  type OwnAccountResolver,
} from '../../mappers';
import type { BankingAccountRecord, GatewayError } from '@data-holder-gateway/adapter-sdk';
import { contractErrorsOf } from '../../../../test/helpers/contracts';
import { fineractSchemaErrors } from '../../../../test/helpers/fineract-openapi';
import { referenceValidators } from '../../../../test/helpers/reference-schemas';

const FIXTURES = path.resolve(__dirname, '../../fixtures');

/** A fixture as the adapter reads it (lossless: unsafe numbers are decimal text). */
function fixture<T>(name: string): T {
  return parseFineractJson(fs.readFileSync(path.join(FIXTURES, name), 'utf8')) as T;
}

/** Fineract OpenAPI component of every fixture (`[]` suffix: an array of the component). */
const COMPONENTS: Record<string, string> = {
  'beneficiaries-tpt-client1.json': 'GetSelfBeneficiariesTPTResponse[]',
  'client-1.json': 'GetClientsClientIdResponse',
  'client-27.json': 'GetClientsClientIdResponse',
  'client-5-entity.json': 'GetClientsClientIdResponse',
  'client-accounts-1.json': 'GetClientsClientIdAccountsResponse',
  'client-addresses-1.json': 'AddressData[]',
  'client-accounts-27.json': 'GetClientsClientIdAccountsResponse',
  'client-accounts-empty.json': 'GetClientsClientIdAccountsResponse',
  'clients-by-external-id.json': 'GetClientsResponse',
  'clients-by-external-id-empty.json': 'GetClientsResponse',
  'fixed-deposit-13.json': 'GetFixedDepositAccountsAccountIdResponse',
  'fixed-deposit-31-matured.json': 'GetFixedDepositAccountsAccountIdResponse',
  'fixed-deposit-submitted.json': 'GetFixedDepositAccountsAccountIdResponse',
  'loan-1-no-schedule.json': 'GetLoansLoanIdResponse',
  'loan-21.json': 'GetLoansLoanIdResponse',
  'loan-22.json': 'GetLoansLoanIdResponse',
  'loan-23-closed.json': 'GetLoansLoanIdResponse',
  'loan-24-approved.json': 'GetLoansLoanIdResponse',
  'loan-25-written-off.json': 'GetLoansLoanIdResponse',
  'loan-26-overpaid.json': 'GetLoansLoanIdResponse',
  'loan-transaction-301-disbursement.json': 'GetLoansLoanIdTransactionsTransactionIdResponse',
  'loan-transactions-21.json': 'GetLoansLoanIdTransactionsResponse',
  'recurring-deposit-14.json': 'GetRecurringDepositAccountsAccountIdResponse',
  'savings-11.json': 'SavingsAccountData',
  'savings-12-overdraft.json': 'SavingsAccountData',
  'savings-15-closed.json': 'SavingsAccountData',
  'savings-18-precise.json': 'SavingsAccountData',
  'savings-19-tenths.json': 'SavingsAccountData',
  'savings-submitted.json': 'SavingsAccountData',
  // A transaction read alone (`.../transactions/{id}`): Fineract's same record as the search's.
  'savings-transaction-118.json': 'GetSavingsAccountTransactionsPageItem',
  'savings-transaction-121-transfer.json': 'GetSavingsAccountTransactionsPageItem',
  'savings-transaction-reversed.json': 'GetSavingsAccountTransactionsPageItem',
  'savings-transactions-11.json': 'SavingsAccountTransactionsSearchResponse',
  'savings-transactions-empty.json': 'SavingsAccountTransactionsSearchResponse',
  'standing-instruction-deleted.json': 'GetPageItemsStandingInstructionSwagger',
  'standing-instructions-1.json': 'GetStandingInstructionsResponse',
};

const holder = { customerId: '1', email: 'alex.citizen@example.com' };
const options = (kind: 'sav' | 'fd' | 'rd' | 'loan', bsb?: string): FineractAccountOptions => ({
  holder,
  productCategory: DEFAULT_PRODUCT_CATEGORIES[kind],
  ...(bsb !== undefined ? { bsb } : {}),
});

function expectContract(name: string, value: unknown): void {
  expect(contractErrorsOf(name, value)).toEqual([]);
}

function savingsRecord(name: string, kind: 'sav' | 'fd' | 'rd' = 'sav'): BankingAccountRecord {
  const record = toSavingsFamilyAccount(kind, fixture<FineractSavingsAccount>(name), options(kind));
  if (!record) throw new Error(`${name} is not listed`);
  return record;
}

describe('Fineract fixtures', () => {
  it('when the fixture folder is read, then every file has a Fineract component to validate against', () => {
    const files = fs.readdirSync(FIXTURES).filter((f) => f.endsWith('.json'));
    expect(files.sort()).toEqual(Object.keys(COMPONENTS).sort());
  });

  it.each(Object.entries(COMPONENTS))(
    'when %s is validated against %s, then it conforms to the Fineract OpenAPI document',
    (file, component) => {
      const payload = JSON.parse(fs.readFileSync(path.join(FIXTURES, file), 'utf8')) as unknown;
      const array = component.endsWith('[]');
      expect(fineractSchemaErrors(component.replace(/\[\]$/, ''), payload, { array })).toEqual([]);
    },
  );

  it('when a fixture carries an amount that a double cannot hold, then the lossless parse keeps its text', () => {
    const account = fixture<FineractSavingsAccount>('savings-18-precise.json');
    expect(account.summary?.accountBalance).toBe('12345678901234.567891');
    expect(account.summary?.availableBalance).toBe('1234567890123456789.12');
    expect(account.id).toBe(18);
  });
});

describe('Fineract value rules', () => {
  it('when dates arrive as Jackson arrays or strings, then both become the same ISO date', () => {
    expect(toIsoDate([2013, 1, 1])).toBe('2013-01-01');
    expect(toIsoDate('2013-01-01')).toBe('2013-01-01');
    expect(toIsoDate([2024, 2, 29])).toBe('2024-02-29');
    expect(toIsoDate('2024-06-30T10:11:12')).toBe('2024-06-30');
    expect(toIsoDateTime([2024, 6, 30])).toBe('2024-06-30T00:00:00Z');
    expect(toIsoDateTime('2024-06-30')).toBe('2024-06-30T00:00:00Z');
  });

  it('when a date is not a calendar date, then it is undefined rather than guessed', () => {
    expect(toIsoDate([2023, 2, 29])).toBeUndefined();
    expect(toIsoDate([2024, 13, 1])).toBeUndefined();
    expect(toIsoDate([2024, 1])).toBeUndefined();
    expect(toIsoDate('01/02/2024')).toBeUndefined();
    expect(toIsoDate(undefined)).toBeUndefined();
  });

  it('when amounts are formatted, then they are exact decimal text with at least two fraction digits', () => {
    expect(toAmount(1828.03)).toBe('1828.03');
    expect(toAmount(0)).toBe('0.00');
    expect(toAmount(-120.5)).toBe('-120.50');
    expect(toAmount('12345678901234.567891')).toBe('12345678901234.567891');
    expect(toAmount('1234567890123456789.12')).toBe('1234567890123456789.12');
    expect(toAmount('22000.0')).toBe('22000.00');
    expect(toAmount('1E+7')).toBe('10000000.00');
    expect(toAmount('2.5e-3')).toBe('0.0025');
    expect(toAmount('not a number')).toBeUndefined();
    expect(toAmount(undefined)).toBeUndefined();
  });

  it('when 0.1 and 0.2 are added, then the sum is exactly 0.30 (no floating-point rounding)', () => {
    expect(addAmounts(0.1, 0.2)).toBe('0.30');
    expect(addAmounts('1234567890123456789.12', '0.01')).toBe('1234567890123456789.13');
    expect(addAmounts('-120.50', 1000)).toBe('879.50');
    expect(absAmount('-0.00')).toBe('0.00');
  });

  it('when percent rates are converted, then the decimal point moves two places on the text', () => {
    expect(percentToFraction('5')).toBe('0.05');
    expect(percentToFraction(24)).toBe('0.24');
    expect(percentToFraction('2.125')).toBe('0.02125');
    expect(percentToFraction('3.0500')).toBe('0.0305');
    expect(percentToFraction(0)).toBe('0');
    expect(percentToFraction('14.99')).toBe('0.1499');
    expect(percentToFraction(undefined)).toBeUndefined();
    // Division would round: 1.1 / 100 is 0.011000000000000001 in floating point.
    expect(percentToFraction(1.1)).toBe('0.011');
    expect(Number(percentToFraction(1.1))).toBe(0.011);
  });

  it('when any decimal text is given, then the amount equals it exactly and percent/100 is exact', () => {
    const decimalText = fc
      .tuple(
        fc.boolean(),
        fc.stringMatching(/^(0|[1-9][0-9]{0,24})$/),
        fc.stringMatching(/^[0-9]{0,12}$/),
      )
      .map(
        ([negative, whole, fraction]) =>
          `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`,
      );
    const normal = (text: string): string => {
      const negative = text.startsWith('-');
      const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
      const w = whole.replace(/^0+(?=\d)/, '');
      const f = fraction.replace(/0+$/, '');
      const zero = /^0*$/.test(w) && f === '';
      return `${negative && !zero ? '-' : ''}${w}${f ? `.${f}` : ''}`;
    };
    fc.assert(
      fc.property(decimalText, (text) => {
        const amount = toAmount(text)!;
        expect(normal(amount)).toBe(normal(text));
        expect(amount).toMatch(/^-?[0-9]+\.[0-9]{2,}$/);
        // percent → fraction, then back by shifting the point two places right: the same number.
        const fraction = percentToFraction(text)!;
        const negative = fraction.startsWith('-');
        const [whole, frac = ''] = fraction.replace('-', '').split('.');
        const digits = `${whole}${frac.padEnd(2, '0')}`;
        const back = `${negative ? '-' : ''}${digits.slice(0, digits.length - Math.max(frac.length - 2, 0))}.${digits.slice(digits.length - Math.max(frac.length - 2, 0))}`;
        expect(normal(back.replace(/\.$/, ''))).toBe(normal(text));
      }),
    );
  });

  it('when amounts are added, then the sum matches BigInt arithmetic on the units', () => {
    const cents = fc.bigInt({ min: -(10n ** 22n), max: 10n ** 22n });
    const text = (units: bigint): string => {
      const negative = units < 0n;
      const digits = (negative ? -units : units).toString().padStart(3, '0');
      return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
    };
    fc.assert(
      fc.property(cents, cents, (a, b) => {
        expect(addAmounts(text(a), text(b))).toBe(text(a + b));
      }),
    );
  });

  it('when savings statuses are mapped, then never-opened accounts are not listed and closed ones are CLOSED', () => {
    expect(savingsOpenStatus({ id: 100, submittedAndPendingApproval: true })).toBeNull();
    expect(savingsOpenStatus({ id: 200, approved: true })).toBeNull();
    expect(savingsOpenStatus({ id: 400, withdrawnByApplicant: true, closed: true })).toBeNull();
    expect(savingsOpenStatus({ id: 500, rejected: true, closed: true })).toBeNull();
    expect(savingsOpenStatus({ id: 300, active: true })).toBe('OPEN');
    expect(savingsOpenStatus({ id: 303, transferInProgress: true })).toBe('OPEN');
    expect(savingsOpenStatus({ id: 600, closed: true })).toBe('CLOSED');
    expect(savingsOpenStatus({ id: 700, prematureClosed: true })).toBe('CLOSED');
    expect(savingsOpenStatus({ id: 800, matured: true })).toBe('CLOSED');
    expect(savingsOpenStatus({ id: 999, code: 'savingsAccountStatusType.invalid' })).toBeNull();
    expect(savingsOpenStatus(undefined)).toBeNull();
  });

  it('when loan statuses are mapped, then undisbursed loans are not listed and settled ones are CLOSED', () => {
    expect(loanOpenStatus({ id: 100, pendingApproval: true })).toBeNull();
    expect(loanOpenStatus({ id: 200, waitingForDisbursal: true })).toBeNull();
    expect(loanOpenStatus({ id: 400, code: 'loanStatusType.withdrawn.by.client' })).toBeNull();
    expect(loanOpenStatus({ id: 500, code: 'loanStatusType.rejected', closed: true })).toBeNull();
    expect(loanOpenStatus({ id: 300, active: true })).toBe('OPEN');
    expect(loanOpenStatus({ id: 700, overpaid: true })).toBe('OPEN');
    expect(loanOpenStatus({ id: 600, closedObligationsMet: true })).toBe('CLOSED');
    expect(loanOpenStatus({ id: 601, closedWrittenOff: true })).toBe('CLOSED');
    expect(loanOpenStatus({ id: 602, closedRescheduled: true })).toBe('CLOSED');
  });

  it('when account numbers are masked, then at most the last four characters and never the whole number show', () => {
    expect(maskAccountNumber('000000001')).toBe('xxxxx0001');
    expect(maskAccountNumber('FD000023')).toBe('xxxx0023');
    expect(maskAccountNumber('1234')).toBe('xx34');
    expect(maskAccountNumber('7')).toBe('x');
    expect(maskAccountNumber('12-345-678')).toBe('xx-xx5-678');
    expect(maskAccountNumber(undefined)).toBe('xxxx');
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Z]{1,30}$/), (accountNo) => {
        const masked = maskAccountNumber(accountNo);
        expect(masked).not.toContain(accountNo);
        expect(masked.length).toBe(accountNo.length);
        expect(masked.replace(/^x+/, '').length).toBeLessThanOrEqual(4);
        if (accountNo.length >= 2) {
          expect(withoutAccountNumber(`Saver ${accountNo}`, accountNo)).not.toContain(accountNo);
        }
      }),
    );
  });

  it('when durations and ids are derived, then they follow ISO 8601 and the gateway id scheme', () => {
    expect(periodDuration(1, { id: 2 })).toBe('P1M');
    expect(periodDuration(2, { code: 'recurrenceperiodFrequencyType.weeks' })).toBe('P2W');
    expect(periodDuration(0, { id: 2 })).toBeUndefined();
    expect(periodDuration(1, { id: 9 })).toBeUndefined();
    expect(dayOfYear(3, 10)).toBe(69);
    expect(accountIdOf('fd', 13)).toBe('fd-13');
    expect(parseAccountId('loan-21')).toEqual({ kind: 'loan', id: '21' });
    expect(parseAccountId('sav-0')).toBeUndefined();
    expect(parseAccountId('acct-1')).toBeUndefined();
    expect(savingsKindOf({ id: 300 })).toBe('rd');
    expect(savingsKindOf({ id: 999, code: 'depositAccountType.unknown' })).toBeUndefined();
    expect(productCategoryOf('loan', 6, { 'loan:6': 'BUSINESS_LOANS' })).toBe('BUSINESS_LOANS');
    expect(productCategoryOf('loan', 5, { 'loan:6': 'BUSINESS_LOANS' })).toBe('PERS_LOANS');
    expect(productCategoryOf('rd', 4, {})).toBe('TERM_DEPOSITS');
  });
});

describe('Fineract client → customer detail', () => {
  it('when a person client is mapped, then names, mobile and email are served and the contract holds', () => {
    const detail = toCustomerDetail(fixture<FineractClient>('client-1.json'));
    expectContract('customer-detail', detail);
    expect(detail).toEqual({
      customerUType: 'person',
      person: {
        firstName: 'Alex',
        lastName: 'Citizen',
        middleNames: ['Jordan'],
        phoneNumbers: [
          {
            isPreferred: true,
            purpose: 'MOBILE',
            number: '0491 570 006',
            fullNumber: '0491570006',
          },
        ],
        emailAddresses: [
          { isPreferred: true, purpose: 'UNSPECIFIED', address: 'alex.citizen@example.com' },
        ],
        physicalAddresses: [],
      },
    });
  });

  it('when the recorded reference client and an entity client are mapped, then both satisfy the contract', () => {
    const reference = toCustomerDetail(fixture<FineractClient>('client-27.json'));
    expectContract('customer-detail', reference);
    expect(reference.person.lastName).toBe('test');
    const entity = toCustomerDetail(fixture<FineractClient>('client-5-entity.json'));
    expectContract('customer-detail', entity);
    expect(entity.person).toEqual({
      lastName: 'Example Holdings Pty Ltd',
      middleNames: [],
      phoneNumbers: [],
      emailAddresses: [],
      physicalAddresses: [],
    });
  });
});

describe('Fineract client → customer identity and search result', () => {
  const entity = (): FineractClient => ({
    ...fixture<FineractClient>('client-5-entity.json'),
    emailAddress: 'accounts@example-holdings.example',
    mobileNo: '(02) 5550 1234',
  });

  it('when a person client is mapped, then the claims come from its fields and the contract holds', () => {
    const identity = toCustomerIdentity('c-1', fixture<FineractClient>('client-1.json'), '61');
    expectContract('customer-identity', identity);
    expect(identity).toEqual({
      id: 'c-1',
      email: 'alex.citizen@example.com',
      emailVerified: false,
      givenName: 'Alex',
      familyName: 'Citizen',
      name: 'Alex Jordan Citizen',
      phoneNumber: '+61491570006',
      phoneNumberVerified: false,
      // The latest lifecycle date: activated on 2021-02-01, after submission on 2021-01-20.
      updatedAt: '2021-02-01T00:00:00Z',
    });
  });

  it('when an entity client is mapped, then it has a name but no given or family name', () => {
    const identity = toCustomerIdentity('c-5', entity(), '61');
    expectContract('customer-identity', identity);
    expect(identity).toEqual({
      id: 'c-5',
      email: 'accounts@example-holdings.example',
      emailVerified: false,
      name: 'Example Holdings Pty Ltd',
      phoneNumber: '+61255501234',
      phoneNumberVerified: false,
      updatedAt: '2022-03-04T00:00:00Z',
    });
  });

  it('when a client has no email address or no lifecycle date, then no identity is made up: 422, the gap in the cause', () => {
    const refusal = (client: FineractClient) => {
      try {
        toCustomerIdentity('c-5', client, '61');
      } catch (err) {
        const e = err as GatewayError;
        return { code: e.code, status: e.status, message: e.message, cause: String(e.cause) };
      }
      return undefined;
    };
    expect(refusal(fixture('client-5-entity.json'))).toEqual({
      code: 'GW_ERR_RES_CUSTOMER_NOT_IDENTIFIABLE',
      status: 422,
      message: 'Customer cannot be identified',
      cause: 'Error: Fineract client has no email address: no identity',
    });
    const undated = { ...entity(), activationDate: undefined, timeline: {} };
    expect(refusal(undated)).toEqual({
      code: 'GW_ERR_RES_CUSTOMER_NOT_IDENTIFIABLE',
      status: 422,
      message: 'Customer cannot be identified',
      cause: 'Error: Fineract client has no lifecycle date: no identity',
    });
    expect(hasIdentityDate(undated)).toBe(false);
    expect(hasIdentityDate(entity())).toBe(true);
  });

  it('when a client has a closing date later than its activation, then updatedAt is the closing date', () => {
    const closed = {
      ...fixture<FineractClient>('client-1.json'),
      timeline: { submittedOnDate: [2021, 1, 20], closedOnDate: '2024-12-31' },
    };
    expect(toCustomerIdentity('c-1', closed, '61').updatedAt).toBe('2024-12-31T00:00:00Z');
  });

  it('when a client has no mobile number, then neither phoneNumber nor phoneNumberVerified is given', () => {
    const identity = toCustomerIdentity('c-5', { ...entity(), mobileNo: '  ' }, '61');
    expect(identity).not.toHaveProperty('phoneNumber');
    expect(identity).not.toHaveProperty('phoneNumberVerified');
  });

  it.each([
    ['+61 412 345 678', '61', '+61412345678'],
    ['0491 570 110', '61', '+61491570110'],
    ['(02) 5550-1234', '61', '+61255501234'],
    ['020 7946 0000', '44', '+442079460000'],
    ['0064 21 123 4567', '61', '+64211234567'],
    ['491570110', '61', undefined],
    ['0491', '61', undefined],
    ['+0 491 570 110', '61', undefined],
    ['call me', '61', undefined],
    ['', '61', undefined],
    [undefined, '61', undefined],
  ])('when mobile number %p (country %s) is written in E.164, then it is %p', (raw, cc, out) => {
    expect(e164Of(raw, cc)).toBe(out);
  });

  it('when a search result is made, then it carries the customer id, the name and the given mobile in E.164', () => {
    const result = toCustomerSearchResult('c-5', entity(), '0491 570 006', '61');
    expectContract('customer-search-result', result);
    expect(result).toEqual({
      id: 'c-5',
      name: 'Example Holdings Pty Ltd',
      phoneNumber: '+61491570006',
    });
    expect(toCustomerSearchResult('c-5', entity(), undefined, '61')).toEqual({
      id: 'c-5',
      name: 'Example Holdings Pty Ltd',
    });
    const nameless = { id: 9, firstname: ' Sam ', lastname: 'Lee' } as FineractClient;
    expect(toCustomerSearchResult('9', nameless, undefined, '61').name).toBe('Sam Lee');
  });
});

describe('Fineract accounts → banking accounts and balances', () => {
  it('when an active savings account is mapped, then it is an open, masked, rated savings account', () => {
    const record = savingsRecord('savings-11.json');
    expectContract('banking-account-list-item-v4', record);
    expect(record).toEqual({
      accountId: 'sav-11',
      creationDate: '2021-02-02',
      displayName: 'Everyday Saver',
      openStatus: 'OPEN',
      isOwned: true,
      accountOwnership: 'ONE_PARTY',
      maskedNumber: 'xxxxx0011',
      productCategory: 'TRANS_AND_SAVINGS_ACCOUNTS',
      productName: 'Everyday Saver',
      complexAccountType: 'INDIVIDUAL',
      users: [{ id: '1', email: 'alex.citizen@example.com', isAccountHolder: true }],
      accountNumber: '000000011',
      depositRate: 0.02125,
      depositRates: [
        {
          depositRateType: 'VARIABLE',
          rate: 0.02125,
          applicationType: 'PERIODIC',
          calculationFrequency: 'P1D',
          applicationFrequency: 'P1M',
        },
      ],
    });
  });

  it('when a BSB is configured, then it is served as digits', () => {
    const record = toSavingsFamilyAccount(
      'sav',
      fixture<FineractSavingsAccount>('savings-11.json'),
      options('sav', '062-000'),
    );
    expect(record?.bsb).toBe('062000');
  });

  it('when an overdraft account is mapped, then the overdraft is a feature and available includes the limit', () => {
    const account = fixture<FineractSavingsAccount>('savings-12-overdraft.json');
    const record = savingsRecord('savings-12-overdraft.json');
    expectContract('banking-account-list-item-v4', record);
    expect(record.features).toEqual([
      {
        featureType: 'OVERDRAFT',
        isActivated: 'ACTIVATED',
        additionalInfo: 'Overdraft limit 1000.00',
      },
    ]);
    const balance = toSavingsFamilyBalance('sav-12', 'sav', account);
    expectContract('balance', balance);
    expect(balance).toEqual({
      accountId: 'sav-12',
      currentBalance: '-120.50',
      availableBalance: '879.50',
    });
  });

  it('when a balance holds 0.1 plus an overdraft of 0.2, then available is exactly 0.30', () => {
    const balance = toSavingsFamilyBalance(
      'sav-19',
      'sav',
      fixture<FineractSavingsAccount>('savings-19-tenths.json'),
    );
    expect(balance).toEqual({
      accountId: 'sav-19',
      currentBalance: '0.10',
      availableBalance: '0.30',
    });
  });

  it('when balances exceed double precision, then they are served digit for digit', () => {
    const account = fixture<FineractSavingsAccount>('savings-18-precise.json');
    const balance = toSavingsFamilyBalance('sav-18', 'sav', account);
    expectContract('balance', balance);
    expect(balance).toEqual({
      accountId: 'sav-18',
      currentBalance: '12345678901234.567891',
      availableBalance: '1234567890123456789.12',
    });
  });

  it('when a dormant account with string dates and a product name holding its number is mapped, then it is open and the number is masked', () => {
    const record = savingsRecord('savings-18-precise.json');
    expectContract('banking-account-list-item-v4', record);
    expect(record.openStatus).toBe('OPEN');
    expect(record.creationDate).toBe('2020-01-15');
    expect(record.displayName).toBe('Everyday Saver xxxxx0018');
    expect(record.displayName).not.toContain('000000018');
    expect(record.maskedNumber).not.toContain('000000018');
    expect(record.depositRate).toBe(0.0305);
  });

  it('when closed and never-opened savings accounts are mapped, then closed is CLOSED and the others are not listed', () => {
    const closed = savingsRecord('savings-15-closed.json');
    expectContract('banking-account-list-item-v4', closed);
    expect(closed.openStatus).toBe('CLOSED');
    const submitted = fixture<FineractSavingsAccount>('savings-submitted.json');
    expect(toSavingsFamilyAccount('sav', submitted, options('sav'))).toBeNull();
    const fdSubmitted = fixture<FineractSavingsAccount>('fixed-deposit-submitted.json');
    expect(toSavingsFamilyAccount('fd', fdSubmitted, options('fd'))).toBeNull();
  });

  it('when a fixed deposit is mapped, then it is a term deposit with its maturity details', () => {
    const record = savingsRecord('fixed-deposit-13.json', 'fd');
    expectContract('banking-account-list-item-v4', record);
    expect(record).toMatchObject({
      accountId: 'fd-13',
      maskedNumber: 'xxxx0013',
      productCategory: 'TERM_DEPOSITS',
      specificAccountUType: 'termDeposit',
      termDeposit: [
        {
          lodgementDate: '2024-07-01',
          maturityDate: '2025-07-01',
          maturityAmount: '10450.12',
          maturityCurrency: 'AUD',
          maturityInstructions: 'ROLLED_OVER',
        },
      ],
      depositRate: 0.045,
    });
    expect(record.depositRates?.[0]).toMatchObject({
      depositRateType: 'FIXED',
      calculationFrequency: 'P1M',
      applicationFrequency: 'P3M',
    });
    expect(record).not.toHaveProperty('accountNumber');
    const balance = toSavingsFamilyBalance(
      'fd-13',
      'fd',
      fixture<FineractSavingsAccount>('fixed-deposit-13.json'),
    );
    expect(balance).toEqual({
      accountId: 'fd-13',
      currentBalance: '10000.00',
      availableBalance: '0.00',
    });
  });

  it('when a matured fixed deposit is mapped, then it is CLOSED and was paid out', () => {
    const record = savingsRecord('fixed-deposit-31-matured.json', 'fd');
    expectContract('banking-account-list-item-v4', record);
    expect(record.openStatus).toBe('CLOSED');
    expect(record.termDeposit?.[0]?.maturityInstructions).toBe('PAID_OUT_AT_MATURITY');
  });

  it('when a recurring deposit is mapped, then it is a term deposit held on maturity', () => {
    const record = savingsRecord('recurring-deposit-14.json', 'rd');
    expectContract('banking-account-list-item-v4', record);
    expect(record).toMatchObject({
      accountId: 'rd-14',
      openStatus: 'OPEN',
      productCategory: 'TERM_DEPOSITS',
      termDeposit: [
        {
          lodgementDate: '2024-01-15',
          maturityDate: '2026-01-15',
          maturityAmount: '6312.50',
          maturityCurrency: 'AUD',
          maturityInstructions: 'HOLD_ON_MATURITY',
        },
      ],
      depositRate: 0.05,
    });
  });

  it('when an active loan is mapped, then it carries its loan details, lending rate and owed balance', () => {
    const loan = fixture<FineractLoan>('loan-21.json');
    const record = toLoanAccount(loan, options('loan'));
    expectContract('banking-account-list-item-v4', record);
    expect(record).toMatchObject({
      accountId: 'loan-21',
      creationDate: '2024-03-01',
      openStatus: 'OPEN',
      maskedNumber: 'xxxxx0021',
      productCategory: 'PERS_LOANS',
      productName: 'Personal Loan',
      specificAccountUType: 'loan',
      loan: {
        repaymentType: 'PRINCIPAL_AND_INTEREST',
        originalStartDate: '2024-03-01',
        originalLoanAmount: '6000.00',
        originalLoanCurrency: 'AUD',
        loanEndDate: '2024-09-01',
        nextInstalmentDate: '2024-06-01',
        minInstalmentAmount: '1060.00',
        minInstalmentCurrency: 'AUD',
        repaymentFrequency: 'P1M',
      },
      lendingRates: [
        {
          lendingRateType: 'FIXED',
          rate: 0.12,
          applicationType: 'PERIODIC',
          applicationFrequency: 'P1M',
          repaymentType: 'PRINCIPAL_AND_INTEREST',
          loanPurpose: 'UNCONSTRAINED',
        },
      ],
    });
    const balance = toLoanBalance('loan-21', loan);
    expectContract('balance', balance);
    expect(balance).toEqual({
      accountId: 'loan-21',
      currentBalance: '-4240.00',
      availableBalance: '0.00',
    });
  });

  it('when a floating-rate loan is mapped, then its rate is VARIABLE and exact', () => {
    const record = toLoanAccount(fixture<FineractLoan>('loan-22.json'), options('loan'));
    expectContract('banking-account-list-item-v4', record);
    expect(record?.lendingRates?.[0]).toMatchObject({ lendingRateType: 'VARIABLE', rate: 0.1499 });
  });

  it('when closed, written-off, overpaid and approved loans are mapped, then statuses follow the rules', () => {
    const closed = toLoanAccount(fixture<FineractLoan>('loan-23-closed.json'), options('loan'));
    expectContract('banking-account-list-item-v4', closed);
    expect(closed?.openStatus).toBe('CLOSED');
    expect(closed?.loan).not.toHaveProperty('nextInstalmentDate');
    expect(toLoanBalance('loan-23', fixture<FineractLoan>('loan-23-closed.json'))).toEqual({
      accountId: 'loan-23',
      currentBalance: '0.00',
      availableBalance: '0.00',
    });
    const written = toLoanAccount(
      fixture<FineractLoan>('loan-25-written-off.json'),
      options('loan'),
    );
    expect(written?.openStatus).toBe('CLOSED');
    const overpaid = toLoanAccount(fixture<FineractLoan>('loan-26-overpaid.json'), options('loan'));
    expect(overpaid?.openStatus).toBe('OPEN');
    expect(
      toLoanAccount(fixture<FineractLoan>('loan-24-approved.json'), options('loan')),
    ).toBeNull();
  });

  it('when the recorded reference loan (no schedule) is mapped, then the contract holds', () => {
    const record = toLoanAccount(fixture<FineractLoan>('loan-1-no-schedule.json'), options('loan'));
    expectContract('banking-account-list-item-v4', record);
    expect(record?.loan).not.toHaveProperty('nextInstalmentDate');
    expect(record?.lendingRates?.[0]?.rate).toBe(0.24);
    expect(
      toLoanBalance('loan-1', fixture<FineractLoan>('loan-1-no-schedule.json')).currentBalance,
    ).toBe('-1258000.00');
  });

  it('when the client account lists are mapped, then only opened accounts become authorisation items', () => {
    const accounts = fixture<FineractClientAccounts>('client-accounts-1.json');
    const items = [
      ...(accounts.savingsAccounts ?? []).map((a) =>
        toShareableAccount(savingsKindOf(a.depositType)!, a, holder),
      ),
      ...(accounts.loanAccounts ?? []).map((a) => toShareableAccount('loan', a, holder)),
    ].filter((a) => a !== null);
    expect(items.map((a) => [a.accountId, a.openStatus])).toEqual([
      ['sav-11', 'OPEN'],
      ['sav-12', 'OPEN'],
      ['fd-13', 'OPEN'],
      ['rd-14', 'OPEN'],
      ['sav-15', 'CLOSED'],
      ['loan-21', 'OPEN'],
      ['loan-22', 'OPEN'],
      ['loan-23', 'CLOSED'],
    ]);
    for (const a of items) {
      expectContract('shareable-account', {
        accountId: a.accountId,
        displayName: a.displayName,
        openStatus: a.openStatus,
        extensions: { cdr: { complexAccountType: a.complexAccountType, users: a.users } },
      });
    }
    const reference = fixture<FineractClientAccounts>('client-accounts-27.json');
    const referenceItems = (reference.savingsAccounts ?? []).flatMap((a) => {
      const item = toShareableAccount('sav', a, { customerId: '27' });
      return item ? [item] : [];
    });
    // Submitted (7) and withdrawn (5) are never listed; only the active account 6 is.
    expect(referenceItems).toEqual([
      {
        accountId: 'sav-6',
        displayName: 'Passbook Savings',
        openStatus: 'OPEN',
        complexAccountType: 'INDIVIDUAL',
        users: [],
      },
    ]);
  });
});

describe('Fineract loan schedule → instalment plan', () => {
  it('when a loan with a repayment schedule is mapped, then the periods become the plan schedule', () => {
    const plan = toInstalmentPlan('loan-21', fixture<FineractLoan>('loan-21.json'));
    expectContract('instalment-plan', plan);
    expect(plan).toMatchObject({
      accountId: 'loan-21',
      planId: '21',
      planNickname: 'Personal Loan',
      creationDate: '2024-03-01T00:00:00Z',
      amount: '6000.00',
      planCurrency: 'AUD',
      planCharge: '360.00',
      duration: 'P6M',
      instalmentInterval: 'P1M',
    });
    expect(plan?.schedule).toHaveLength(6);
    expect(plan?.schedule[0]).toEqual({
      amountDue: '1060.00',
      dueDate: '2024-04-01T00:00:00Z',
      isPaid: true,
    });
    expect(plan?.schedule.map((s) => s.isPaid)).toEqual([true, true, false, false, false, false]);
  });

  it('when a loan has no schedule or no dates, then there is an empty schedule or no plan', () => {
    const plan = toInstalmentPlan('loan-1', fixture<FineractLoan>('loan-1-no-schedule.json'));
    expectContract('instalment-plan', plan);
    expect(plan?.schedule).toEqual([]);
    expect(toInstalmentPlan('loan-9', { id: 9 })).toBeNull();
  });
});

describe('Fineract standing instructions → scheduled payments', () => {
  const page = fixture<FineractStandingInstructionPage>('standing-instructions-1.json');
  const own: OwnAccountResolver = (type, id) =>
    type === 'loan'
      ? ['21', '22'].includes(id)
        ? `loan-${id}`
        : undefined
      : ['11', '12'].includes(id)
        ? `sav-${id}`
        : undefined;
  const payments = (bsb?: string) =>
    (page.pageItems ?? []).flatMap((i) => {
      const payment = toScheduledPayment(i, { ownAccount: own, ...(bsb ? { bsb } : {}) });
      return payment ? [payment] : [];
    });

  it('when instructions are mapped, then only active ones become scheduled payments, valid per contract', () => {
    const result = payments('062000');
    expect(result.map((p) => p.scheduledPaymentId)).toEqual(['1', '2', '3', '6']);
    for (const p of result) expectContract('scheduled-payment', p);
    expect(isActiveStandingInstruction(fixture('standing-instruction-deleted.json'))).toBe(false);
  });

  it('when the destination is the customer own account, then it is an accountId with a monthly recurrence', () => {
    expect(payments('062000')[0]).toEqual({
      scheduledPaymentId: '1',
      nickname: 'Savings sweep',
      payerReference: 'Savings sweep',
      status: 'ACTIVE',
      from: { accountId: 'sav-11' },
      paymentSet: [{ to: { toUType: 'accountId', accountId: 'sav-12' }, amount: '200.00' }],
      recurrence: {
        reccurenceUType: 'intervalSchedule',
        intervalSchedule: {
          finalPaymentDate: '2025-12-31',
          intervals: [{ interval: 'P1M', dayInInterval: 'P15D' }],
        },
      },
    });
  });

  it('when the destination is another client account, then it is a domestic account at the BSB', () => {
    expect(payments('062000')[1]).toMatchObject({
      from: { accountId: 'sav-12' },
      paymentSet: [
        {
          to: {
            toUType: 'domestic',
            domestic: {
              payeeAccountUType: 'account',
              account: { accountName: 'Pat Landlord', bsb: '062000', accountNumber: '000000041' },
            },
          },
          amount: '1450.50',
        },
      ],
      recurrence: {
        reccurenceUType: 'intervalSchedule',
        intervalSchedule: { intervals: [{ interval: 'P2W' }] },
      },
    });
  });

  it('when an instruction pays loan dues, then the amount is calculated and the recurrence is event based', () => {
    expect(payments('062000')[2]).toMatchObject({
      paymentSet: [
        { to: { toUType: 'accountId', accountId: 'loan-21' }, isAmountCalculated: true },
      ],
      recurrence: { reccurenceUType: 'eventBased' },
    });
    expect(payments('062000')[2]?.paymentSet[0]).not.toHaveProperty('amount');
    expect(payments('062000')[3]?.recurrence.intervalSchedule?.intervals).toEqual([
      { interval: 'P1Y', dayInInterval: 'P69D' },
    ]);
  });

  it('when no BSB is configured, then payments to other clients cannot be described and are left out', () => {
    expect(payments().map((p) => p.scheduledPaymentId)).toEqual(['1', '3']);
  });

  it('when the source is not the customer account, then the instruction is left out', () => {
    const foreign: FineractStandingInstruction = {
      ...(page.pageItems?.[0] ?? {}),
      fromAccount: { id: 99 },
    };
    expect(toScheduledPayment(foreign, { ownAccount: own, bsb: '062000' })).toBeNull();
  });
});

describe('Fineract beneficiaries → payees', () => {
  const beneficiaries = fixture<FineractBeneficiary[]>('beneficiaries-tpt-client1.json');

  it('when beneficiaries are mapped with a BSB, then each is a domestic account payee', () => {
    const payees = beneficiaries.map((b) => toPayee(b, '062000'));
    for (const p of payees) expectContract('payee', p);
    expect(payees[0]).toEqual({
      payeeId: '1',
      nickname: 'Landlord',
      type: 'DOMESTIC',
      payeeUType: 'domestic',
      domestic: {
        payeeAccountUType: 'account',
        account: { accountName: 'Pat Landlord', bsb: '062000', accountNumber: '000000041' },
      },
    });
    expect(payees[2]?.domestic?.account?.accountNumber).toBe('43');
  });

  it('when no BSB is configured, then beneficiaries cannot be domestic payees and are left out', () => {
    expect(beneficiaries.map((b) => toPayee(b, undefined))).toEqual([null, null, null]);
  });
});

describe('Fineract transactions → FDX transactions', () => {
  const savingsPage = fixture<FineractSavingsTransactionPage>('savings-transactions-11.json');
  const loanPage = fixture<FineractLoanTransactionPage>('loan-transactions-21.json');

  it('when a savings transaction page is mapped, then reversed ones are left out and the rest conform', () => {
    const records = (savingsPage.content ?? []).flatMap((t) => {
      const r = toSavingsTransaction(t);
      return r ? [r] : [];
    });
    for (const r of records) expectContract('fdx-transaction', r);
    expect(
      records.map((r) => [r.transactionId, r.transactionType, r.debitCreditMemo, r.status]),
    ).toEqual([
      ['120', 'INTEREST', 'CREDIT', 'POSTED'],
      ['119', 'WITHDRAWAL', 'DEBIT', 'POSTED'],
      ['118', 'DEPOSIT', 'CREDIT', 'POSTED'],
      ['116', 'FEE', 'DEBIT', 'POSTED'],
      ['115', 'ADJUSTMENT', 'DEBIT', 'MEMO'],
    ]);
    expect(records[2]).toEqual({
      accountCategory: 'DEPOSIT_ACCOUNT',
      transactionType: 'DEPOSIT',
      transactionId: '118',
      postedTimestamp: '2024-06-15T00:00:00Z',
      transactionTimestamp: '2024-06-15T00:00:00Z',
      description: 'Deposit (Bank Transfer)',
      debitCreditMemo: 'CREDIT',
      status: 'POSTED',
      amount: 1500,
    });
    expect(
      toSavingsTransaction(
        fixture<FineractSavingsTransaction>('savings-transaction-reversed.json'),
      ),
    ).toBeNull();
  });

  it('when a 19-digit amount is mapped, then the number is made once from the exact text', () => {
    const tx = savingsPage.content?.find((t) => t.id === 119);
    expect(tx?.amount).toBe('1234567890123456789.12');
    expect(toSavingsTransaction(tx!)?.amount).toBe(Number('1234567890123456789.12'));
    expect(toSavingsTransaction({ ...tx!, amount: '-0.3' })).toMatchObject({
      amount: 0.3,
      debitCreditMemo: 'CREDIT',
    });
  });

  it('when a loan transaction page is mapped, then accruals and reversals are left out and the rest are loan transactions', () => {
    const records = (loanPage.content ?? []).flatMap((t) => {
      const r = toLoanTransaction(t);
      return r ? [r] : [];
    });
    for (const r of records) expectContract('fdx-transaction', r);
    expect(
      records.map((r) => [
        r.transactionId,
        r.accountCategory,
        r.transactionType,
        r.debitCreditMemo,
        r.amount,
      ]),
    ).toEqual([
      ['305', 'LOAN_ACCOUNT', 'PAYMENT', 'CREDIT', 1060],
      ['303', 'LOAN_ACCOUNT', 'PAYMENT', 'CREDIT', 1060],
      ['301', 'LOAN_ACCOUNT', undefined, 'DEBIT', 6000],
    ]);
    // A disbursement has no FDX loan transaction type: the field is left out, not guessed.
    expect(records[2]).toEqual({
      accountCategory: 'LOAN_ACCOUNT',
      transactionId: '301',
      postedTimestamp: '2024-03-01T00:00:00Z',
      transactionTimestamp: '2024-03-01T00:00:00Z',
      description: 'Disbursement',
      debitCreditMemo: 'DEBIT',
      status: 'POSTED',
      amount: 6000,
    });
  });

  /** A recorded repayment of loan 21 with another type (and outstanding balance). */
  const loanTx = (
    type: FineractLoanTransaction['type'],
    outstandingLoanBalance: FineractLoanTransaction['outstandingLoanBalance'] = 4000,
  ): FineractLoanTransaction => ({
    ...(loanPage.content ?? []).find((t) => t.id === 305)!,
    type,
    outstandingLoanBalance,
  });

  it.each([
    [1, 'disbursement', undefined, 'DEBIT'],
    [2, 'repayment', 'PAYMENT', 'CREDIT'],
    [4, 'waiveInterest', 'ADJUSTMENT', 'CREDIT'],
    [5, 'repaymentAtDisbursement', 'PAYMENT', 'CREDIT'],
    [6, 'writeOff', 'ADJUSTMENT', 'CREDIT'],
    [8, 'recoveryRepayment', 'PAYMENT', 'CREDIT'],
    [9, 'waiveCharges', 'ADJUSTMENT', 'CREDIT'],
    [16, 'refund', 'ADJUSTMENT', 'DEBIT'],
    [17, 'chargePayment', 'PAYMENT', 'CREDIT'],
    [18, 'refund', 'ADJUSTMENT', 'DEBIT'],
    [20, 'creditBalanceRefund', 'ADJUSTMENT', 'DEBIT'],
    [21, 'merchantIssuedRefund', 'ADJUSTMENT', 'CREDIT'],
    [22, 'payoutRefund', 'ADJUSTMENT', 'CREDIT'],
    [23, 'goodwillCredit', 'ADJUSTMENT', 'CREDIT'],
    [24, 'chargeRefund', 'ADJUSTMENT', 'CREDIT'],
    [25, 'chargeback', 'ADJUSTMENT', 'DEBIT'],
    [26, 'chargeAdjustment', 'ADJUSTMENT', 'CREDIT'],
    [28, 'downPayment', 'PAYMENT', 'CREDIT'],
    [31, 'interestPaymentWaiver', 'ADJUSTMENT', 'CREDIT'],
    [33, 'interestRefund', 'ADJUSTMENT', 'CREDIT'],
    [35, 'capitalizedIncome', 'FEE', 'DEBIT'],
  ] as const)(
    'when a loan transaction of type %i (%s) is mapped, then it is a LOAN_ACCOUNT %s %s',
    (id, name, type, direction) => {
      const record = toLoanTransaction(
        loanTx({ id, code: `loanTransactionType.${name}`, value: name }),
      );
      expectContract('fdx-transaction', record);
      expect(record).toMatchObject({ accountCategory: 'LOAN_ACCOUNT', debitCreditMemo: direction });
      expect(record?.transactionType).toBe(type);
    },
  );

  it.each([
    [3, 'contra'],
    [7, 'marked.for.rescheduling'],
    [10, 'accrual'],
    [12, 'initiateTransfer'],
    [13, 'approveTransfer'],
    [14, 'withdrawTransfer'],
    [15, 'rejectTransfer'],
    [19, 'incomePosting'],
    [27, 'chargeOff'],
    [29, 'reAge'],
    [30, 'reAmortize'],
    [32, 'accrualActivity'],
    [34, 'accrualAdjustment'],
    [36, 'capitalizedIncomeAmortization'],
    [41, 'buyDownFeeAmortization'],
  ] as const)(
    'when a loan transaction of type %i (%s) is mapped, then it is internal and left out',
    (id, name) => {
      expect(
        toLoanTransaction(loanTx({ id, code: `loanTransactionType.${name}`, value: name })),
      ).toBeNull();
    },
  );

  it('when a loan transaction type comes without its code, then its Fineract id names it', () => {
    expect(toLoanTransaction(loanTx({ id: 2 }))?.transactionType).toBe('PAYMENT');
    expect(toLoanTransaction(loanTx({ id: 25 }))).toMatchObject({
      transactionType: 'ADJUSTMENT',
      debitCreditMemo: 'DEBIT',
    });
    expect(toLoanTransaction(loanTx({ id: 10 }))).toBeNull();
  });

  it('when a repayment leaves nothing owing, then it is the PAYOFF (other payments stay PAYMENT)', () => {
    const repayment = { id: 2, code: 'loanTransactionType.repayment', value: 'Repayment' };
    expect(toLoanTransaction(loanTx(repayment, 0))?.transactionType).toBe('PAYOFF');
    expect(toLoanTransaction(loanTx(repayment, '0.000000'))?.transactionType).toBe('PAYOFF');
    expect(toLoanTransaction(loanTx(repayment, '0.01'))?.transactionType).toBe('PAYMENT');
    expect(toLoanTransaction(loanTx(repayment, undefined))?.transactionType).toBe('PAYMENT');
    const down = { id: 28, code: 'loanTransactionType.downPayment', value: 'Down Payment' };
    expect(toLoanTransaction(loanTx(down, 0))?.transactionType).toBe('PAYMENT');
    expectContract('fdx-transaction', toLoanTransaction(loanTx(repayment, 0)));
  });

  it('when a loan transaction type is unknown, then its flags decide, or it is served untyped as a CREDIT', () => {
    expect(
      toLoanTransaction(loanTx({ id: 99, code: 'loanTransactionType.future', repayment: true })),
    ).toMatchObject({ transactionType: 'PAYMENT', debitCreditMemo: 'CREDIT' });
    expect(
      toLoanTransaction(loanTx({ id: 99, code: 'loanTransactionType.future', accrual: true })),
    ).toBeNull();
    const untyped = toLoanTransaction(loanTx({ id: 99, code: 'loanTransactionType.future' }));
    expect(untyped).toMatchObject({ accountCategory: 'LOAN_ACCOUNT', debitCreditMemo: 'CREDIT' });
    expect(untyped).not.toHaveProperty('transactionType');
    expectContract('fdx-transaction', untyped);
  });

  it('when loan and deposit transactions are checked against the contract, then each category takes only its own types and fields', () => {
    const loan = toLoanTransaction(loanTx({ id: 2, code: 'loanTransactionType.repayment' }))!;
    const deposit = toSavingsTransaction((savingsPage.content ?? []).find((t) => t.id === 118)!)!;
    expectContract('fdx-transaction', loan);
    expectContract('fdx-transaction', deposit);
    const bad = (value: object) => contractErrorsOf('fdx-transaction', value).length > 0;
    expect(bad({ ...loan, transactionType: 'DEPOSIT' })).toBe(true);
    expect(bad({ ...loan, transactionType: 'WITHDRAWAL' })).toBe(true);
    expect(bad({ ...loan, checkNumber: 12 })).toBe(true);
    expect(bad({ ...loan, payee: 'Bank' })).toBe(true);
    expect(bad({ ...loan, accountCategory: 'INVESTMENT_ACCOUNT' })).toBe(true);
    expect(bad({ ...deposit, transactionType: 'PAYMENT' })).toBe(true);
    expect(bad({ ...deposit, transactionType: 'PAYOFF' })).toBe(true);
    expect(bad({ ...deposit, accountCategory: 'LOAN_ACCOUNT' })).toBe(true); // a DEPOSIT
    expect(bad({ ...loan, transactionType: 'ADJUSTMENT' })).toBe(false);
    expect(bad({ ...deposit, transactionType: 'ADJUSTMENT', checkNumber: 7 })).toBe(false);
  });

  it('when a transaction has no date or amount, then it is unsupported and left out', () => {
    expect(toSavingsTransaction({ id: 1, amount: 5 })).toBeNull();
    expect(toLoanTransaction({ id: 1, date: [2024, 1, 1] })).toBeNull();
  });
});

describe('Fineract transactions against the FDX v6 reference (corex-6.0)', () => {
  const fdxOf = referenceValidators('fdx/corex-6.0.json', 'fdx-corex');
  const fdxErrors = (name: string, value: unknown) => {
    const validate = fdxOf(name);
    validate(value);
    return validate.errors ?? [];
  };

  it('when loan transactions are mapped, then each is a valid FDX LoanTransaction', () => {
    const content = fixture<FineractLoanTransactionPage>('loan-transactions-21.json').content ?? [];
    const records = content.flatMap((t) => {
      const r = toLoanTransaction(t);
      return r ? [r] : [];
    });
    expect(records).toHaveLength(3);
    for (const r of records) expect(fdxErrors('LoanTransaction', r)).toEqual([]);
    const payoff = toLoanTransaction({ ...content[0]!, outstandingLoanBalance: 0 });
    expect(fdxErrors('LoanTransaction', payoff)).toEqual([]);
    // The comparison is live: a deposit type is no FDX loan transaction type.
    expect(fdxErrors('LoanTransaction', { ...records[0], transactionType: 'DEPOSIT' })).not.toEqual(
      [],
    );
  });

  it('when savings transactions are mapped, then each is a valid FDX DepositTransaction', () => {
    const content =
      fixture<FineractSavingsTransactionPage>('savings-transactions-11.json').content ?? [];
    const records = content.flatMap((t) => {
      const r = toSavingsTransaction(t);
      return r ? [r] : [];
    });
    expect(records.length).toBeGreaterThan(0);
    for (const r of records) expect(fdxErrors('DepositTransaction', r)).toEqual([]);
  });
});
