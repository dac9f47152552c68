/**
 * The interface's product category of a Temenos account, from its `categoryId` (Transact's
 * product category: customer accounts and contracts are numbered by range). The holder's table
 * (`productCategories`: a category id, or an inclusive range `from-to`, → product category) comes
 * first, its exact ids before its ranges and narrower ranges before wider ones; then the default
 * ranges below, Transact's model-bank numbering. An id neither names is no banking product the
 * adapter can describe: undefined (the account is left out, never guessed).
 */
import type { ProductCategory } from '@data-holder-gateway/adapter-sdk';

/** Transact's default numbering of customer products: `from-to` → category. */
export const DEFAULT_PRODUCT_CATEGORIES: Readonly<Record<string, ProductCategory>> = {
  '1000-1999': 'TRANS_AND_SAVINGS_ACCOUNTS', // current accounts
  '3000-3999': 'PERS_LOANS', // lending arrangements
  '6000-6599': 'TRANS_AND_SAVINGS_ACCOUNTS', // savings accounts
  '6600-6999': 'TERM_DEPOSITS', // deposit arrangements
  '21001-21049': 'TERM_DEPOSITS', // loans-and-deposits module: deposits
  '21050-21099': 'PERS_LOANS', // loans-and-deposits module: loans
};

/** A key of the table: one category id, or an inclusive range of them. */
export const CATEGORY_KEY = /^([0-9]{1,6})(?:-([0-9]{1,6}))?$/;

interface Entry {
  from: number;
  to: number;
  category: ProductCategory;
}

function entriesOf(table: Readonly<Record<string, ProductCategory>>): Entry[] {
  return Object.entries(table).flatMap(([key, category]) => {
    const match = CATEGORY_KEY.exec(key);
    if (!match) return [];
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    return from <= to ? [{ from, to, category }] : [];
  });
}

/** The narrowest entry holding `id`. */
function narrowest(entries: readonly Entry[], id: number): ProductCategory | undefined {
  let best: Entry | undefined;
  for (const entry of entries) {
    if (id < entry.from || id > entry.to) continue;
    if (!best || entry.to - entry.from < best.to - best.from) best = entry;
  }
  return best?.category;
}

/** Resolves category ids with the holder's table over the defaults (see the module comment). */
export type ProductCategoryResolver = (
  categoryId: string | undefined,
) => ProductCategory | undefined;

export function productCategoryResolver(
  table: Readonly<Record<string, ProductCategory>>,
): ProductCategoryResolver {
  const configured = entriesOf(table);
  const defaults = entriesOf(DEFAULT_PRODUCT_CATEGORIES);
  return (categoryId) => {
    const text = categoryId?.trim() ?? '';
    if (!/^[0-9]{1,6}$/.test(text)) return undefined;
    const id = Number(text);
    return narrowest(configured, id) ?? narrowest(defaults, id);
  };
}

/** The kind of account a category is: what its records carry and which core reads it needs. */
export type AccountKind = 'deposit' | 'termDeposit' | 'loan' | 'credit';

const LENDING: ReadonlySet<ProductCategory> = new Set([
  'PERS_LOANS',
  'RESIDENTIAL_MORTGAGES',
  'BUSINESS_LOANS',
  'MARGIN_LOANS',
  'LEASES',
  'TRADE_FINANCE',
]);

export function accountKindOf(category: ProductCategory): AccountKind {
  if (LENDING.has(category)) return 'loan';
  if (category === 'TERM_DEPOSITS') return 'termDeposit';
  if (category === 'CRED_AND_CHRG_CARDS' || category === 'OVERDRAFTS') return 'credit';
  return 'deposit';
}
