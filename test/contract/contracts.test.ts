import type { ValidateFunction } from 'ajv';
import {
  CONTRACTS_BASE,
  createContractsAjv,
  dataOnlyResponse,
  loadSchemas,
  paginatedResponse,
  refOf,
} from '../../contracts';
import type {
  Balance,
  BankingTransaction,
  BankingTransactionDetail,
  BankingAccountListItemV3,
  BankingAccountListItemV4,
  BankingAccountV4,
  CustomerDetail,
  DirectDebit,
  EnergyAccount,
  EnergyBalance,
  EnergyConcession,
  EnergyInvoice,
  FdxAccount,
  FdxAccountContact,
  FdxAccountDescriptor,
  FdxAssetTransferNetwork,
  FdxPaymentNetwork,
  FdxStatement,
  FdxTransaction,
  InstalmentPlan,
  Payee,
  ProductSummary,
  ScheduledPayment,
  ShareableAccount,
} from '@data-holder-gateway/adapter-sdk';
import { referenceValidators, toCdsShape } from '../helpers/reference-schemas';

// ---------------------------------------------------------------------------------------------
// Realistic examples, typed with the port types so the types and the schemas stay in step.
// ---------------------------------------------------------------------------------------------

const shareableAccount: ShareableAccount = {
  accountId: 'acc-1001',
  displayName: 'Everyday Saver',
  subtitle: 'xxxx 4821',
  openStatus: 'OPEN',
  extensions: {
    cdr: {
      complexAccountType: 'JOINT',
      users: [
        { id: 'user-1', email: 'alex@example.com', isAccountHolder: true },
        { id: 'user-2', email: 'sam@example.com', isAccountHolder: true },
      ],
    },
  },
};

const bankingAccountV4: BankingAccountListItemV4 = {
  accountId: 'acc-1001',
  creationDate: '2021-03-15',
  displayName: 'Everyday Saver xxxx 4821',
  nickname: 'Bills',
  openStatus: 'OPEN',
  isOwned: true,
  accountOwnership: 'TWO_PARTY',
  maskedNumber: 'xxxx xxxx 4821',
  productCategory: 'TRANS_AND_SAVINGS_ACCOUNTS',
  productName: 'EVERYDAY_SAVER',
  complexAccountType: 'JOINT',
  users: [
    { id: 'user-1', email: 'alex@example.com', isAccountHolder: true },
    { id: 'user-2', email: 'sam@example.com', isAccountHolder: true },
  ],
  bsb: '062000',
  accountNumber: '12344821',
  bundleName: 'Home Bundle',
  depositRate: 0.0425,
  depositRates: [
    {
      depositRateType: 'VARIABLE',
      rate: 0.0425,
      calculationFrequency: 'P1D',
      applicationType: 'PERIODIC',
      applicationFrequency: 'P1M',
      additionalInfo: 'Bonus rate when the conditions are met',
      applicabilityConditions: [
        {
          rateApplicablityType: 'MIN_DEPOSITS',
          additionalValue: '1',
          additionalInfo: 'One deposit a month',
        },
      ],
      tiers: [
        {
          name: 'Up to 250k',
          unitOfMeasure: 'DOLLAR',
          minimumValue: '0.00',
          maximumValue: '250000.00',
          rateApplicationMethod: 'PER_TIER',
          applicabilityConditions: [
            { rateApplicablityType: 'MIN_DEPOSIT_AMOUNT', additionalValue: '1000.00' },
          ],
        },
      ],
    },
  ],
  features: [
    {
      featureType: 'NPP_PAYID',
      additionalInfo: 'Pay and be paid with a PayID',
      isActivated: 'ACTIVATED',
    },
    { featureType: 'FUNDS_AVAILABLE_AFTER', additionalValue: 'PT2H', isActivated: 'UNKNOWN' },
  ],
  fees: [
    {
      name: 'Monthly account fee',
      feeType: 'PERIODIC',
      feeMethodUType: 'fixedAmount',
      fixedAmount: { amount: '5.00' },
      additionalValue: 'P1M',
      discounts: [
        {
          description: 'Waived with 2000 deposited a month',
          discountType: 'DEPOSITS',
          discountMethodUType: 'fixedAmount',
          fixedAmount: { amount: '5.00' },
          additionalValue: '2000.00',
        },
      ],
    },
    {
      name: 'Overseas transaction fee',
      feeType: 'TRANSACTION',
      feeMethodUType: 'rateBased',
      rateBased: { rateType: 'TRANSACTION', rate: 0.03, amountRange: { feeMinimum: '1.00' } },
    },
  ],
  addresses: [
    {
      addressUType: 'simple',
      simple: {
        mailingName: 'Alex Citizen',
        addressLine1: '1 George Street',
        city: 'Sydney',
        postcode: '2000',
        state: 'NSW',
        country: 'AUS',
      },
    },
  ],
};

const creditCardAccountV4: BankingAccountV4 = {
  accountId: 'acc-3003',
  creationDate: '2019-07-01T09:30:00+10:00',
  displayName: 'Platinum Card xxxx 9911',
  accountOwnership: 'ONE_PARTY',
  maskedNumber: 'xxxx xxxx xxxx 9911',
  productCategory: 'CRED_AND_CHRG_CARDS',
  productName: 'PLATINUM_CARD',
  specificAccountUType: 'creditCard',
  creditCard: {
    minPaymentAmount: '45.00',
    paymentDueAmount: '1520.35',
    paymentDueDate: '2026-12-10',
  },
  lendingRates: [
    {
      lendingRateType: 'BALANCE_TRANSFER',
      rate: 0.0,
      comparisonRate: 0.2199,
      calculationFrequency: 'P1D',
      applicationFrequency: 'P1M',
      applicationType: 'PERIODIC',
      repaymentType: 'UNCONSTRAINED',
      loanPurpose: 'OTHER',
      additionalValue: 'P6M',
    },
  ],
};

const bankingAccountV3: BankingAccountListItemV3 = {
  accountId: 'acc-1001',
  displayName: 'Everyday Saver xxxx 4821',
  openStatus: 'OPEN',
  accountOwnership: 'TWO_PARTY',
  maskedNumber: 'xxxx xxxx 4821',
  productCategory: 'TRANS_AND_SAVINGS_ACCOUNTS',
  productName: 'EVERYDAY_SAVER',
  complexAccountType: 'JOINT',
  users: [{ id: 'user-1', email: 'alex@example.com', isAccountHolder: true }],
  depositRates: [
    {
      depositRateType: 'VARIABLE',
      rate: 0.0425,
      applicationFrequency: 'P1M',
      tiers: [
        {
          name: 'Up to 250k',
          unitOfMeasure: 'DOLLAR',
          minimumValue: 0,
          maximumValue: 250000,
          rateApplicationMethod: 'PER_TIER',
          applicabilityConditions: { additionalInfo: 'One deposit a month' },
        },
      ],
    },
  ],
  lendingRates: [
    {
      lendingRateType: 'VARIABLE',
      rate: 0.0699,
      repaymentType: 'PRINCIPAL_AND_INTEREST',
      loanPurpose: 'OWNER_OCCUPIED',
    },
  ],
  features: [{ featureType: 'NPP_PAYID', isActivated: true }],
  fees: [
    { name: 'Monthly account fee', feeType: 'PERIODIC', amount: '5.00', additionalValue: 'P1M' },
    { name: 'Service fee', feeType: 'VARIABLE', transactionRate: 0.01 },
  ],
};

const balance: Balance = {
  accountId: 'acc-1001',
  currentBalance: '1520.35',
  availableBalance: '1480.00',
};

const directDebit: DirectDebit = {
  accountId: 'acc-1001',
  authorisedEntity: {
    description: 'Sydney Energy Co',
    financialInstitution: 'Example Bank',
    abn: '12345678901',
    acn: '123456789',
  },
  lastDebitDateTime: '2026-10-01T02:00:00Z',
  lastDebitAmount: '182.40',
};

const scheduledPayment: ScheduledPayment = {
  scheduledPaymentId: 'sp-1',
  nickname: 'Rent',
  payerReference: 'Rent Unit 4',
  status: 'ACTIVE',
  from: { accountId: 'acc-1001' },
  paymentSet: [
    {
      to: {
        toUType: 'accountId',
        accountId: 'acc-2002',
        payeeId: 'payee-7',
        domestic: {
          payeeAccountUType: 'account',
          account: { accountName: 'J Landlord', bsb: '062000', accountNumber: '99887766' },
        },
      },
      isAmountCalculated: false,
      amount: '650.00',
    },
  ],
  recurrence: {
    nextPaymentDate: '2026-12-01T00:00:00+11:00',
    reccurenceUType: 'intervalSchedule',
    intervalSchedule: { intervals: [{ interval: 'P14D' }] },
  },
};

const instalmentPlan: InstalmentPlan = {
  accountId: 'acc-3003',
  planId: 'plan-11',
  planReference: 'BNPL-0011',
  merchantName: 'Harbour Electronics',
  merchantCategoryCode: '5732',
  planNickname: 'Laptop',
  creationDate: '2026-08-01T10:15:00Z',
  amount: '1200.00',
  planCurrency: 'AUD',
  planCharge: '0.00',
  duration: 'P6M',
  instalmentInterval: 'P1M',
  schedule: [
    { amountDue: '200.00', dueDate: '2026-09-01T00:00:00Z', isPaid: true },
    { amountDue: '200.00', dueDate: '2026-10-01T00:00:00Z', isPaid: false },
  ],
};

const payee: Payee = {
  payeeId: 'payee-7',
  nickname: 'Landlord',
  description: 'Rent for unit 4',
  type: 'DOMESTIC',
  creationDate: '2024-02-20',
  payeeUType: 'domestic',
  domestic: {
    payeeAccountUType: 'account',
    account: { accountName: 'J Landlord', bsb: '062000', accountNumber: '99887766' },
  },
};

const customerDetail: CustomerDetail = {
  customerUType: 'person',
  person: {
    lastUpdateTime: '2026-05-04T08:00:00Z',
    firstName: 'Alex',
    lastName: 'Citizen',
    middleNames: ['Jordan'],
    prefix: 'Mx',
    occupationCodeVersion: 'ANZSCO_1220.0_2013_V1.3',
    phoneNumbers: [
      {
        isPreferred: true,
        purpose: 'MOBILE',
        countryCode: '+61',
        number: '412345678',
        fullNumber: '+61412345678',
      },
    ],
    emailAddresses: [{ isPreferred: true, purpose: 'HOME', address: 'alex@example.com' }],
    physicalAddresses: [
      {
        addressUType: 'simple',
        simple: { addressLine1: '1 George Street', city: 'Sydney', postcode: '2000', state: 'NSW' },
        purpose: 'MAIL',
      },
    ],
  },
};

const energyAccount: EnergyAccount = {
  accountId: 'en-5001',
  accountNumber: '4000123456',
  displayName: 'Home electricity',
  openStatus: 'OPEN',
  creationDate: '2022-01-10T00:00:00Z',
  plans: [
    {
      nickname: 'Home',
      servicePointIds: [6001234567],
      planOverview: { displayName: 'Flat Saver', startDate: '2025-07-01' },
      authorisedContacts: [{ firstName: 'Sam', lastName: 'Citizen', prefix: 'Ms' }],
      planDetail: {
        fuelType: 'ELECTRICITY',
        isContingentPlan: false,
        meteringCharges: [
          {
            displayName: 'Smart meter',
            description: 'Daily meter charge',
            minimumValue: '0.35',
            period: 'P1D',
          },
        ],
        electricityContract: {
          additionalFeeInformation: 'Fees exclude GST',
          pricingModel: 'SINGLE_RATE',
          timeZone: 'LOCAL',
          isFixed: false,
          variation: 'Prices may change with 30 days notice',
          paymentOption: ['PAPER_BILL', 'CREDIT_CARD', 'DIRECT_DEBIT', 'BPAY'],
          intrinsicGreenPower: { greenPercentage: 0.1 },
          controlledLoad: [
            {
              displayName: 'Hot water',
              rateBlockUType: 'singleRate',
              startDate: '2025-07-01',
              singleRate: {
                displayName: 'Controlled load 1',
                description: 'Off-peak hot water',
                dailySupplyCharge: '0.05',
                rates: [{ unitPrice: '0.18', measureUnit: 'KWH' }],
              },
            },
          ],
          incentives: [
            {
              displayName: 'Welcome credit',
              description: '50 dollars off the first bill',
              category: 'ACCOUNT_CREDIT',
              eligibility: 'New customers',
            },
          ],
          discounts: [
            {
              displayName: 'Pay on time',
              description: '5% off when paid by the due date',
              type: 'CONDITIONAL',
              category: 'PAY_ON_TIME',
              endDate: '2027-06-30',
              methodUType: 'percentOfBill',
              percentOfBill: { rate: 0.05 },
            },
          ],
          eligibility: [
            {
              type: 'NEW_CUSTOMER',
              information: 'New customers only',
              description: 'Not for transfers',
            },
          ],
          fees: [
            {
              type: 'LATE_PAYMENT',
              term: 'PERCENT_OF_BILL',
              rate: 0.01,
              description: 'Late payment fee',
            },
          ],
          solarFeedInTariff: [
            {
              displayName: 'Premium FiT',
              description: 'Legacy premium scheme',
              startDate: '2025-07-01',
              scheme: 'PREMIUM',
              payerType: 'GOVERNMENT',
              tariffUType: 'singleTariff',
              singleTariff: { rates: [{ unitPrice: '0.44', measureUnit: 'KWH' }] },
            },
          ],
          tariffPeriod: [
            {
              type: 'RETAIL_SERVICE',
              displayName: 'All year',
              startDate: '07-01',
              dailySupplyCharges: '1.05',
              timeZone: 'LOCAL',
              rateBlockUType: 'singleRate',
              singleRate: {
                displayName: 'Anytime',
                description: 'Same price all day',
                generalUnitPrice: '0.29',
                rates: [{ unitPrice: '0.29', measureUnit: 'KWH' }],
              },
            },
          ],
        },
      },
    },
  ],
};

const energyInvoice: EnergyInvoice = {
  accountId: 'en-5001',
  invoiceNumber: 'INV-2026-10',
  issueDate: '2026-10-05',
  dueDate: '2026-10-25',
  period: { startDate: '2026-07-01', endDate: '2026-09-30' },
  invoiceAmount: '412.80',
  gstAmount: '37.53',
  payOnTimeDiscount: { gstAmount: '1.88', discountAmount: '20.64', date: '2026-10-25' },
  balanceAtIssue: '412.80',
  servicePoints: ['6001234567'],
  electricity: {
    totalGst: '37.53',
    totalGenerationCredits: '-15.20',
    totalOnceOffCharges: '0.00',
    totalOnceOffDiscounts: '0.00',
    totalUsageCharges: '390.47',
  },
  paymentStatus: 'NOT_PAID',
};

const energyConcession: EnergyConcession = {
  amount: '71.50',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  displayName: 'Low income household rebate',
  appliedTo: ['INVOICE'],
  additionalInfo: 'Applied quarterly',
  type: 'FIXED_AMOUNT',
  discountFrequency: 'P3M',
};

const fdxTransaction: FdxTransaction = {
  accountCategory: 'DEPOSIT_ACCOUNT',
  transactionType: 'CHECK',
  checkNumber: 1042,
  payee: 'City Plumbing',
  transactionId: 'txn-78RJ3311',
  postedTimestamp: '2026-10-02T01:00:00Z',
  transactionTimestamp: '2026-10-01T14:46:41.375+02:00',
  description: 'Check 1042',
  debitCreditMemo: 'DEBIT',
  status: 'POSTED',
  amount: 245.9,
};

const fdxStatement: FdxStatement = {
  accountId: 'acc-1001',
  statementId: 'stmt-2026-09',
  statementDate: '2026-09-30',
  description: 'September 2026 statement',
  status: 'AVAILABLE',
  links: [
    {
      href: 'https://gateway.example/fdx/v6/customer/cust-1/accounts/acc-1001/statements/stmt-2026-09',
      rel: 'download',
      action: 'GET',
      types: ['application/pdf'],
    },
  ],
};

const fdxAssetTransferNetwork: FdxAssetTransferNetwork = {
  identifier: '12344821',
  identifierType: 'ACCOUNT_NUMBER',
  institutionName: 'Example Bank',
  institutionId: '0123',
  type: 'US_ACATS',
  jointAccount: false,
};

const bankingTransaction: BankingTransaction = {
  accountId: 'acc-1001',
  transactionId: 'tx-2026-10-09-0001',
  isDetailAvailable: true,
  type: 'TRANSFER_OUTGOING',
  status: 'POSTED',
  description: 'Osko payment to Sam',
  postingDateTime: '2026-10-09T01:48:23Z',
  executionDateTime: '2026-10-09T01:47:54Z',
  amount: '-256.40',
  currency: 'AUD',
  reference: 'Rent share',
  apcaNumber: '301500',
};

const bankingTransactionDetail: BankingTransactionDetail = {
  ...bankingTransaction,
  extendedData: {
    payee: 'sam@example.com',
    extensionUType: 'nppPayload',
    nppPayload: {
      extendedDescription: 'Rent share, thanks Sam',
      endToEndId: 'E2E-0001',
      purposeCode: 'OTHR',
      service: 'X2P1',
      serviceVersion: '03',
    },
  },
};

const energyBalance: EnergyBalance = { balance: '-132.45' };

const fdxAccountDescriptor: FdxAccountDescriptor = {
  accountCategory: 'DEPOSIT_ACCOUNT',
  accountId: 'acc-1001',
  accountType: 'CHECKING',
  accountNumberDisplay: 'xxxx xxxx xxxx 1234',
  productName: 'Everyday Account',
  nickname: 'Bills',
  status: 'OPEN',
  currency: { currencyCode: 'AUD' },
};

const fdxDepositAccount: FdxAccount = {
  ...fdxAccountDescriptor,
  accountCategory: 'DEPOSIT_ACCOUNT',
  currentBalance: 1832.11,
  availableBalance: 1790.5,
};

const fdxLoanAccount: FdxAccount = {
  accountCategory: 'LOAN_ACCOUNT',
  accountId: 'acc-2001',
  accountType: 'MORTGAGE',
  productName: 'Home Loan',
  status: 'OPEN',
  currency: { currencyCode: 'AUD' },
  principalBalance: 412034.5,
  originalPrincipal: 450000,
  originatingDate: '2021-03-01',
  loanTerm: 360,
  nextPaymentAmount: 2483.12,
  nextPaymentDate: '2026-12-01',
  maturityDate: '2051-03-01',
  interestRate: 5.99,
  interestRateType: 'VARIABLE',
};

const fdxAccountContact: FdxAccountContact = {
  holders: [
    {
      type: 'CONSUMER',
      name: { first: 'Jane', middle: 'Mary', last: 'Citizen' },
      relationship: 'PRIMARY_JOINT',
    },
    { type: 'CONSUMER', name: { first: 'John', last: 'Citizen' }, relationship: 'SECONDARY_JOINT' },
  ],
  emails: ['jane@example.com'],
  addresses: [
    { line1: '1 Example St', city: 'Sydney', region: 'NSW', postalCode: '2000', country: 'AU' },
  ],
  telephones: [{ type: 'CELL', country: '61', number: '491570006' }],
};

const fdxPaymentNetwork: FdxPaymentNetwork = {
  bankId: '110000000',
  identifier: '000123456789',
  type: 'US_ACH',
  transferIn: true,
  transferOut: false,
};

const productSummary: ProductSummary = {
  product_id: 'prod-everyday-saver',
  name: 'Everyday Saver',
  product_category: 'TRANS_AND_SAVINGS_ACCOUNTS',
  last_updated: '2026-11-01T03:00:00Z',
  change_status: 'ScheduledChangeStatusNeedsReview',
};

// ---------------------------------------------------------------------------------------------
// Cases: one valid example per resource and the paths the mutations hit.
// ---------------------------------------------------------------------------------------------

type PathPart = string | number;

interface ResourceCase {
  schema: string;
  example: object;
  /** A nested object that must stay closed. */
  nested: PathPart[];
  /** An enum field, and a value outside its list. */
  enumField: PathPart[];
  wrongEnum?: unknown;
  /** A decimal-string amount (absent where the resource has none). */
  amount?: PathPart[];
  /** A number field (the fields the interface lists as numbers). */
  numberField?: PathPart[];
}

const cases: ResourceCase[] = [
  {
    schema: 'shareable-account',
    example: shareableAccount,
    nested: ['extensions', 'cdr', 'users', 0],
    enumField: ['extensions', 'cdr', 'complexAccountType'],
  },
  {
    schema: 'banking-account-v4',
    example: bankingAccountV4,
    nested: ['depositRates', 0, 'tiers', 0, 'applicabilityConditions', 0],
    enumField: ['fees', 0, 'feeType'],
    wrongEnum: 'BOGUS_FEE',
    amount: ['fees', 0, 'fixedAmount', 'amount'],
    numberField: ['depositRates', 0, 'rate'],
  },
  {
    schema: 'banking-account-list-item-v4',
    example: bankingAccountV4,
    nested: ['addresses', 0, 'simple'],
    enumField: ['features', 0, 'isActivated'],
    wrongEnum: true,
    amount: ['fees', 0, 'discounts', 0, 'fixedAmount', 'amount'],
    numberField: ['depositRate'],
  },
  {
    schema: 'banking-account-v3',
    example: bankingAccountV3,
    nested: ['depositRates', 0, 'tiers', 0, 'applicabilityConditions'],
    enumField: ['fees', 1, 'feeType'],
    amount: ['fees', 0, 'amount'],
    numberField: ['depositRates', 0, 'tiers', 0, 'minimumValue'],
  },
  {
    schema: 'banking-account-list-item-v3',
    example: bankingAccountV3,
    nested: ['lendingRates', 0],
    enumField: ['lendingRates', 0, 'loanPurpose'],
    wrongEnum: 'UNCONSTRAINED',
    amount: ['fees', 0, 'amount'],
    numberField: ['lendingRates', 0, 'rate'],
  },
  {
    schema: 'balance',
    example: balance,
    nested: [],
    enumField: [],
    amount: ['availableBalance'],
  },
  {
    schema: 'direct-debit',
    example: directDebit,
    nested: ['authorisedEntity'],
    enumField: [],
    amount: ['lastDebitAmount'],
  },
  {
    schema: 'scheduled-payment',
    example: scheduledPayment,
    nested: ['paymentSet', 0, 'to', 'domestic', 'account'],
    enumField: ['status'],
    amount: ['paymentSet', 0, 'amount'],
  },
  {
    schema: 'instalment-plan',
    example: instalmentPlan,
    nested: ['schedule', 1],
    enumField: [],
    amount: ['schedule', 0, 'amountDue'],
  },
  {
    schema: 'payee',
    example: payee,
    nested: ['domestic'],
    enumField: ['type'],
    wrongEnum: 'ALL',
  },
  {
    schema: 'customer-detail',
    example: customerDetail,
    nested: ['person', 'physicalAddresses', 0],
    enumField: ['person', 'phoneNumbers', 0, 'purpose'],
  },
  {
    schema: 'customer-identity',
    example: {
      id: 'c-1',
      email: 'alex.citizen@example.com',
      emailVerified: true,
      givenName: 'Alex',
      familyName: 'Citizen',
      name: 'Alex Citizen',
      phoneNumber: '+61491570006',
      phoneNumberVerified: false,
      updatedAt: '2026-05-04T08:00:00Z',
      address: {
        streetAddress: '1 Sample Street',
        locality: 'Exampleton',
        region: 'NSW',
        postalCode: '2999',
        country: 'AUS',
      },
    },
    nested: ['address'],
    // Not an enum, a pattern: ISO 3166 alpha-3, never alpha-2.
    enumField: ['address', 'country'],
    wrongEnum: 'AU',
  },
  {
    schema: 'customer-search-result',
    example: { id: 'c-1', name: 'Alex Citizen', phoneNumber: '+61491570006' },
    nested: [],
    // Not an enum, a pattern: E.164, never a national number.
    enumField: ['phoneNumber'],
    wrongEnum: '0491 570 006',
  },
  {
    schema: 'energy-account',
    example: energyAccount,
    nested: ['plans', 0, 'planDetail', 'electricityContract', 'tariffPeriod', 0, 'singleRate'],
    enumField: ['plans', 0, 'planDetail', 'fuelType'],
    amount: [
      'plans',
      0,
      'planDetail',
      'electricityContract',
      'tariffPeriod',
      0,
      'dailySupplyCharges',
    ],
    numberField: [
      'plans',
      0,
      'planDetail',
      'electricityContract',
      'intrinsicGreenPower',
      'greenPercentage',
    ],
  },
  {
    schema: 'energy-invoice',
    example: energyInvoice,
    nested: ['electricity'],
    enumField: ['paymentStatus'],
    amount: ['invoiceAmount'],
  },
  {
    schema: 'energy-concession',
    example: energyConcession,
    nested: [],
    enumField: ['appliedTo', 0],
    amount: ['amount'],
  },
  {
    schema: 'fdx-transaction',
    example: fdxTransaction,
    nested: [],
    enumField: ['debitCreditMemo'],
    wrongEnum: 'MEMO',
    numberField: ['amount'],
  },
  {
    schema: 'fdx-statement',
    example: fdxStatement,
    nested: ['links', 0],
    enumField: ['status'],
  },
  {
    schema: 'fdx-asset-transfer-network',
    example: fdxAssetTransferNetwork,
    nested: [],
    enumField: ['type'],
  },
  {
    schema: 'banking-transaction',
    example: bankingTransaction,
    nested: [],
    enumField: ['type'],
    amount: ['amount'],
  },
  {
    schema: 'banking-transaction-detail',
    example: bankingTransactionDetail,
    nested: ['extendedData', 'nppPayload'],
    enumField: ['extendedData', 'nppPayload', 'service'],
    wrongEnum: 'x2p1',
    amount: ['amount'],
  },
  {
    schema: 'energy-balance',
    example: energyBalance,
    nested: [],
    enumField: ['balance'],
    wrongEnum: 12,
    amount: ['balance'],
  },
  {
    schema: 'fdx-account-descriptor',
    example: fdxAccountDescriptor,
    nested: ['currency'],
    enumField: ['accountType'],
    wrongEnum: 'MORTGAGE',
  },
  {
    schema: 'fdx-account',
    example: fdxLoanAccount,
    nested: ['currency'],
    enumField: ['interestRateType'],
    numberField: ['principalBalance'],
  },
  {
    schema: 'fdx-account-contact',
    example: fdxAccountContact,
    nested: ['holders', 0, 'name'],
    enumField: ['telephones', 0, 'type'],
  },
  {
    schema: 'fdx-payment-network',
    example: fdxPaymentNetwork,
    nested: [],
    enumField: ['type'],
    wrongEnum: 'AU_BECS',
  },
  {
    schema: 'product-summary',
    example: productSummary,
    nested: [],
    enumField: ['product_category'],
  },
  {
    schema: 'product-list',
    example: { cursor: '', products: [productSummary], total_pages: 1 },
    nested: ['products', 0],
    enumField: ['products', 0, 'product_category'],
  },
  {
    schema: 'token-response',
    example: { token: 'eyJhbGciOiJFUzI1NiJ9.e30.c2ln', expires_in: 900 },
    nested: [],
    enumField: ['expires_in'],
    wrongEnum: 3600,
  },
];

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

function clone<T>(value: T): T {
  return structuredClone(value);
}

function at(root: unknown, where: PathPart[]): unknown {
  let node = root;
  for (const part of where) node = (node as Record<PathPart, unknown>)[part];
  return node;
}

function setAt(root: unknown, where: PathPart[], value: unknown): void {
  const parent = at(root, where.slice(0, -1)) as Record<PathPart, unknown>;
  parent[where[where.length - 1]] = value;
}

const ajv = createContractsAjv();

function validatorOf(name: string): ValidateFunction {
  const validate = ajv.getSchema(refOf(name));
  if (!validate) throw new Error(`no schema ${name}`);
  return validate;
}

function errorsOf(validate: ValidateFunction, data: unknown): string {
  validate(data);
  return ajv.errorsText(validate.errors);
}

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

describe('contract schemas', () => {
  const schemas = loadSchemas();

  it('when the schema folder is loaded, then it holds exactly the documented files with matching $id', () => {
    expect(Object.keys(schemas).sort()).toEqual(
      [
        'balance',
        'banking-account-list-item-v3',
        'banking-account-list-item-v4',
        'banking-account-v3',
        'banking-account-v4',
        'banking-transaction',
        'banking-transaction-detail',
        'common',
        'customer-detail',
        'customer-identity',
        'customer-search-result',
        'direct-debit',
        'energy-account',
        'energy-balance',
        'energy-concession',
        'energy-invoice',
        'envelopes',
        'fdx-account',
        'fdx-account-contact',
        'fdx-account-descriptor',
        'fdx-asset-transfer-network',
        'fdx-payment-network',
        'fdx-statement',
        'fdx-transaction',
        'instalment-plan',
        'payee',
        'product-list',
        'product-summary',
        'scheduled-payment',
        'shareable-account',
        'token-response',
      ].sort(),
    );
    for (const [name, schema] of Object.entries(schemas)) {
      const s = schema as { $id: string; $schema: string };
      expect(s.$id).toBe(`${CONTRACTS_BASE}${name}.json`);
      expect(s.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    }
  });

  it.each(Object.keys(loadSchemas()))(
    'when %s and each of its $defs is compiled by the strict Ajv, then it compiles',
    (name) => {
      const schema = schemas[name] as { $defs?: Record<string, unknown>; $ref?: string };
      if (name !== 'common' && name !== 'envelopes')
        expect(ajv.getSchema(refOf(name))).toBeDefined();
      for (const def of Object.keys(schema.$defs ?? {})) {
        expect(ajv.getSchema(refOf(name, def))).toBeDefined();
      }
    },
  );

  it('when any object of any schema is inspected, then it is closed to undocumented fields', () => {
    const open: string[] = [];
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}/${i}`));
      if (!node || typeof node !== 'object') return;
      const o = node as Record<string, unknown>;
      const closed = o.additionalProperties === false || o.unevaluatedProperties === false;
      const isOpenBase = /\$defs\/[A-Za-z]+Fields(V3)?$/.test(where);
      const isConditional = /\/(if|then)$/.test(where);
      if (o.properties && !closed && !isOpenBase && !isConditional) open.push(where);
      for (const [k, v] of Object.entries(o)) walk(v, `${where}/${k}`);
    };
    for (const [name, schema] of Object.entries(schemas)) walk(schema, name);
    expect(open).toEqual([]);
  });
});

describe.each(cases)('resource $schema', (c) => {
  const validate = validatorOf(c.schema);

  it('when the realistic example is validated, then it is valid', () => {
    expect(errorsOf(validate, c.example)).toBe('No errors');
  });

  it('when an undocumented property is added at the root, then it is rejected', () => {
    const data = clone(c.example) as Record<string, unknown>;
    data.undocumented = 'x';
    expect(validate(data)).toBe(false);
  });

  const mutations: [string, (data: unknown) => void][] = [];
  if (c.nested.length)
    mutations.push([
      `an undocumented property is added to the nested object at ${c.nested.join('.')}`,
      (data) => ((at(data, c.nested) as Record<string, unknown>).undocumented = 'x'),
    ]);
  if (c.enumField.length)
    mutations.push([
      `${c.enumField.join('.')} carries a value outside its enum`,
      (data) => setAt(data, c.enumField, c.wrongEnum ?? 'NOT_A_DOCUMENTED_VALUE'),
    ]);
  const { amount, numberField } = c;
  if (amount)
    mutations.push([
      `the amount ${amount.join('.')} is a number instead of a decimal string`,
      (data) => setAt(data, amount, Number(at(data, amount))),
    ]);
  if (numberField)
    mutations.push([
      `the number ${numberField.join('.')} is sent as a string`,
      (data) => setAt(data, numberField, String(at(data, numberField))),
    ]);

  it.each(mutations)('when %s, then it is rejected', (_name, mutate) => {
    const data = clone(c.example);
    mutate(data);
    expect(validate(data)).toBe(false);
  });
});

describe('banking account versions', () => {
  const v4 = validatorOf('banking-account-v4');
  const v4Item = validatorOf('banking-account-list-item-v4');
  const v3 = validatorOf('banking-account-v3');
  const v3Item = validatorOf('banking-account-list-item-v3');

  it('when a v4 account has no complexAccountType and users, then the detail accepts it and the list item rejects it', () => {
    const data = clone(bankingAccountV4) as Partial<BankingAccountListItemV4>;
    delete data.complexAccountType;
    delete data.users;
    expect(errorsOf(v4, data)).toBe('No errors');
    expect(v4Item(data)).toBe(false);
    expect(errorsOf(v4, creditCardAccountV4)).toBe('No errors');
  });

  it('when a v3 account has no complexAccountType and users, then the detail accepts it and the list item rejects it', () => {
    const data = clone(bankingAccountV3) as Partial<BankingAccountListItemV3>;
    delete data.users;
    expect(errorsOf(v3, data)).toBe('No errors');
    expect(v3Item(data)).toBe(false);
  });

  it('when a version 4 account is checked against version 3, then the 1.7.0 changes are rejected', () => {
    expect(v3(bankingAccountV4)).toBe(false);
    const messages = errorsOf(v3, bankingAccountV4);
    expect(messages).toMatch(/isActivated/);
    expect(messages).toMatch(/minimumValue/);
    expect(v3(creditCardAccountV4)).toBe(false); // BALANCE_TRANSFER, UNCONSTRAINED, OTHER
  });

  it('when a version 3 account is checked against version 4, then the pre-1.7.0 shape is rejected', () => {
    expect(v4(bankingAccountV3)).toBe(false);
  });

  it('when a fee names a method whose object is missing, then it is rejected', () => {
    const data = clone(bankingAccountV4);
    delete data.fees![0].fixedAmount;
    expect(v4(data)).toBe(false);
  });

  it('when specificAccountUType is termDeposit without termDeposit, then it is rejected, and with it accepted', () => {
    const data: BankingAccountV4 = {
      ...clone(creditCardAccountV4),
      specificAccountUType: 'termDeposit',
    };
    delete data.creditCard;
    delete data.lendingRates;
    expect(v4(data)).toBe(false);
    data.termDeposit = [
      {
        lodgementDate: '2026-01-10',
        maturityDate: '2027-01-10',
        maturityAmount: '10450.00',
        maturityInstructions: 'ROLLED_OVER',
      },
    ];
    expect(errorsOf(v4, data)).toBe('No errors');
  });

  it('when an applicability condition uses the change-notes spelling rateApplicabilityType, then it is rejected', () => {
    const data = clone(bankingAccountV4) as unknown as {
      depositRates: { applicabilityConditions: object[] }[];
    };
    data.depositRates[0].applicabilityConditions = [{ rateApplicabilityType: 'MIN_DEPOSITS' }];
    expect(v4(data)).toBe(false);
  });

  it('when an address names the paf variant, then the PAF structure is accepted', () => {
    const data = clone(bankingAccountV4);
    data.addresses = [
      {
        addressUType: 'paf',
        paf: { streetName: 'George', localityName: 'Sydney', postcode: '2000', state: 'NSW' },
      },
    ];
    expect(errorsOf(v4, data)).toBe('No errors');
    data.addresses = [{ addressUType: 'paf' }];
    expect(v4(data)).toBe(false);
  });
});

describe('response envelopes', () => {
  it('when a paginated balances page is built with paginatedResponse, then it validates data, links and meta', () => {
    const validate = ajv.compile(paginatedResponse('balances', refOf('balance')));
    const page = {
      data: { balances: [balance] },
      links: { next: 'page=2&page-size=25', last: 'page=3&page-size=25' },
      meta: { totalRecords: 60, totalPages: 3 },
    };
    expect(errorsOf(validate, page)).toBe('No errors');
    expect(validate({ ...page, links: { ...page.links, self: 'x' } })).toBe(false);
    expect(validate({ ...page, meta: { totalRecords: 60 } })).toBe(false);
    expect(validate({ ...page, meta: { totalRecords: -1, totalPages: 0 } })).toBe(false);
    expect(validate({ ...page, data: { balances: [balance], extra: [] } })).toBe(false);
    expect(validate({ ...page, extra: true })).toBe(false);
  });

  it('when a single page carries empty links, then it is valid', () => {
    const validate = ajv.compile(
      paginatedResponse('accounts', refOf('banking-account-list-item-v4')),
    );
    expect(
      errorsOf(validate, {
        data: { accounts: [bankingAccountV4] },
        links: {},
        meta: { totalRecords: 1, totalPages: 1 },
      }),
    ).toBe('No errors');
  });

  it('when concessions are built with dataOnlyResponse, then links and meta are not allowed', () => {
    const validate = ajv.compile(dataOnlyResponse('concessions', refOf('energy-concession')));
    expect(errorsOf(validate, { data: { concessions: [energyConcession] } })).toBe('No errors');
    expect(validate({ data: { concessions: [] }, meta: { totalRecords: 0, totalPages: 0 } })).toBe(
      false,
    );
  });

  it('when refOf is given a def, then it points into $defs of the full $id', () => {
    expect(refOf('envelopes', 'Meta')).toBe(
      'https://dhg.example/contracts/envelopes.json#/$defs/Meta',
    );
    expect(refOf('balance')).toBe('https://dhg.example/contracts/balance.json');
  });

  it('when error bodies are validated, then each family accepts only its own fields', () => {
    const v1 = ajv.getSchema(refOf('envelopes', 'ErrorV1'))!;
    const fdx = ajv.getSchema(refOf('envelopes', 'ErrorFdx'))!;
    const platform = ajv.getSchema(refOf('envelopes', 'ErrorPlatform'))!;
    const fdxPage = ajv.getSchema(refOf('envelopes', 'FdxPage'))!;
    expect(v1({ error: 'Customer not found' })).toBe(true);
    expect(v1({ error: 'Customer not found', code: 404 })).toBe(false);
    expect(fdx({ code: 705, message: 'Account is closed', debugMessage: 'corr-123' })).toBe(true);
    expect(fdx({ code: '705', message: 'Account is closed', debugMessage: 'corr-123' })).toBe(
      false,
    );
    expect(fdx({ code: 705, message: 'Account is closed' })).toBe(false);
    expect(platform({ error: 'invalid_client', error_description: 'Unknown client' })).toBe(true);
    expect(platform({ error: 'invalid_client', error_description: 'x', hint: 'y' })).toBe(false);
    expect(fdxPage({ nextOffset: 'B47D80MVP23T', totalElements: 3 })).toBe(true);
    expect(fdxPage({})).toBe(true);
    expect(fdxPage({ nextOffset: 3 })).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// Comparison with the reference specifications, read from their extracts in test/reference/.
// ---------------------------------------------------------------------------------------------

describe('comparison with CDS 1.34.1', () => {
  const cdsOf = referenceValidators('cds/cds_banking_1.34.1.json', 'cds-banking');

  it.each([
    ['banking-account-v4', 'BankingAccountDetailV4', bankingAccountV4],
    ['banking-account-v4', 'BankingAccountDetailV4', creditCardAccountV4],
    ['balance', 'BankingBalance', balance],
    ['direct-debit', 'BankingDirectDebit', directDebit],
    ['payee', 'BankingPayeeDetailV2', payee],
    ['scheduled-payment', 'BankingScheduledPaymentV2', scheduledPayment],
    ['banking-transaction', 'BankingTransaction', bankingTransaction],
    ['banking-transaction-detail', 'BankingTransactionDetailV2', bankingTransactionDetail],
  ] as const)(
    'when an example is valid under our %s, then it is valid under CDS %s',
    (ours, theirs, example) => {
      expect(errorsOf(validatorOf(ours), example)).toBe('No errors');
      const reference = cdsOf(theirs);
      reference(toCdsShape(example));
      expect(reference.errors ?? []).toEqual([]);
    },
  );

  it('when a record breaks a CDS rule, then the CDS validator rejects it (the comparison is live)', () => {
    expect(cdsOf('BankingBalance')({ accountId: 'acc-1001', currentBalance: '1.00' })).toBe(false);
    expect(cdsOf('BankingAccountDetailV4')(bankingAccountV4)).toBe(false); // rates as numbers
    expect(cdsOf('BankingScheduledPaymentV2')(scheduledPayment)).toBe(false); // reccurenceUType
  });
});

describe('comparison with the FDX v6 profile (corex-6.0)', () => {
  const fdxOf = referenceValidators('fdx/corex-6.0.json', 'fdx-corex');

  it.each([
    ['fdx-transaction', 'DepositTransaction', fdxTransaction],
    ['fdx-statement', 'Statement', fdxStatement],
    ['fdx-asset-transfer-network', 'AssetTransferNetwork', fdxAssetTransferNetwork],
    ['fdx-account-descriptor', 'AccountDescriptor', fdxAccountDescriptor],
    ['fdx-account', 'AccountWithDetails', fdxDepositAccount],
    ['fdx-account', 'AccountWithDetails', fdxLoanAccount],
    ['fdx-account-contact', 'AccountContact', fdxAccountContact],
    ['fdx-payment-network', 'PaymentNetwork', fdxPaymentNetwork],
  ] as const)(
    'when an example is valid under our %s, then it is valid under FDX %s',
    (ours, theirs, example) => {
      expect(errorsOf(validatorOf(ours), example)).toBe('No errors');
      const reference = fdxOf(theirs);
      reference(example);
      expect(reference.errors ?? []).toEqual([]);
    },
  );

  it('when a record breaks an FDX rule, then the FDX validator rejects it (the comparison is live)', () => {
    expect(fdxOf('DepositTransaction')({ ...fdxTransaction, status: 'DONE' })).toBe(false);
    expect(fdxOf('AssetTransferNetwork')({ identifier: '1', type: 'US_ACATS' })).toBe(false);
  });
});
