/**
 * The Kraken mappers on recorded-looking Kraken payloads (adapters/kraken/fixtures/): exact money
 * from integer cents and `Decimal` cents per unit, dates from Kraken's local date-times, account
 * status and type rows, plans from agreements and rates, invoices from statements, balances from
 * accounts, concessions from concession cards, and the customer detail; every record validated
 * against contracts/.
 */
import accountsFixture from '../../fixtures/account-user-accounts.json';
import billsFixture from '../../fixtures/account-bills.json';
import concessionsFixture from '../../fixtures/account-user-concessions.json';
import detailFixture from '../../fixtures/account-user-detail.json';
import ratesFixture from '../../fixtures/product-rates.json';
import supplyFixture from '../../fixtures/account-supply.json';
import {
  CoreRecordInvalidError,
  CustomerNotIdentifiableError,
} from '@data-holder-gateway/adapter-sdk';
import { contractErrorsOf } from '../../../../test/helpers/contracts';
import {
  accountSharingRefusal,
  centsDecimalToDollars,
  centsToAmount,
  dateTimeOf,
  inForce,
  localDateOf,
  servedAccounts,
  toConcession,
  toCustomerDetail,
  toCustomerIdentity,
  toCustomerSearchResult,
  e164Of,
  toEnergyAccount,
  toEnergyBalance,
  toInvoice,
  toPlan,
  toShareableAccount,
  userRefusesSharing,
  type KrakenAccount,
  type KrakenAccountSupply,
  type KrakenAccountUserDetail,
  type KrakenBill,
  type KrakenConcession,
  type KrakenMeterPoint,
  type KrakenRate,
} from '../../mappers';

const accounts = accountsFixture.data.accountUser.accounts as KrakenAccount[];
const supply = supplyFixture.data.account as KrakenAccountSupply;
const [electricity, gas] = supply.properties![0]!.meterPoints as [
  KrakenMeterPoint,
  KrakenMeterPoint,
];
const rates = ratesFixture.data.product.paginatedRates.edges.map((e) => e.node as KrakenRate);
const bills = billsFixture.data.account.bills.edges.map((e) => e.node as KrakenBill);
const holder = { customerId: 'c-7', email: 'pat.example@example.com' };

/**
 * What a mapper that cannot map a record throws: CoreRecordInvalidError (502 for that request,
 * never a circuit failure), the reason in its cause (for the log), never the record's values.
 */
function recordFailure(map: () => unknown): string {
  try {
    map();
  } catch (err) {
    expect(err).toBeInstanceOf(CoreRecordInvalidError);
    return ((err as Error).cause as Error).message;
  }
  throw new Error('the mapper did not refuse the record');
}

describe('Kraken money and dates', () => {
  it.each([
    [12345, '123.45'],
    [0, '0.00'],
    [-5, '-0.05'],
    [100, '1.00'],
    [-123456789, '-1234567.89'],
    [7, '0.07'],
  ])('when %d cents are mapped, then the amount is %s', (cents, amount) => {
    expect(centsToAmount(cents)).toBe(amount);
  });

  it('when cents are not a safe integer, then mapping fails rather than rounding', () => {
    expect(recordFailure(() => centsToAmount(1.5))).toMatch(/integer/);
    expect(recordFailure(() => centsToAmount(2 ** 60))).toMatch(/integer/);
  });

  it.each([
    ['31.2', '0.3120'],
    ['104.50', '1.0450'],
    ['0.08125', '0.0008125'],
    ['-7', '-0.0700'],
    ['12345', '123.4500'],
    [0, '0.0000'],
    ['-0.0', '0.0000'],
  ])('when %s cents per unit are mapped, then the unit price is %s dollars', (cents, dollars) => {
    expect(centsDecimalToDollars(cents)).toBe(dollars);
  });

  it('when a Decimal is not a plain decimal, then mapping fails', () => {
    expect(recordFailure(() => centsDecimalToDollars('1e3'))).toMatch(/decimal/);
  });

  it('when Kraken date-times are mapped, then the local date and an RFC 3339 time come out', () => {
    expect(localDateOf('2024-07-01T00:00:00+10:00')).toBe('2024-07-01');
    expect(localDateOf('2023-08-14T10:22:31.512000+10:00')).toBe('2023-08-14');
    expect(dateTimeOf('2026-05-02T08:15+1000')).toBe('2026-05-02T08:15:00+10:00');
    expect(recordFailure(() => localDateOf('2024-07-01'))).toMatch(/date-time/);
  });
});

describe('Kraken accounts', () => {
  it('when the account user’s accounts are mapped, then VOID is left out, DORMANT is closed and a business is an organisation', () => {
    const served = servedAccounts(accounts);
    const records = served.map((a) => toShareableAccount(a, holder));
    expect(records).toEqual([
      {
        accountId: 'A-1F2E3D4C',
        displayName: '14 Wattle Grove, Sampleton VIC 3121',
        subtitle: 'Energy account',
        openStatus: 'OPEN',
        complexAccountType: 'INDIVIDUAL',
        users: [{ id: 'c-7', email: 'pat.example@example.com', isAccountHolder: true }],
      },
      {
        accountId: 'A-00C0FFEE',
        subtitle: 'Energy account',
        openStatus: 'CLOSED',
        complexAccountType: 'ORGANIZATION',
        users: [{ id: 'c-7', email: 'pat.example@example.com', isAccountHolder: true }],
      },
    ]);
  });

  it('when an account number has another shape or a status has no row, then mapping fails loudly', () => {
    expect(
      recordFailure(() => toShareableAccount({ ...accounts[0]!, number: 'sav-1' }, holder)),
    ).toMatch(/shape/);
    expect(
      recordFailure(() =>
        servedAccounts([{ ...accounts[0]!, status: 'ARCHIVED' as KrakenAccount['status'] }]),
      ),
    ).toMatch(/ARCHIVED/);
  });

  it('when an energy account is built, then it validates, with its creation date local', () => {
    const account = toEnergyAccount(accounts[0]!, holder, []);
    expect(account.creationDate).toBe('2023-08-14');
    expect(account.accountNumber).toBe('A-1F2E3D4C');
    const { subtitle: _s, complexAccountType: _c, users: _u, ...served } = account;
    expect(contractErrorsOf('energy-account', served)).toEqual([]);
  });
});

describe('Kraken plans', () => {
  const [fixed, variable] = electricity.agreements as [
    NonNullable<KrakenMeterPoint['agreements']>[number],
    NonNullable<KrakenMeterPoint['agreements']>[number],
  ];

  it('when agreements are checked on a day, then only the one in force counts (end exclusive, revoked never)', () => {
    expect([inForce(fixed!, '2025-08-31'), inForce(variable!, '2025-08-31')]).toEqual([
      true,
      false,
    ]);
    expect([inForce(fixed!, '2025-09-01'), inForce(variable!, '2025-09-01')]).toEqual([
      false,
      true,
    ]);
    expect(inForce(gas.agreements![1]!, '2026-01-01')).toBe(false);
  });

  it('when an electricity agreement is mapped with its rates, then the plan carries exact dollar prices', () => {
    const plan = toPlan(electricity, variable!, rates);
    expect(plan).toEqual({
      servicePointIds: [30017],
      planOverview: { displayName: 'Origin Go Variable', startDate: '2025-09-01' },
      planDetail: {
        fuelType: 'ELECTRICITY',
        electricityContract: {
          pricingModel: 'SINGLE_RATE_CONT_LOAD',
          timeZone: 'LOCAL',
          isFixed: false,
          paymentOption: ['OTHER'],
          controlledLoad: [
            {
              displayName: 'Off-peak hot water',
              rateBlockUType: 'singleRate',
              singleRate: {
                displayName: 'Off-peak hot water',
                rates: [{ unitPrice: '0.1820', measureUnit: 'KWH' }],
              },
            },
          ],
          solarFeedInTariff: [
            {
              displayName: 'Solar feed-in',
              scheme: 'OTHER',
              payerType: 'RETAILER',
              tariffUType: 'singleTariff',
              singleTariff: { rates: [{ unitPrice: '0.0700', measureUnit: 'KWH' }] },
            },
          ],
          tariffPeriod: [
            {
              displayName: 'All year',
              startDate: '01-01',
              dailySupplyCharges: '1.0450',
              timeZone: 'LOCAL',
              rateBlockUType: 'singleRate',
              singleRate: {
                displayName: 'General usage',
                rates: [{ unitPrice: '0.3120', measureUnit: 'KWH' }],
              },
            },
          ],
        },
      },
    });
    const account = { accountId: 'A-1F2E3D4C', plans: [plan] };
    expect(contractErrorsOf('energy-account', account)).toEqual([]);
  });

  it('when a fixed product has no usage rate, or the plan is gas, then the detail is the fuel alone', () => {
    expect(toPlan(electricity, fixed!, []).planDetail).toEqual({ fuelType: 'ELECTRICITY' });
    const gasPlan = toPlan(gas, gas.agreements![0]!, []);
    expect(gasPlan).toEqual({
      servicePointIds: [30018],
      planOverview: { displayName: 'Origin Gas Variable', startDate: '2025-09-01' },
      planDetail: { fuelType: 'GAS' },
    });
  });

  it('when the product has a general usage rate and is not variable, then the contract is fixed and single rate', () => {
    const general = rates.filter(
      (r) => r.bandCategory === 'CONSUMPTION_CHARGE' && !r.isControlledLoad,
    );
    const contract = toPlan(electricity, fixed!, general).planDetail?.electricityContract;
    expect(contract).toMatchObject({ pricingModel: 'SINGLE_RATE', isFixed: true });
    expect(contract?.tariffPeriod[0]).not.toHaveProperty('dailySupplyCharges');
  });
});

describe('Kraken invoices', () => {
  it('when statements are mapped, then an owing one is NOT_PAID with the debt as a positive balance', () => {
    const invoice = toInvoice('A-1F2E3D4C', bills[0]!, ['30017']);
    expect(invoice).toEqual({
      accountId: 'A-1F2E3D4C',
      invoiceNumber: 'S1F2E-0027',
      issueDate: '2026-10-05',
      dueDate: '2026-10-19',
      period: { startDate: '2026-09-05', endDate: '2026-10-04' },
      invoiceAmount: '187.34',
      gstAmount: '17.03',
      balanceAtIssue: '187.34',
      servicePoints: ['30017'],
      paymentStatus: 'NOT_PAID',
    });
    expect(contractErrorsOf('energy-invoice', invoice)).toEqual([]);
  });

  it('when a statement closed at zero has a credit total, then it is PAID with exact negative cents', () => {
    expect(toInvoice('A-1F2E3D4C', bills[2]!, [])).toMatchObject({
      invoiceAmount: '-0.05',
      gstAmount: '0.00',
      balanceAtIssue: '0.00',
      paymentStatus: 'PAID',
    });
  });

  it('when a bill is not a statement, then it is no invoice', () => {
    expect(toInvoice('A-1F2E3D4C', bills[1]!, [])).toBeNull();
  });
});

describe('Kraken balances', () => {
  it.each([
    [-18734, '187.34'],
    [2500, '-25.00'],
    [-5, '0.05'],
    [7, '-0.07'],
    [0, '0.00'],
    [-2147483648, '21474836.48'],
  ])(
    'when an account’s balance is %d cents (Kraken: negative owed), then the balance is %s (positive owed)',
    (cents, balance) => {
      const record = toEnergyBalance({ balance: cents });
      expect(record).toEqual({ balance });
      expect(contractErrorsOf('energy-balance', record)).toEqual([]);
    },
  );

  it.each([[null], [undefined], [12.5], [2 ** 60]])(
    'when an account’s balance is %s, then mapping fails without naming the value',
    (cents) => {
      expect(recordFailure(() => toEnergyBalance({ balance: cents }))).toMatch(
        /^Kraken account without a balance in whole cents$/,
      );
    },
  );
});

describe('Kraken concessions', () => {
  const cards = concessionsFixture.data.accountUser.concessions as KrakenConcession[];

  it('when concession cards are mapped, then the current card is a variable concession and the removed one is left out', () => {
    const served = cards.flatMap((c) => toConcession(c) ?? []);
    expect(served).toEqual([
      {
        displayName: 'Veterans affairs dva gold concession',
        type: 'VARIABLE',
        appliedTo: ['INVOICE'],
        startDate: '2025-02-11',
        endDate: '2028-02-11',
      },
    ]);
    expect(contractErrorsOf('energy-concession', served[0])).toEqual([]);
  });
});

describe('Kraken customer detail', () => {
  it('when the account user is mapped, then numbers become +61, the address is a mailing address, and it validates', () => {
    const detail = toCustomerDetail(detailFixture.data.accountUser as KrakenAccountUserDetail);
    expect(detail).toEqual({
      customerUType: 'person',
      person: {
        lastUpdateTime: '2026-05-02T08:15:00+10:00',
        firstName: 'Pat',
        lastName: 'Example',
        middleNames: [],
        prefix: 'Dr',
        phoneNumbers: [
          {
            isPreferred: true,
            purpose: 'MOBILE',
            countryCode: '+61',
            number: '0412345678',
            fullNumber: '+61412345678',
          },
          {
            isPreferred: false,
            purpose: 'HOME',
            countryCode: '+61',
            number: '0395550100',
            fullNumber: '+61395550100',
          },
        ],
        emailAddresses: [
          { isPreferred: true, purpose: 'HOME', address: 'pat.example@example.com' },
        ],
        physicalAddresses: [
          {
            addressUType: 'simple',
            purpose: 'MAIL',
            simple: {
              addressLine1: 'Unit 3',
              addressLine2: '14 Wattle Grove',
              postcode: '3121',
              city: 'Sampleton',
              state: 'VIC',
              country: 'AUS',
            },
          },
        ],
      },
    });
    expect(contractErrorsOf('customer-detail', detail)).toEqual([]);
  });

  it('when the user has no landline and no locality, then neither is invented', () => {
    const user = detailFixture.data.accountUser as KrakenAccountUserDetail;
    const detail = toCustomerDetail({
      ...user,
      landline: '',
      address: { ...user.address!, locality: null, dependentLocality: null },
    });
    expect(detail.person.phoneNumbers.map((p) => p.purpose)).toEqual(['MOBILE']);
    expect(detail.person.physicalAddresses).toEqual([]);
  });
});

describe('Kraken account user → customer identity and search result', () => {
  const user = detailFixture.data.accountUser as KrakenAccountUserDetail;

  it('when the recorded account user is mapped, then the claims come from its fields and the contract holds', () => {
    const identity = toCustomerIdentity('c-7', user);
    expect(contractErrorsOf('customer-identity', identity)).toEqual([]);
    expect(identity).toEqual({
      id: 'c-7',
      email: 'pat.example@example.com',
      emailVerified: false,
      givenName: 'Pat',
      familyName: 'Example',
      name: 'Pat Example',
      phoneNumber: '+61412345678',
      phoneNumberVerified: false,
      updatedAt: '2026-05-02T08:15:00+10:00',
      address: {
        streetAddress: 'Unit 3\n14 Wattle Grove',
        locality: 'Sampleton',
        region: 'VIC',
        postalCode: '3121',
        country: 'AUS',
      },
    });
  });

  it('when the user has no mobile, no address and an unknown country, then those claims are left out', () => {
    const bare = toCustomerIdentity('c-7', { ...user, mobile: '', address: null });
    expect(bare).not.toHaveProperty('phoneNumber');
    expect(bare).not.toHaveProperty('phoneNumberVerified');
    expect(bare).not.toHaveProperty('address');
    const abroad = toCustomerIdentity('c-7', {
      ...user,
      address: { ...user.address!, country: 'GB', dependentLocality: 'Soho', locality: '' },
    });
    expect(abroad.address).toEqual({
      streetAddress: 'Unit 3\n14 Wattle Grove',
      locality: 'Soho',
      region: 'VIC',
      postalCode: '3121',
    });
    expect(contractErrorsOf('customer-identity', abroad)).toEqual([]);
  });

  it('when the user has no email address, then no identity is made up: the customer cannot be identified (422)', () => {
    expect(() => toCustomerIdentity('c-7', { ...user, email: ' ' })).toThrow(
      CustomerNotIdentifiableError,
    );
  });

  it.each([
    ['0491 570 006', '+61491570006'],
    ['+61 491 570 313', '+61491570313'],
    ['(03) 9555 0100', '+61395550100'],
    ['12', undefined],
    ['not a number', undefined],
    ['', undefined],
    [null, undefined],
  ])('when mobile %p is written in E.164, then it is %p', (raw, out) => {
    expect(e164Of(raw)).toBe(out);
  });

  it('when a search result is made, then it names the holder and carries the given mobile', () => {
    const result = toCustomerSearchResult(
      '3',
      { givenName: 'Alex', familyName: 'Nguyen' },
      '0491 570 159',
    );
    expect(contractErrorsOf('customer-search-result', result)).toEqual([]);
    expect(result).toEqual({ id: '3', name: 'Alex Nguyen', phoneNumber: '+61491570159' });
    expect(toCustomerSearchResult('3', { givenName: ' ', familyName: null }, null)).toEqual({
      id: '3',
      name: 'Unknown',
    });
  });
});

describe('refusals to share from Kraken', () => {
  const account = (types: (string | null)[] | null) => ({
    number: 'A-0000ABCD',
    status: 'ACTIVE' as const,
    accountType: 'DOMESTIC',
    createdAt: null,
    activeHardshipAgreements: types?.map((t) => (t === null ? null : { hardshipType: t })) ?? null,
  });

  it.each([
    [['FAMILY_VIOLENCE'], 'harm'],
    [['UNEMPLOYMENT', 'FAMILY_VIOLENCE'], 'harm'],
    [['UNEMPLOYMENT', 'REDUCED_INCOME', null], undefined],
    [[], undefined],
    [null, undefined],
  ])('when an account has hardship agreements %j, then its refusal is %s', (types, expected) => {
    const a = account(types);
    expect(accountSharingRefusal(a)).toBe(expected);
    const holder = { customerId: '6', email: 'kim@example.org' };
    expect(toShareableAccount(a, holder).sharingRefusal).toBe(expected);
    expect(toEnergyAccount(a, holder, []).sharingRefusal).toBe(expected);
  });

  it.each([
    [true, true],
    [false, false],
    [null, false],
    [undefined, false],
  ])('when the user has family issues %s, then sharing is refused: %s', (flag, refused) => {
    expect(userRefusesSharing({ hasFamilyIssues: flag })).toBe(refused);
  });
});
