/**
 * The simulated bank's reference tables: the company, its BSB, the account categories and
 * products, the customer sectors and the transaction codes its data set uses. Exported so that
 * the adapter's tests can name the same values as the simulator serves.
 */

/** The one company (T24 company id) the simulator answers for: the `companyId` header. */
export const TEMENOS_SIM_COMPANY_ID = 'AU0010001';

/** The bank's own BSB, served as every account's `sortCode` (six digits, no dash). */
export const TEMENOS_SIM_BSB = '012345';

/** The bank's BIC, served as `accountWithBankBIC`. */
export const TEMENOS_SIM_BIC = 'TMNSAU2SXXX';

/** The kind of product a category holds (what the gateway maps it to). */
export type TemenosAccountKind = 'current' | 'savings' | 'termDeposit' | 'loan';

/**
 * The account categories (T24 CATEGORY ids) of the data set:
 * 1001 personal current, 1002 business current, 6001 savings, 6601 term deposit,
 * 3001 personal loan, 3100 business loan. `shortName` is the 6-character category name
 * `getAccounts` serves (its schema allows no longer).
 */
export const TEMENOS_CATEGORIES = [
  { categoryId: '1001', shortName: 'CURACC', name: 'Current Account', kind: 'current' },
  { categoryId: '1002', shortName: 'BUSACC', name: 'Business Current Account', kind: 'current' },
  { categoryId: '6001', shortName: 'SAVING', name: 'Savings Account', kind: 'savings' },
  { categoryId: '6601', shortName: 'TERMDP', name: 'Term Deposit', kind: 'termDeposit' },
  { categoryId: '3001', shortName: 'PERSLN', name: 'Personal Loan', kind: 'loan' },
  { categoryId: '3100', shortName: 'BUSLN', name: 'Business Loan', kind: 'loan' },
] as const satisfies readonly {
  categoryId: string;
  shortName: string;
  name: string;
  kind: TemenosAccountKind;
}[];

export type TemenosCategoryId = (typeof TEMENOS_CATEGORIES)[number]['categoryId'];

/** AA product lines, as Transact names them. */
export type TemenosProductLine = 'ACCOUNTS' | 'DEPOSITS' | 'LENDING';

/** One product: ids of at most 6 characters, as the balances schema allows. */
export interface TemenosProduct {
  productId: string;
  name: string;
  categoryId: TemenosCategoryId;
  productGroupId: string;
  productLineId: TemenosProductLine;
}

export const TEMENOS_PRODUCTS: readonly TemenosProduct[] = [
  {
    productId: 'CURACC',
    name: 'Everyday Account',
    categoryId: '1001',
    productGroupId: 'CURRENT.ACCOUNTS',
    productLineId: 'ACCOUNTS',
  },
  {
    productId: 'BUSACC',
    name: 'Business Everyday Account',
    categoryId: '1002',
    productGroupId: 'CURRENT.ACCOUNTS',
    productLineId: 'ACCOUNTS',
  },
  {
    productId: 'SAVACC',
    name: 'Bonus Saver',
    categoryId: '6001',
    productGroupId: 'SAVINGS.ACCOUNTS',
    productLineId: 'ACCOUNTS',
  },
  {
    productId: 'TERMDP',
    name: 'Fixed Term Deposit',
    categoryId: '6601',
    productGroupId: 'TERM.DEPOSITS',
    productLineId: 'DEPOSITS',
  },
  {
    productId: 'PERSLN',
    name: 'Personal Loan',
    categoryId: '3001',
    productGroupId: 'PERSONAL.LOANS',
    productLineId: 'LENDING',
  },
  {
    productId: 'BUSLN',
    name: 'Business Loan',
    categoryId: '3100',
    productGroupId: 'COMMERCIAL.LOANS',
    productLineId: 'LENDING',
  },
];

/**
 * Customer sectors (T24 SECTOR ids): 1001 a person, 2001 a company. `getCustomerInformation`
 * also names them in `sectorName` (4 characters: `INDV`, `CORP`).
 */
export const TEMENOS_SECTORS = {
  individual: { sectorId: 1001, sectorName: 'INDV' },
  corporate: { sectorId: 2001, sectorName: 'CORP' },
} as const;

/**
 * Relation codes (T24 RELATION ids) between customers: spouses; a company's signatory (the
 * company names the person with 71, the person the company with 72); joint holders of an account.
 */
export const TEMENOS_RELATION_CODES = {
  spouse: 1,
  signatory: 71,
  signatoryOf: 72,
  jointHolder: 500,
} as const;

/**
 * Transaction codes (T24 TRANSACTION ids) of the data set, with the short type (at most 10
 * characters, `transactionType` of the transactions list) and the name (`transactionName`).
 */
export const TEMENOS_TRANSACTION_CODES = {
  '101': { type: 'TRANSFER', name: 'Transfer In' },
  '105': { type: 'SETTLEMENT', name: 'Merchant Settlement' },
  '110': { type: 'DEPOSIT', name: 'Deposit' },
  '122': { type: 'SALARY', name: 'Salary' },
  '201': { type: 'TRANSFER', name: 'Transfer Out' },
  '213': { type: 'CARD', name: 'Card Purchase' },
  '250': { type: 'STO', name: 'Standing Order' },
  '301': { type: 'DD', name: 'Direct Debit' },
  '400': { type: 'BPAY', name: 'BPAY Payment' },
  '502': { type: 'INTEREST', name: 'Interest Credit' },
  '510': { type: 'INTEREST', name: 'Interest Charged' },
  '600': { type: 'FEE', name: 'Account Fee' },
  '700': { type: 'LOAN', name: 'Loan Disbursement' },
  '701': { type: 'LOAN', name: 'Loan Repayment' },
} as const;

export type TemenosTransactionCode = keyof typeof TEMENOS_TRANSACTION_CODES;

export function productOf(productId: string): TemenosProduct {
  const product = TEMENOS_PRODUCTS.find((p) => p.productId === productId);
  if (!product) throw new Error(`unknown product ${productId}`);
  return product;
}

export function categoryOf(categoryId: string): (typeof TEMENOS_CATEGORIES)[number] {
  const category = TEMENOS_CATEGORIES.find((c) => c.categoryId === categoryId);
  if (!category) throw new Error(`unknown category ${categoryId}`);
  return category;
}
