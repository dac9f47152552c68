import { toBankingAccountV3 } from '@data-holder-gateway/adapter-sdk/presentation';
import type { BankingAccountV4 } from '@data-holder-gateway/adapter-sdk';
import { contractErrorsOf } from '../helpers/contracts';

const v4: BankingAccountV4 = {
  accountId: 'acc-1',
  displayName: 'Everyday',
  accountOwnership: 'ONE_PARTY',
  maskedNumber: 'xxxx 1234',
  productCategory: 'TRANS_AND_SAVINGS_ACCOUNTS',
  productName: 'Everyday Saver',
  openStatus: 'OPEN',
  isOwned: true,
  depositRates: [
    {
      depositRateType: 'VARIABLE',
      rate: 0.0125,
      applicationType: 'PERIODIC',
      applicabilityConditions: [
        {
          rateApplicablityType: 'MIN_DEPOSITS',
          additionalValue: '5',
          additionalInfo: 'five deposits',
        },
      ],
      tiers: [
        {
          name: 'Low',
          unitOfMeasure: 'DOLLAR',
          minimumValue: '0',
          maximumValue: '10000.50',
          rateApplicationMethod: 'PER_TIER',
          applicabilityConditions: [
            { rateApplicablityType: 'MIN_DEPOSITS', additionalInfo: 'tier condition' },
          ],
        },
      ],
    },
  ],
  lendingRates: [
    {
      lendingRateType: 'VARIABLE',
      rate: 0.065,
      applicationType: 'PERIODIC',
      repaymentType: 'PRINCIPAL_AND_INTEREST',
      loanPurpose: 'OWNER_OCCUPIED',
    },
    {
      lendingRateType: 'BALANCE_TRANSFER',
      rate: 0.019,
      applicationType: 'PERIODIC',
      repaymentType: 'OTHER',
      loanPurpose: 'OTHER',
    },
    {
      lendingRateType: 'FIXED',
      rate: 0.059,
      applicationType: 'PERIODIC',
      repaymentType: 'UNCONSTRAINED',
      loanPurpose: 'INVESTMENT',
    },
  ],
  features: [
    { featureType: 'NPP_PAYID', isActivated: 'ACTIVATED' },
    { featureType: 'CARD_ACCESS', isActivated: 'NOT_ACTIVATED' },
    { featureType: 'DIGITAL_WALLET', isActivated: 'UNKNOWN' },
    { featureType: 'FUNDS_AVAILABLE_AFTER', additionalValue: 'PT2H' },
  ],
  fees: [
    {
      name: 'Monthly',
      feeType: 'PERIODIC',
      feeMethodUType: 'fixedAmount',
      fixedAmount: { amount: '5.00' },
      additionalValue: 'P1M',
    },
    {
      name: 'Overdrawn',
      feeType: 'EVENT',
      feeMethodUType: 'rateBased',
      rateBased: { rateType: 'BALANCE', rate: 0.02, accrualFrequency: 'P1D' },
    },
    {
      name: 'Card',
      feeType: 'TRANSACTION',
      feeMethodUType: 'rateBased',
      rateBased: { rateType: 'TRANSACTION', rate: 0.03 },
      discounts: [
        {
          description: 'Staff',
          discountType: 'ELIGIBILITY_ONLY',
          discountMethodUType: 'rateBased',
          rateBased: { rateType: 'FEE', rate: 0.5 },
        },
      ],
    },
  ],
};

describe('banking account version 4 -> version 3', () => {
  const v3 = toBankingAccountV3(v4);

  it('when converted, then the result validates against the version 3 contract', () => {
    expect(contractErrorsOf('banking-account-v3', v3)).toEqual([]);
    expect(contractErrorsOf('banking-account-v4', v4)).toEqual([]);
  });

  it('when isActivated is an enum, then it becomes a boolean (UNKNOWN is left out)', () => {
    expect(v3.features).toEqual([
      { featureType: 'NPP_PAYID', isActivated: true },
      { featureType: 'CARD_ACCESS', isActivated: false },
      { featureType: 'DIGITAL_WALLET' },
    ]);
  });

  it('when a rate is BALANCE_TRANSFER or a value is new in v4, then it is left out', () => {
    expect(v3.lendingRates).toEqual([
      {
        lendingRateType: 'VARIABLE',
        rate: 0.065,
        applicationType: 'PERIODIC',
        repaymentType: 'PRINCIPAL_AND_INTEREST',
        loanPurpose: 'OWNER_OCCUPIED',
      },
      {
        lendingRateType: 'FIXED',
        rate: 0.059,
        applicationType: 'PERIODIC',
        loanPurpose: 'INVESTMENT',
      },
    ]);
  });

  it('when tiers have string bounds and condition arrays, then bounds are numbers and the condition a single object', () => {
    expect(v3.depositRates).toEqual([
      {
        depositRateType: 'VARIABLE',
        rate: 0.0125,
        applicationType: 'PERIODIC',
        tiers: [
          {
            name: 'Low',
            unitOfMeasure: 'DOLLAR',
            minimumValue: 0,
            maximumValue: 10000.5,
            rateApplicationMethod: 'PER_TIER',
            applicabilityConditions: { additionalInfo: 'tier condition' },
          },
        ],
      },
    ]);
  });

  it('when fees use feeMethodUType, then they become amount / balanceRate / transactionRate fields', () => {
    expect(v3.fees).toEqual([
      { name: 'Monthly', feeType: 'PERIODIC', amount: '5.00', additionalValue: 'P1M' },
      { name: 'Overdrawn', feeType: 'EVENT', balanceRate: 0.02, accrualFrequency: 'P1D' },
      {
        name: 'Card',
        feeType: 'TRANSACTION',
        transactionRate: 0.03,
        discounts: [{ description: 'Staff', discountType: 'ELIGIBILITY_ONLY', feeRate: 0.5 }],
      },
    ]);
  });

  it('when converted, then the version 4 input is not changed', () => {
    expect(v4.features?.[3]?.featureType).toBe('FUNDS_AVAILABLE_AFTER');
    expect(v4.depositRates?.[0]?.tiers?.[0]?.minimumValue).toBe('0');
  });
});
