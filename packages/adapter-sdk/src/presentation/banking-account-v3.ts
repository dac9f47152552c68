/**
 * Banking account detail version 4 -> version 3 (docs/api.md, Versioning: for holders
 * that have not confirmed the upgrade): isActivated back to a boolean, tier bounds back to numbers, a single
 * applicability condition on tiers only, fees and discounts back to amount/balanceRate/accruedRate/
 * transactionRate, and the values version 4 added (BALANCE_TRANSFER rates, FUNDS_AVAILABLE_AFTER
 * features, OTHER/UNCONSTRAINED repayment types and loan purposes) left out.
 */
import type {
  BankingAccountV3,
  BankingAccountV4,
  DepositRate,
  DepositRateV3,
  Feature,
  FeatureV3,
  Fee,
  FeeDiscount,
  FeeDiscountV3,
  FeeV3,
  LendingRate,
  LendingRateV3,
  LoanAccount,
  LoanAccountV3,
  RateTier,
  RateTierV3,
  RepaymentTypeV3,
  LoanPurposeV3,
} from '../ports';
import { pick } from '../pick';

const V3_REPAYMENT_TYPES: readonly string[] = ['INTEREST_ONLY', 'PRINCIPAL_AND_INTEREST'];
const V3_LOAN_PURPOSES: readonly string[] = ['INVESTMENT', 'OWNER_OCCUPIED'];

function repaymentType(value: string | undefined): { repaymentType?: RepaymentTypeV3 } {
  return value && V3_REPAYMENT_TYPES.includes(value)
    ? { repaymentType: value as RepaymentTypeV3 }
    : {};
}

function loanPurpose(value: string | undefined): { loanPurpose?: LoanPurposeV3 } {
  return value && V3_LOAN_PURPOSES.includes(value) ? { loanPurpose: value as LoanPurposeV3 } : {};
}

function tier(t: RateTier): RateTierV3 {
  const condition = t.applicabilityConditions?.find((c) => c.additionalInfo !== undefined);
  return {
    name: t.name,
    unitOfMeasure: t.unitOfMeasure,
    minimumValue: Number(t.minimumValue),
    ...(t.maximumValue !== undefined ? { maximumValue: Number(t.maximumValue) } : {}),
    ...pick(t, ['rateApplicationMethod']),
    ...(condition ? { applicabilityConditions: { additionalInfo: condition.additionalInfo } } : {}),
  };
}

function depositRate(r: DepositRate): DepositRateV3 {
  return {
    ...pick(r, [
      'depositRateType',
      'rate',
      'calculationFrequency',
      'applicationType',
      'applicationFrequency',
      'additionalValue',
      'additionalInfo',
    ]),
    ...(r.tiers ? { tiers: r.tiers.map(tier) } : {}),
  };
}

function lendingRate(r: LendingRate): LendingRateV3 | undefined {
  if (r.lendingRateType === 'BALANCE_TRANSFER') return undefined;
  return {
    ...pick(r, [
      'rate',
      'comparisonRate',
      'calculationFrequency',
      'applicationFrequency',
      'applicationType',
      'additionalValue',
      'additionalInfo',
    ]),
    lendingRateType: r.lendingRateType,
    ...repaymentType(r.repaymentType),
    ...loanPurpose(r.loanPurpose),
  };
}

function feature(f: Feature): FeatureV3 | undefined {
  if (f.featureType === 'FUNDS_AVAILABLE_AFTER') return undefined;
  return {
    featureType: f.featureType,
    ...pick(f, ['additionalValue', 'additionalInfo']),
    ...(f.isActivated === 'ACTIVATED' || f.isActivated === 'NOT_ACTIVATED'
      ? { isActivated: f.isActivated === 'ACTIVATED' }
      : {}),
  };
}

const FEE_RATE_FIELD = {
  BALANCE: 'balanceRate',
  TRANSACTION: 'transactionRate',
  INTEREST_ACCRUED: 'accruedRate',
} as const;

const DISCOUNT_RATE_FIELD = { ...FEE_RATE_FIELD, FEE: 'feeRate' } as const;

function discount(d: FeeDiscount): FeeDiscountV3 {
  const out: FeeDiscountV3 = {
    ...pick(d, [
      'description',
      'discountType',
      'additionalValue',
      'additionalInfo',
      'additionalInfoUri',
      'eligibility',
    ]),
  };
  if (d.discountMethodUType === 'fixedAmount' && d.fixedAmount) out.amount = d.fixedAmount.amount;
  if (d.discountMethodUType === 'rateBased' && d.rateBased)
    out[DISCOUNT_RATE_FIELD[d.rateBased.rateType]] = d.rateBased.rate;
  return out;
}

function fee(f: Fee): FeeV3 {
  const out: FeeV3 = { ...pick(f, ['name', 'feeType', 'additionalValue']) };
  if (f.feeMethodUType === 'fixedAmount' && f.fixedAmount) out.amount = f.fixedAmount.amount;
  if (f.feeMethodUType === 'rateBased' && f.rateBased) {
    out[FEE_RATE_FIELD[f.rateBased.rateType]] = f.rateBased.rate;
    if (f.rateBased.accrualFrequency !== undefined)
      out.accrualFrequency = f.rateBased.accrualFrequency;
  }
  if (f.discounts) out.discounts = f.discounts.map(discount);
  return out;
}

function loan(l: LoanAccount): LoanAccountV3 {
  const { repaymentType: type, ...rest } = l;
  return { ...rest, ...repaymentType(type) };
}

const defined = <T>(v: T | undefined): v is T => v !== undefined;

/** Converts one version 4 account (with its list-item fields, when present) to version 3. */
export function toBankingAccountV3<T extends BankingAccountV4>(account: T): BankingAccountV3 {
  const { loan: l, depositRates, lendingRates, features, fees, ...base } = account;
  return {
    ...base,
    ...(l ? { loan: loan(l) } : {}),
    ...(depositRates ? { depositRates: depositRates.map(depositRate) } : {}),
    ...(lendingRates ? { lendingRates: lendingRates.map(lendingRate).filter(defined) } : {}),
    ...(features ? { features: features.map(feature).filter(defined) } : {}),
    ...(fees ? { fees: fees.map(fee) } : {}),
  };
}
