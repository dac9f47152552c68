/**
 * Kraken agreements and product rates → the interface's energy plans. One plan per agreement in
 * force on the given day, on its meter point (the service point id is Kraken's integer meter
 * point id). Rates: the standing charge (per day on supply) becomes the daily supply charge,
 * general consumption rates the single rate, controlled-load consumption rates the controlled
 * load, generation credits the solar feed-in tariff; other bands are not part of the plan.
 * Kraken's `pricePerUnit` is in cents excluding GST; the interface's unit prices are dollars.
 */
import { CoreRecordInvalidError } from '@data-holder-gateway/adapter-sdk';
import type {
  ElectricityContract,
  EnergyControlledLoad,
  EnergyPlan,
  EnergySolarFeedInTariff,
} from '@data-holder-gateway/adapter-sdk';
import type { KrakenAgreement, KrakenMeterPoint, KrakenRate } from './kraken.types';
import { centsDecimalToDollars, localDateOf, text } from './values';

type MeasureUnit = NonNullable<
  ElectricityContract['tariffPeriod'][number]['singleRate']
>['rates'][number]['measureUnit'];

const MEASURE_UNITS: Readonly<Record<string, MeasureUnit>> = {
  KWH_CONSUMPTION: 'KWH',
  DAYS_ON_SUPPLY: 'DAYS',
  KW_DEMAND: 'KW',
  KVA_DEMAND: 'KVA',
  KVARH_CONSUMPTION: 'KVARH',
  MONTHS_ON_SUPPLY: 'MONTH',
};

const FUEL_TYPES: Readonly<Record<string, 'ELECTRICITY' | 'GAS'>> = {
  AUS_ELECTRICITY: 'ELECTRICITY',
  AUS_GAS: 'GAS',
};

/** Whether the agreement is in force on `day` (YYYY-MM-DD, Kraken's local dates). */
export function inForce(agreement: KrakenAgreement, day: string): boolean {
  if (agreement.isRevoked || !agreement.validFrom) return false;
  if (localDateOf(agreement.validFrom) > day) return false;
  return agreement.validTo === null || localDateOf(agreement.validTo) > day;
}

/** The energy fuel of an agreement's product; undefined for markets that are not energy. */
export function fuelOf(agreement: KrakenAgreement): 'ELECTRICITY' | 'GAS' | undefined {
  return FUEL_TYPES[agreement.product?.marketName ?? ''];
}

function rateOf(rate: KrakenRate): { unitPrice: string; measureUnit?: MeasureUnit } {
  const measureUnit = MEASURE_UNITS[rate.unitType];
  return {
    unitPrice: centsDecimalToDollars(rate.pricePerUnit),
    ...(measureUnit ? { measureUnit } : {}),
  };
}

function controlledLoadOf(rates: KrakenRate[]): EnergyControlledLoad[] {
  if (rates.length === 0) return [];
  const name = text(rates[0]!.rateDescription) ?? 'Controlled load';
  return [
    {
      displayName: name,
      rateBlockUType: 'singleRate',
      singleRate: { displayName: name, rates: rates.map(rateOf) },
    },
  ];
}

function feedInOf(rates: KrakenRate[]): EnergySolarFeedInTariff[] {
  return rates.map((rate) => ({
    displayName: text(rate.rateDescription) ?? 'Solar feed-in',
    scheme: 'OTHER',
    payerType: 'RETAILER',
    tariffUType: 'singleTariff',
    singleTariff: { rates: [rateOf(rate)] },
  }));
}

/** The electricity contract of a product's rates; undefined without a general usage rate. */
export function toElectricityContract(
  agreement: KrakenAgreement,
  rates: readonly KrakenRate[],
): ElectricityContract | undefined {
  const consumption = rates.filter((r) => r.bandCategory === 'CONSUMPTION_CHARGE');
  const general = consumption.filter((r) => !r.isControlledLoad);
  if (general.length === 0) return undefined;
  const controlled = consumption.filter((r) => r.isControlledLoad);
  const standing = rates.find((r) => r.bandCategory === 'STANDING_CHARGE');
  const feedIn = rates.filter((r) => r.bandCategory === 'GENERATION_CREDIT');
  const usageName = text(general[0]!.rateDescription) ?? 'General usage';
  return {
    pricingModel: controlled.length > 0 ? 'SINGLE_RATE_CONT_LOAD' : 'SINGLE_RATE',
    timeZone: 'LOCAL',
    isFixed: agreement.product?.isVariable === false,
    paymentOption: ['OTHER'],
    ...(controlled.length > 0 ? { controlledLoad: controlledLoadOf(controlled) } : {}),
    ...(feedIn.length > 0 ? { solarFeedInTariff: feedInOf(feedIn) } : {}),
    tariffPeriod: [
      {
        displayName: 'All year',
        startDate: '01-01',
        ...(standing ? { dailySupplyCharges: centsDecimalToDollars(standing.pricePerUnit) } : {}),
        timeZone: 'LOCAL',
        rateBlockUType: 'singleRate',
        singleRate: { displayName: usageName, rates: general.map(rateOf) },
      },
    ],
  };
}

/** The plan of one agreement on one meter point, with the rates of its product there. */
export function toPlan(
  meterPoint: KrakenMeterPoint,
  agreement: KrakenAgreement,
  rates: readonly KrakenRate[],
): EnergyPlan {
  const fuelType = fuelOf(agreement);
  if (!fuelType)
    throw new CoreRecordInvalidError({
      cause: new Error('Kraken agreement of a market that is not energy'),
    });
  if (meterPoint.id === null || !agreement.validFrom) {
    throw new CoreRecordInvalidError({
      cause: new Error('Kraken agreement without a meter point id or start'),
    });
  }
  const name = text(agreement.product?.displayName) ?? text(agreement.product?.fullName);
  const contract = fuelType === 'ELECTRICITY' ? toElectricityContract(agreement, rates) : undefined;
  return {
    servicePointIds: [meterPoint.id],
    planOverview: {
      ...(name ? { displayName: name } : {}),
      startDate: localDateOf(agreement.validFrom),
    },
    planDetail: { fuelType, ...(contract ? { electricityContract: contract } : {}) },
  };
}
