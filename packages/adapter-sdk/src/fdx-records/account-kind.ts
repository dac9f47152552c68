/**
 * Which FDX account category and type a banking product category is. FDX has no word for some
 * Australian products: the closest of its types is used (a margin loan or a lease is a `LOAN`,
 * trade finance an `SMBLOAN`, a travel card or a trust account `OTHERDEPOSIT`).
 */
import type {
  DepositAccountType,
  LineOfCreditAccountType,
  LoanAccountType,
  ProductCategory,
} from '../ports';

/** An FDX account category with a type of its own list. */
export type FdxAccountKind =
  | { accountCategory: 'DEPOSIT_ACCOUNT'; accountType: DepositAccountType }
  | { accountCategory: 'LOAN_ACCOUNT'; accountType: LoanAccountType }
  | { accountCategory: 'LOC_ACCOUNT'; accountType: LineOfCreditAccountType };

const deposit = (accountType: DepositAccountType): FdxAccountKind => ({
  accountCategory: 'DEPOSIT_ACCOUNT',
  accountType,
});
const loan = (accountType: LoanAccountType): FdxAccountKind => ({
  accountCategory: 'LOAN_ACCOUNT',
  accountType,
});
const lineOfCredit = (accountType: LineOfCreditAccountType): FdxAccountKind => ({
  accountCategory: 'LOC_ACCOUNT',
  accountType,
});

const KINDS: Readonly<Record<ProductCategory, FdxAccountKind>> = {
  TRANS_AND_SAVINGS_ACCOUNTS: deposit('CHECKING'),
  TERM_DEPOSITS: deposit('CD'),
  REGULATED_TRUST_ACCOUNTS: deposit('OTHERDEPOSIT'),
  TRAVEL_CARDS: deposit('OTHERDEPOSIT'),
  RESIDENTIAL_MORTGAGES: loan('MORTGAGE'),
  PERS_LOANS: loan('PERSONALLOAN'),
  BUSINESS_LOANS: loan('SMBLOAN'),
  TRADE_FINANCE: loan('SMBLOAN'),
  MARGIN_LOANS: loan('LOAN'),
  LEASES: loan('LOAN'),
  CRED_AND_CHRG_CARDS: lineOfCredit('CREDITCARD'),
  OVERDRAFTS: lineOfCredit('LINEOFCREDIT'),
};

/**
 * The FDX category and type of a product category; a savings product
 * (`TRANS_AND_SAVINGS_ACCOUNTS` whose name says "saver" or "savings") is `SAVINGS`, any other
 * transaction account `CHECKING`.
 */
export function fdxAccountKind(category: ProductCategory, productName = ''): FdxAccountKind {
  if (category === 'TRANS_AND_SAVINGS_ACCOUNTS' && /sav(er|ings?)\b/i.test(productName)) {
    return deposit('SAVINGS');
  }
  return KINDS[category];
}
