/**
 * Temenos beneficiaries (getCustomerBeneficiary) → the interface's payee, field by field.
 *
 * - International: the beneficiary's bank is abroad (its payment country, else its IBAN's
 *   country, is not Australia). The country is written ISO alpha-3; the account number is the
 *   IBAN, else the account; the BIC is the bank's. A country the ISO table does not know cannot
 *   be written: the beneficiary is left out.
 * - Biller: a BPAY beneficiary (transaction type `BP`, or a BPAY payment product): the biller code
 *   is its account, the customer reference number its customer reference, the biller's name its
 *   short name.
 * - Domestic: an Australian account, its 6-digit sort code as the BSB.
 * - Anything else (an account with no sort code, nothing to pay to) cannot be described as the
 *   interface's payee: left out. Transact has no digital wallets.
 * - Nickname: the customer's nickname for the beneficiary, else the beneficiary's short name.
 */
import type { Payee } from '@data-holder-gateway/adapter-sdk';
import { alpha3Of } from './countries';
import type { TemenosBeneficiary } from './temenos.types';
import { bsbDigits, present, toIsoDate } from './values';

function countryOf(beneficiary: TemenosBeneficiary): string | undefined {
  const stated = present(beneficiary.paymentCountry)?.toUpperCase();
  const iban = present(beneficiary.IBAN)?.replace(/\s/g, '').toUpperCase();
  return stated ?? (iban !== undefined && /^[A-Z]{2}/.test(iban) ? iban.slice(0, 2) : undefined);
}

function internationalOf(
  beneficiary: TemenosBeneficiary,
  country: string,
  name: string | undefined,
): Pick<Payee, 'type' | 'payeeUType' | 'international'> | undefined {
  const alpha3 = alpha3Of(country);
  // An IBAN in its electronic form: Transact may keep it in groups of four.
  const iban = present(beneficiary.IBAN)?.replace(/\s/g, '');
  const accountNumber = iban ?? present(beneficiary.beneficiaryAccountId);
  if (alpha3 === undefined || accountNumber === undefined) return undefined;
  const bic = present(beneficiary.BIC);
  return {
    type: 'INTERNATIONAL',
    payeeUType: 'international',
    international: {
      beneficiaryDetails: { ...(name !== undefined ? { name } : {}), country: alpha3 },
      bankDetails: {
        country: alpha3,
        accountNumber,
        ...(bic !== undefined ? { beneficiaryBankBIC: bic } : {}),
      },
    },
  };
}

function domesticOf(
  beneficiary: TemenosBeneficiary,
  name: string | undefined,
): Pick<Payee, 'type' | 'payeeUType' | 'domestic'> | undefined {
  const bsb = bsbDigits(beneficiary.bankSortCode);
  const accountNumber = present(beneficiary.beneficiaryAccountId);
  if (bsb === undefined || accountNumber === undefined) return undefined;
  return {
    type: 'DOMESTIC',
    payeeUType: 'domestic',
    domestic: {
      payeeAccountUType: 'account',
      account: { ...(name !== undefined ? { accountName: name } : {}), bsb, accountNumber },
    },
  };
}

function isBiller(beneficiary: TemenosBeneficiary): boolean {
  return (
    present(beneficiary.transactionType)?.toUpperCase() === 'BP' ||
    /bpay/i.test(beneficiary.preferredPaymentProduct ?? '')
  );
}

function billerOf(
  beneficiary: TemenosBeneficiary,
  name: string | undefined,
): Pick<Payee, 'type' | 'payeeUType' | 'biller'> | undefined {
  const billerCode = present(beneficiary.beneficiaryAccountId);
  if (billerCode === undefined || name === undefined) return undefined;
  const crn = present(beneficiary.customerReference);
  return {
    type: 'BILLER',
    payeeUType: 'biller',
    biller: { billerCode, ...(crn !== undefined ? { crn } : {}), billerName: name },
  };
}

function kindOf(beneficiary: TemenosBeneficiary, name: string | undefined) {
  if (isBiller(beneficiary)) return billerOf(beneficiary, name);
  const country = countryOf(beneficiary);
  return country !== undefined && country !== 'AU'
    ? internationalOf(beneficiary, country, name)
    : domesticOf(beneficiary, name);
}

/** The payee of a beneficiary; undefined when it cannot be described (see above). */
export function toPayee(beneficiary: TemenosBeneficiary): Payee | undefined {
  const payeeId = present(beneficiary.beneficiaryId);
  if (payeeId === undefined) return undefined;
  const name = present(beneficiary.shortName);
  const kind = kindOf(beneficiary, name);
  if (!kind) return undefined;
  const nickname =
    present(beneficiary.nickName) ?? present(beneficiary.beneficiaryNickName) ?? name ?? 'Payee';
  const created = toIsoDate(beneficiary.dates?.[0]?.dateTime);
  return {
    payeeId,
    nickname,
    ...(created !== undefined ? { creationDate: created } : {}),
    ...kind,
  };
}
