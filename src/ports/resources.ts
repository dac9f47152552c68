/**
 * The documented resource shapes, as TypeScript types. Each interface mirrors one schema of
 * `contracts/schemas/` (the schemas are the authority; these types only help the compiler).
 *
 * Conventions: money amounts are decimal strings (`AmountString`); dates are `YYYY-MM-DD`
 * strings, timestamps RFC 3339 strings, durations ISO 8601 strings. Field names keep the
 * interface's spelling, including `rateApplicablityType` and `reccurenceUType`.
 */

// ------------------------------------------------------------------ common

/** Decimal amount as a string, e.g. `"1200.50"`. */
export type AmountString = string;
/** Calendar date, `YYYY-MM-DD`. */
export type DateString = string;
/** RFC 3339 date-time. */
export type DateTimeString = string;
/** ISO 8601 duration, e.g. `P1M`. */
export type DurationString = string;
/** ISO 4217 currency code, e.g. `AUD`. */
export type CurrencyCode = string;

export type OpenStatus = 'OPEN' | 'CLOSED';

export type ComplexAccountType = 'INDIVIDUAL' | 'JOINT' | 'ORGANIZATION';

export type ProductCategory =
  | 'BUSINESS_LOANS'
  | 'CRED_AND_CHRG_CARDS'
  | 'LEASES'
  | 'MARGIN_LOANS'
  | 'OVERDRAFTS'
  | 'PERS_LOANS'
  | 'REGULATED_TRUST_ACCOUNTS'
  | 'RESIDENTIAL_MORTGAGES'
  | 'TERM_DEPOSITS'
  | 'TRADE_FINANCE'
  | 'TRANS_AND_SAVINGS_ACCOUNTS'
  | 'TRAVEL_CARDS';

export interface RelatedUser {
  id: string;
  email: string;
  isAccountHolder: boolean;
}

export interface SimpleAddress {
  mailingName?: string;
  addressLine1: string;
  addressLine2?: string;
  addressLine3?: string;
  postcode?: string;
  city: string;
  state: string;
  country?: string;
}

export interface PafAddress {
  dpid?: string;
  thoroughfareNumber1?: number;
  thoroughfareNumber1Suffix?: string;
  thoroughfareNumber2?: number;
  thoroughfareNumber2Suffix?: string;
  flatUnitType?: string;
  flatUnitNumber?: string;
  floorLevelType?: string;
  floorLevelNumber?: string;
  lotNumber?: string;
  buildingName1?: string;
  buildingName2?: string;
  streetName?: string;
  streetType?: string;
  streetSuffix?: string;
  postalDeliveryType?: string;
  postalDeliveryNumber?: number;
  postalDeliveryNumberPrefix?: string;
  postalDeliveryNumberSuffix?: string;
  localityName: string;
  postcode: string;
  state: string;
}

/** `simple` is present when addressUType is `simple`, `paf` when it is `paf`. */
export interface PhysicalAddress {
  addressUType: 'simple' | 'paf';
  simple?: SimpleAddress;
  paf?: PafAddress;
}

// ------------------------------------------------------------------ account authorisation list

export interface ShareableAccount {
  accountId: string;
  displayName?: string;
  subtitle?: string;
  openStatus?: OpenStatus;
  extensions?: {
    cdr: {
      complexAccountType: ComplexAccountType;
      users?: RelatedUser[];
    };
  };
}

// ------------------------------------------------------------------ banking account, shared parts

export type AccountOwnership = 'UNKNOWN' | 'ONE_PARTY' | 'TWO_PARTY' | 'MANY_PARTY' | 'OTHER';

export type SpecificAccountUType = 'creditCard' | 'loan' | 'termDeposit';

export interface TermDepositAccount {
  lodgementDate: DateString;
  maturityDate: DateString;
  maturityAmount?: AmountString;
  maturityCurrency?: CurrencyCode;
  maturityInstructions: 'HOLD_ON_MATURITY' | 'PAID_OUT_AT_MATURITY' | 'ROLLED_OVER';
}

export interface CreditCardAccount {
  minPaymentAmount: AmountString;
  paymentDueAmount: AmountString;
  paymentCurrency?: CurrencyCode;
  paymentDueDate: DateString;
}

export type RepaymentType = 'INTEREST_ONLY' | 'OTHER' | 'PRINCIPAL_AND_INTEREST' | 'UNCONSTRAINED';
export type RepaymentTypeV3 = 'INTEREST_ONLY' | 'PRINCIPAL_AND_INTEREST';
export type LoanPurpose = 'INVESTMENT' | 'OTHER' | 'OWNER_OCCUPIED' | 'UNCONSTRAINED';
export type LoanPurposeV3 = 'INVESTMENT' | 'OWNER_OCCUPIED';

interface LoanAccountFields {
  originalStartDate?: DateString;
  originalLoanAmount?: AmountString;
  originalLoanCurrency?: CurrencyCode;
  loanEndDate?: DateString;
  nextInstalmentDate?: DateString;
  minInstalmentAmount?: AmountString;
  minInstalmentCurrency?: CurrencyCode;
  maxRedraw?: AmountString;
  maxRedrawCurrency?: CurrencyCode;
  minRedraw?: AmountString;
  minRedrawCurrency?: CurrencyCode;
  offsetAccountEnabled?: boolean;
  offsetAccountIds?: string[];
  repaymentFrequency?: DurationString;
}

export interface LoanAccount extends LoanAccountFields {
  repaymentType: RepaymentType;
}

export interface LoanAccountV3 extends LoanAccountFields {
  repaymentType?: RepaymentTypeV3;
}

export type DepositRateType =
  'BONUS' | 'BUNDLE_BONUS' | 'FIXED' | 'FLOATING' | 'INTRODUCTORY' | 'MARKET_LINKED' | 'VARIABLE';

export type LendingRateTypeV3 =
  | 'BUNDLE_DISCOUNT_FIXED'
  | 'BUNDLE_DISCOUNT_VARIABLE'
  | 'CASH_ADVANCE'
  | 'DISCOUNT'
  | 'FIXED'
  | 'FLOATING'
  | 'INTRODUCTORY'
  | 'MARKET_LINKED'
  | 'PENALTY'
  | 'PURCHASE'
  | 'VARIABLE';
export type LendingRateType = LendingRateTypeV3 | 'BALANCE_TRANSFER';

export type RateApplicationType = 'MATURITY' | 'PERIODIC' | 'UPFRONT';
export type UnitOfMeasure = 'DAY' | 'DOLLAR' | 'MONTH' | 'PERCENT';
export type RateApplicationMethod = 'PER_TIER' | 'WHOLE_BALANCE';

export type RateApplicabilityType =
  | 'MIN_DEPOSITS'
  | 'MIN_DEPOSIT_AMOUNT'
  | 'DEPOSIT_BALANCE_INCREASED'
  | 'EXISTING_CUST'
  | 'NEW_ACCOUNTS'
  | 'NEW_CUSTOMER'
  | 'NEW_CUSTOMER_TO_GROUP'
  | 'ONLINE_ONLY'
  | 'OTHER'
  | 'MIN_PURCHASES'
  | 'MAX_WITHDRAWALS'
  | 'MAX_WITHDRAWAL_AMOUNT';

export type FeatureTypeV3 =
  | 'ADDITIONAL_CARDS'
  | 'BALANCE_TRANSFERS'
  | 'BILL_PAYMENT'
  | 'BONUS_REWARDS'
  | 'CARD_ACCESS'
  | 'CASHBACK_OFFER'
  | 'COMPLEMENTARY_PRODUCT_DISCOUNTS'
  | 'DIGITAL_BANKING'
  | 'DIGITAL_WALLET'
  | 'DONATE_INTEREST'
  | 'EXTRA_REPAYMENTS'
  | 'FRAUD_PROTECTION'
  | 'FREE_TXNS'
  | 'FREE_TXNS_ALLOWANCE'
  | 'GUARANTOR'
  | 'INSTALMENT_PLAN'
  | 'INSURANCE'
  | 'INTEREST_FREE'
  | 'INTEREST_FREE_TRANSFERS'
  | 'LOYALTY_PROGRAM'
  | 'NOTIFICATIONS'
  | 'NPP_ENABLED'
  | 'NPP_PAYID'
  | 'OFFSET'
  | 'OTHER'
  | 'OVERDRAFT'
  | 'REDRAW'
  | 'RELATIONSHIP_MANAGEMENT'
  | 'UNLIMITED_TXNS';
export type FeatureType = FeatureTypeV3 | 'FUNDS_AVAILABLE_AFTER';

export type FeeType =
  | 'CASH_ADVANCE'
  | 'DEPOSIT'
  | 'DISHONOUR'
  | 'ENQUIRY'
  | 'EVENT'
  | 'EXIT'
  | 'LATE_PAYMENT'
  | 'OTHER'
  | 'PAYMENT'
  | 'PERIODIC'
  | 'PURCHASE'
  | 'REPLACEMENT'
  | 'TRANSACTION'
  | 'UPFRONT'
  | 'UPFRONT_PER_PLAN'
  | 'VARIATION'
  | 'WITHDRAWAL';
export type FeeTypeV3 = FeeType | 'VARIABLE';

export type DiscountType = 'BALANCE' | 'DEPOSITS' | 'ELIGIBILITY_ONLY' | 'FEE_CAP' | 'PAYMENTS';

export interface DiscountEligibility {
  discountEligibilityType:
    | 'BUSINESS'
    | 'EMPLOYMENT_STATUS'
    | 'INTRODUCTORY'
    | 'MAX_AGE'
    | 'MIN_AGE'
    | 'MIN_INCOME'
    | 'MIN_TURNOVER'
    | 'NATURAL_PERSON'
    | 'OTHER'
    | 'PENSION_RECIPIENT'
    | 'RESIDENCY_STATUS'
    | 'STAFF'
    | 'STUDENT';
  additionalValue?: string;
  additionalInfo?: string;
  additionalInfoUri?: string;
}

// ------------------------------------------------------------------ banking account v4 parts

export interface ApplicabilityCondition {
  /** Spelled as in the interface's response example. */
  rateApplicablityType: RateApplicabilityType;
  additionalValue?: string;
  additionalInfo?: string;
}

export interface RateTier {
  name: string;
  unitOfMeasure: UnitOfMeasure;
  minimumValue: string;
  maximumValue?: string;
  rateApplicationMethod?: RateApplicationMethod;
  applicabilityConditions?: ApplicabilityCondition[];
}

export interface DepositRate {
  depositRateType: DepositRateType;
  rate: number;
  calculationFrequency?: DurationString;
  applicationType: RateApplicationType;
  applicationFrequency?: DurationString;
  tiers?: RateTier[];
  applicabilityConditions?: ApplicabilityCondition[];
  additionalValue?: string;
  additionalInfo?: string;
}

export interface LendingRate {
  lendingRateType: LendingRateType;
  rate: number;
  comparisonRate?: number;
  calculationFrequency?: DurationString;
  applicationFrequency?: DurationString;
  applicationType: RateApplicationType;
  repaymentType: RepaymentType;
  loanPurpose: LoanPurpose;
  applicabilityConditions?: ApplicabilityCondition[];
  additionalValue?: string;
  additionalInfo?: string;
}

export interface Feature {
  featureType: FeatureType;
  additionalValue?: string;
  additionalInfo?: string;
  isActivated?: 'ACTIVATED' | 'NOT_ACTIVATED' | 'UNKNOWN';
}

export interface FeeAmount {
  amount: AmountString;
}

export interface FeeRange {
  feeMinimum?: AmountString;
  feeMaximum?: AmountString;
}

export interface FeeRate {
  rateType: 'BALANCE' | 'INTEREST_ACCRUED' | 'TRANSACTION';
  rate: number;
  accrualFrequency?: DurationString;
  amountRange?: FeeRange;
}

export interface FeeDiscountRange {
  discountMinimum?: AmountString;
  discountMaximum?: AmountString;
}

export interface FeeDiscountRate {
  rateType: 'BALANCE' | 'FEE' | 'INTEREST_ACCRUED' | 'TRANSACTION';
  rate: number;
  amountRange?: FeeDiscountRange;
}

/** The object named by discountMethodUType is present. */
export interface FeeDiscount {
  description: string;
  discountType: DiscountType;
  discountMethodUType: 'fixedAmount' | 'rateBased';
  fixedAmount?: FeeAmount;
  rateBased?: FeeDiscountRate;
  additionalValue?: string;
  additionalInfo?: string;
  additionalInfoUri?: string;
  eligibility?: DiscountEligibility[];
}

/** The object named by feeMethodUType is present. */
export interface Fee {
  name: string;
  feeType: FeeType;
  feeMethodUType: 'fixedAmount' | 'rateBased' | 'variable';
  fixedAmount?: FeeAmount;
  rateBased?: FeeRate;
  variable?: FeeRange;
  additionalValue?: string;
  discounts?: FeeDiscount[];
}

// ------------------------------------------------------------------ banking account

interface BankingAccountBase {
  accountId: string;
  /** A date or a timestamp. */
  creationDate?: string;
  displayName: string;
  nickname?: string;
  openStatus?: OpenStatus;
  isOwned?: boolean;
  accountOwnership: AccountOwnership;
  maskedNumber: string;
  productCategory: ProductCategory;
  productName: string;
  /** Required in the deprecated account list. */
  complexAccountType?: ComplexAccountType;
  /** Required in the deprecated account list. */
  users?: RelatedUser[];
  bsb?: string;
  accountNumber?: string;
  bundleName?: string;
  specificAccountUType?: SpecificAccountUType;
  /** Required when specificAccountUType is termDeposit. */
  termDeposit?: TermDepositAccount[];
  creditCard?: CreditCardAccount;
  depositRate?: number;
  addresses?: PhysicalAddress[];
}

/** Banking account, detail version 4 (the default). */
export interface BankingAccountV4 extends BankingAccountBase {
  loan?: LoanAccount;
  depositRates?: DepositRate[];
  lendingRates?: LendingRate[];
  features?: Feature[];
  fees?: Fee[];
}

/** An item of the deprecated account list, version 4. */
export type BankingAccountListItemV4 = BankingAccountV4 & {
  complexAccountType: ComplexAccountType;
  users: RelatedUser[];
};

// ------------------------------------------------------------------ banking account v3 parts

/** Version 3: a single object, on rate tiers only. */
export interface ApplicabilityConditionV3 {
  additionalInfo?: string;
  additionalInfoUri?: string;
}

export interface RateTierV3 {
  name: string;
  unitOfMeasure: UnitOfMeasure;
  minimumValue: number;
  maximumValue?: number;
  rateApplicationMethod?: RateApplicationMethod;
  applicabilityConditions?: ApplicabilityConditionV3;
}

export interface DepositRateV3 {
  depositRateType: DepositRateType;
  rate: number;
  calculationFrequency?: DurationString;
  applicationType?: RateApplicationType;
  applicationFrequency?: DurationString;
  tiers?: RateTierV3[];
  additionalValue?: string;
  additionalInfo?: string;
}

export interface LendingRateV3 {
  lendingRateType: LendingRateTypeV3;
  rate: number;
  comparisonRate?: number;
  calculationFrequency?: DurationString;
  applicationFrequency?: DurationString;
  applicationType?: RateApplicationType;
  repaymentType?: RepaymentTypeV3;
  loanPurpose?: LoanPurposeV3;
  additionalValue?: string;
  additionalInfo?: string;
}

export interface FeatureV3 {
  featureType: FeatureTypeV3;
  additionalValue?: string;
  additionalInfo?: string;
  isActivated?: boolean;
}

export interface FeeDiscountV3 {
  description: string;
  discountType: DiscountType;
  amount?: AmountString;
  balanceRate?: number;
  transactionRate?: number;
  accruedRate?: number;
  feeRate?: number;
  additionalValue?: string;
  additionalInfo?: string;
  additionalInfoUri?: string;
  eligibility?: DiscountEligibility[];
}

export interface FeeV3 {
  name: string;
  feeType: FeeTypeV3;
  amount?: AmountString;
  balanceRate?: number;
  transactionRate?: number;
  accruedRate?: number;
  accrualFrequency?: DurationString;
  additionalValue?: string;
  discounts?: FeeDiscountV3[];
}

/** Banking account, detail version 3 (the shape before interface version 1.7.0). */
export interface BankingAccountV3 extends BankingAccountBase {
  loan?: LoanAccountV3;
  depositRates?: DepositRateV3[];
  lendingRates?: LendingRateV3[];
  features?: FeatureV3[];
  fees?: FeeV3[];
}

/** An item of the deprecated account list, version 3. */
export type BankingAccountListItemV3 = BankingAccountV3 & {
  complexAccountType: ComplexAccountType;
  users: RelatedUser[];
};

// ------------------------------------------------------------------ other banking resources

export interface Balance {
  accountId: string;
  currentBalance: AmountString;
  availableBalance: AmountString;
}

export interface DirectDebit {
  accountId: string;
  authorisedEntity: {
    description?: string;
    financialInstitution?: string;
    abn?: string;
    acn?: string;
  };
  lastDebitDateTime?: DateTimeString;
  lastDebitAmount?: AmountString;
}

export interface InstalmentScheduleItem {
  amountDue: AmountString;
  dueDate: DateTimeString;
  isPaid: boolean;
}

export interface InstalmentPlan {
  accountId: string;
  planId: string;
  planReference?: string;
  merchantName?: string;
  merchantCategoryCode?: string;
  planNickname?: string;
  creationDate: DateTimeString;
  amount?: AmountString;
  planCurrency?: CurrencyCode;
  planCharge?: AmountString;
  duration?: DurationString;
  instalmentInterval?: DurationString;
  schedule: InstalmentScheduleItem[];
}

export interface DomesticPayeeAccount {
  accountName?: string;
  bsb: string;
  accountNumber: string;
}

export interface DomesticPayeeCard {
  cardNumber: string;
}

export interface DomesticPayeePayId {
  name?: string;
  identifier: string;
  type: 'ABN' | 'EMAIL' | 'ORG_IDENTIFIER' | 'TELEPHONE';
}

/** The object named by payeeAccountUType is present. */
export interface DomesticPayee {
  payeeAccountUType: 'account' | 'card' | 'payId';
  account?: DomesticPayeeAccount;
  card?: DomesticPayeeCard;
  payId?: DomesticPayeePayId;
}

export interface BillerPayee {
  billerCode: string;
  crn?: string;
  billerName: string;
}

export interface DigitalWalletPayee {
  name: string;
  identifier: string;
  type: 'EMAIL' | 'CONTACT_NAME' | 'TELEPHONE';
  provider: 'PAYPAL_AU' | 'OTHER';
}

export interface InternationalPayee {
  beneficiaryDetails: {
    name?: string;
    country: string;
    message?: string;
  };
  bankDetails: {
    country: string;
    accountNumber: string;
    bankAddress?: { name: string; address: string };
    beneficiaryBankBIC?: string;
    fedWireNumber?: string;
    sortCode?: string;
    chipNumber?: string;
    routingNumber?: string;
    legalEntityIdentifier?: string;
  };
}

export type PayeeType = 'BILLER' | 'DIGITAL_WALLET' | 'DOMESTIC' | 'INTERNATIONAL';

/** The object named by payeeUType is present. */
export interface Payee {
  payeeId: string;
  nickname: string;
  description?: string;
  type: PayeeType;
  creationDate?: DateString;
  payeeUType: 'biller' | 'digitalWallet' | 'domestic' | 'international';
  domestic?: DomesticPayee;
  biller?: BillerPayee;
  digitalWallet?: DigitalWalletPayee;
  international?: InternationalPayee;
}

/** The field named by toUType is present. */
export interface ScheduledPaymentTo {
  toUType: 'accountId' | 'biller' | 'digitalWallet' | 'domestic' | 'international' | 'payeeId';
  accountId?: string;
  payeeId?: string;
  nickname?: string;
  payeeReference?: string;
  domestic?: DomesticPayee;
  biller?: BillerPayee;
  digitalWallet?: DigitalWalletPayee;
  international?: InternationalPayee;
}

export interface ScheduledPaymentSetItem {
  to: ScheduledPaymentTo;
  isAmountCalculated?: boolean;
  amount?: AmountString;
}

export type NonBusinessDayTreatment = 'AFTER' | 'BEFORE' | 'ON' | 'ONLY';

/** The object named by reccurenceUType (spelled as in the interface) is present. */
export interface ScheduledPaymentRecurrence {
  /** A date or a timestamp. */
  nextPaymentDate?: string;
  reccurenceUType: 'eventBased' | 'intervalSchedule' | 'lastWeekDay' | 'onceOff';
  onceOff?: { paymentDate: DateString };
  intervalSchedule?: {
    finalPaymentDate?: DateString;
    paymentsRemaining?: number;
    nonBusinessDayTreatment?: NonBusinessDayTreatment;
    intervals: { interval: DurationString; dayInInterval?: DurationString }[];
  };
  lastWeekDay?: {
    finalPaymentDate?: DateString;
    paymentsRemaining?: number;
    interval: DurationString;
    lastWeekDay: 'FRI' | 'MON' | 'SAT' | 'SUN' | 'THU' | 'TUE' | 'WED';
    nonBusinessDayTreatment?: NonBusinessDayTreatment;
  };
  eventBased?: { description: string };
}

export interface ScheduledPayment {
  scheduledPaymentId: string;
  nickname?: string;
  payerReference: string;
  status: 'ACTIVE' | 'INACTIVE' | 'SKIP';
  from: { accountId: string };
  paymentSet: ScheduledPaymentSetItem[];
  recurrence: ScheduledPaymentRecurrence;
}

// ------------------------------------------------------------------ customer

export interface PhoneNumber {
  isPreferred?: boolean;
  purpose: 'HOME' | 'INTERNATIONAL' | 'MOBILE' | 'OTHER' | 'UNSPECIFIED' | 'WORK';
  countryCode?: string;
  number: string;
  fullNumber: string;
}

export interface EmailAddress {
  isPreferred?: boolean;
  purpose: 'HOME' | 'OTHER' | 'UNSPECIFIED' | 'WORK';
  address: string;
}

export interface PhysicalAddressWithPurpose extends PhysicalAddress {
  purpose: 'MAIL' | 'OTHER' | 'PHYSICAL' | 'REGISTERED' | 'WORK';
}

export interface PersonDetail {
  lastUpdateTime?: DateTimeString;
  firstName?: string;
  lastName: string;
  middleNames: string[];
  prefix?: string;
  occupationCodeVersion?:
    | 'ANZSCO_1220.0_2006_V1.0'
    | 'ANZSCO_1220.0_2006_V1.1'
    | 'ANZSCO_1220.0_2013_V1.2'
    | 'ANZSCO_1220.0_2013_V1.3';
  phoneNumbers: PhoneNumber[];
  emailAddresses: EmailAddress[];
  physicalAddresses: PhysicalAddressWithPurpose[];
}

/** The `data` object of the customer detail response. */
export interface CustomerDetail {
  customerUType: 'person';
  person: PersonDetail;
}

// ------------------------------------------------------------------ energy

export type EnergyMeasureUnit =
  'KWH' | 'KVA' | 'KVAR' | 'KVARH' | 'KW' | 'DAYS' | 'METER' | 'MONTH';

export interface EnergyRate {
  unitPrice: AmountString;
  measureUnit?: EnergyMeasureUnit;
}

export interface EnergyControlledLoad {
  displayName: string;
  rateBlockUType: 'singleRate';
  startDate?: DateString;
  singleRate?: {
    displayName: string;
    description?: string;
    dailySupplyCharge?: AmountString;
    rates: EnergyRate[];
  };
}

export interface EnergyIncentive {
  displayName: string;
  description: string;
  category: 'GIFT' | 'ACCOUNT_CREDIT' | 'OTHER';
  eligibility?: string;
}

export interface EnergyDiscount {
  displayName: string;
  description?: string;
  type: 'CONDITIONAL' | 'GUARANTEED' | 'OTHER';
  category?: 'PAY_ON_TIME' | 'DIRECT_DEBIT' | 'GUARANTEED_DISCOUNT' | 'OTHER';
  endDate?: DateString;
  methodUType: 'percentOfBill';
  percentOfBill?: { rate: number };
}

export type EnergyEligibilityType =
  | 'EXISTING_CUST'
  | 'EXISTING_POOL'
  | 'EXISTING_SOLAR'
  | 'EXISTING_BATTERY'
  | 'EXISTING_SMART_METER'
  | 'EXISTING_BASIC_METER'
  | 'SENIOR_CARD'
  | 'SMALL_BUSINESS'
  | 'NO_SOLAR_FIT'
  | 'NEW_CUSTOMER'
  | 'ONLINE_ONLY'
  | 'REQ_EQUIP_SUPPLIER'
  | 'THIRD_PARTY_ONLY'
  | 'SPORT_CLUB_MEMBER'
  | 'ORG_MEMBER'
  | 'SPECIFIC_LOCATION'
  | 'MINIMUM_USAGE'
  | 'LOYALTY_MEMBER'
  | 'GROUP_BUY_MEMBER'
  | 'CONTINGENT_PLAN'
  | 'OTHER';

export interface EnergyEligibility {
  type: EnergyEligibilityType;
  information: string;
  description?: string;
}

export interface EnergyPlanFee {
  type:
    | 'EXIT'
    | 'ESTABLISHMENT'
    | 'LATE_PAYMENT'
    | 'DISCONNECTION'
    | 'DISCONNECT_MOVE_OUT'
    | 'DISCONNECT_NON_PAY'
    | 'RECONNECTION'
    | 'CONNECTION'
    | 'PAYMENT_PROCESSING'
    | 'CC_PROCESSING'
    | 'CHEQUE_DISHONOUR'
    | 'DD_DISHONOUR'
    | 'MEMBERSHIP'
    | 'CONTRIBUTION'
    | 'PAPER_BILL'
    | 'OTHER';
  term:
    | 'FIXED'
    | '1_YEAR'
    | '2_YEAR'
    | '3_YEAR'
    | '4_YEAR'
    | '5_YEAR'
    | 'PERCENT_OF_BILL'
    | 'ANNUAL'
    | 'DAILY'
    | 'WEEKLY'
    | 'MONTHLY'
    | 'BIANNUAL'
    | 'VARIABLE';
  rate?: number;
  description?: string;
}

export interface EnergySolarFeedInTariff {
  displayName: string;
  description?: string;
  startDate?: DateString;
  scheme: 'PREMIUM' | 'CURRENT' | 'VARIABLE' | 'OTHER';
  payerType: 'GOVERNMENT' | 'RETAILER';
  tariffUType: 'singleTariff';
  singleTariff?: { rates: EnergyRate[] };
}

export interface EnergyTariffPeriod {
  type?:
    'ENVIRONMENTAL' | 'REGULATED' | 'NETWORK' | 'METERING' | 'RETAIL_SERVICE' | 'RCTI' | 'OTHER';
  displayName: string;
  /** Start of the period within the calendar year. */
  startDate: string;
  dailySupplyCharges?: AmountString;
  timeZone?: 'LOCAL' | 'AEST';
  rateBlockUType: 'singleRate';
  singleRate?: {
    displayName: string;
    description?: string;
    generalUnitPrice?: AmountString;
    rates: EnergyRate[];
  };
}

export interface ElectricityContract {
  additionalFeeInformation?: string;
  pricingModel:
    | 'SINGLE_RATE'
    | 'SINGLE_RATE_CONT_LOAD'
    | 'TIME_OF_USE'
    | 'TIME_OF_USE_CONT_LOAD'
    | 'FLEXIBLE'
    | 'FLEXIBLE_CONT_LOAD'
    | 'QUOTA';
  timeZone?: 'LOCAL' | 'AEST';
  isFixed: boolean;
  variation?: string;
  paymentOption: ('PAPER_BILL' | 'CREDIT_CARD' | 'DIRECT_DEBIT' | 'BPAY' | 'OTHER')[];
  intrinsicGreenPower?: { greenPercentage: number };
  controlledLoad?: EnergyControlledLoad[];
  incentives?: EnergyIncentive[];
  discounts?: EnergyDiscount[];
  eligibility?: EnergyEligibility[];
  fees?: EnergyPlanFee[];
  solarFeedInTariff?: EnergySolarFeedInTariff[];
  tariffPeriod: EnergyTariffPeriod[];
}

export interface EnergyPlanDetail {
  fuelType: 'ELECTRICITY' | 'GAS' | 'DUAL';
  isContingentPlan?: boolean;
  meteringCharges?: {
    displayName: string;
    description?: string;
    minimumValue: AmountString;
    period?: DurationString;
  }[];
  electricityContract?: ElectricityContract;
}

export interface EnergyPlan {
  nickname?: string;
  servicePointIds: number[];
  planOverview?: { displayName?: string; startDate: DateString };
  planDetail?: EnergyPlanDetail;
  authorisedContacts?: { firstName?: string; lastName: string; prefix?: string }[];
}

export interface EnergyAccount {
  accountId: string;
  accountNumber?: string;
  displayName?: string;
  openStatus?: OpenStatus;
  /** A date or a timestamp. */
  creationDate?: string;
  plans: EnergyPlan[];
}

export interface EnergyInvoice {
  accountId: string;
  invoiceNumber: string;
  issueDate: DateString;
  dueDate?: DateString;
  period?: { startDate: DateString; endDate: DateString };
  invoiceAmount?: AmountString;
  gstAmount?: AmountString;
  payOnTimeDiscount?: { gstAmount?: AmountString; discountAmount: AmountString; date: DateString };
  balanceAtIssue: AmountString;
  servicePoints: string[];
  electricity?: {
    totalGst?: AmountString;
    totalGenerationCredits: AmountString;
    totalOnceOffCharges: AmountString;
    totalOnceOffDiscounts: AmountString;
    totalUsageCharges: AmountString;
  };
  paymentStatus: 'PAID' | 'PARTIALLY_PAID' | 'NOT_PAID';
}

export interface EnergyConcession {
  amount?: AmountString;
  startDate?: DateString;
  endDate?: DateString;
  displayName: string;
  appliedTo?: ('INVOICE' | 'USAGE' | 'SERVICE_CHARGE' | 'CONTROLLED_LOAD')[];
  additionalInfo?: string;
  type: 'FIXED_AMOUNT' | 'FIXED_PERCENTAGE' | 'VARIABLE';
  discountFrequency?: DurationString;
}

// ------------------------------------------------------------------ FDX

export type FdxDepositTransactionType =
  | 'ADJUSTMENT'
  | 'ATMDEPOSIT'
  | 'ATMWITHDRAWAL'
  | 'BILLPAYMENT'
  | 'CHECK'
  | 'DEPOSIT'
  | 'DIRECTDEPOSIT'
  | 'DIVIDEND'
  | 'FEE'
  | 'INTEREST'
  | 'POSCREDIT'
  | 'POSDEBIT'
  | 'TRANSFER'
  | 'WITHDRAWAL';

/**
 * A transaction of a deposit or a loan account; `amount` is an absolute value, its direction is in
 * `debitCreditMemo` (seen from the account: a DEBIT takes from a deposit and adds to what a loan
 * owes). `accountCategory` decides the transaction types that apply; check numbers and payees
 * belong to deposit accounts only.
 */
export type FdxTransaction = {
  transactionId: string;
  postedTimestamp?: DateTimeString;
  transactionTimestamp: DateTimeString;
  description: string;
  debitCreditMemo: 'DEBIT' | 'CREDIT';
  status: 'AUTHORIZATION' | 'MEMO' | 'PENDING' | 'POSTED';
  amount: number;
} & (
  | {
      accountCategory: 'DEPOSIT_ACCOUNT';
      transactionType?: FdxDepositTransactionType;
      checkNumber?: number;
      payee?: string;
    }
  | {
      accountCategory: 'LOAN_ACCOUNT';
      transactionType?:
        | 'ADJUSTMENT'
        | 'FEE'
        | 'INTEREST'
        | 'PAYMENT'
        | 'LUMP_SUM_PAYMENT'
        | 'SKIP_PAYMENT'
        | 'DOUBLE_UP_PAYMENT'
        | 'PAYOFF';
      checkNumber?: never;
      payee?: never;
    }
);

export interface FdxHateoasLink {
  href: string;
  rel?: string;
  action?: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  types?: (
    'application/pdf' | 'image/gif' | 'image/jpeg' | 'image/tiff' | 'image/png' | 'application/json'
  )[];
}

export interface FdxStatement {
  accountId?: string;
  statementId: string;
  statementDate: DateString;
  description?: string;
  status?: 'AVAILABLE' | 'PROCESSING' | 'FAILED';
  links?: FdxHateoasLink[];
}

export interface FdxAssetTransferNetwork {
  identifier: string;
  identifierType?: 'ACCOUNT_NUMBER' | 'TOKENIZED_ACCOUNT_NUMBER';
  institutionName?: string;
  institutionId: string;
  type: 'CA_ATON' | 'US_ACATS' | 'US_DTC';
  jointAccount?: boolean;
}

// ------------------------------------------------------------------ platform

export interface ProductSummary {
  product_id: string;
  name: string;
  product_category: ProductCategory;
  last_updated?: DateTimeString;
  change_status?: string;
}
