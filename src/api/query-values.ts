/**
 * The `/v1` query parameters as services see them: names and validated values, free of any
 * transport. The HTTP layer validates raw queries into these; services filter and page by them.
 */

/** The `/v1` query parameters, in the order their filters appear in pagination links. */
export const QUERY_PARAMS = [
  'page',
  'page-size',
  'product-category',
  'open-status',
  'is-owned',
  'oldest-date',
  'newest-date',
  'plan-status',
  'type',
  'oldest-time',
  'newest-time',
  'min-amount',
  'max-amount',
  'text',
] as const;
export type QueryParam = (typeof QUERY_PARAMS)[number];

/** Validated query values: strings exactly as they appear in links, defaults applied. */
export type QueryValues = Partial<Record<QueryParam, string>>;
