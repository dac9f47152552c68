/**
 * Paging over the demo core's pre-sorted lists: a binary search for a position, one page copied
 * out of a range of positions, and the position-index keys of short lists kept in the core's
 * order (asset transfer and payment networks: a handful per account).
 */
import {
  FdxInvalidRequestError,
  type FdxPage,
  type FdxPageRequest,
} from '@data-holder-gateway/adapter-sdk';

export const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The first index in [0, n) where the monotone (false..true) predicate holds; n when none. */
export function firstIndex(n: number, holds: (i: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (holds(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * One page of the positions [lo, hi) from `start` (clamped into them): at most `limit` records,
 * the key of the last one when more follow, and the count of the whole window.
 */
export function pageOf<T>(
  lo: number,
  hi: number,
  start: number,
  limit: number,
  map: (i: number) => T,
  keyOf: (i: number) => string,
): FdxPage<T> & { total: number } {
  const from = Math.min(Math.max(start, lo), hi);
  const end = Math.min(from + limit, hi);
  const records: T[] = [];
  for (let i = from; i < end; i += 1) records.push(map(i));
  return {
    records,
    ...(end < hi ? { next: keyOf(end - 1) } : {}),
    total: hi - lo,
  };
}

/**
 * One page of a short list in the core's order, keyed by the index of the last record returned;
 * a key this port did not make is a bad request.
 */
export function pageByPosition<S, T>(
  items: readonly S[],
  page: FdxPageRequest,
  map: (item: S) => T,
): FdxPage<T> & { total: number } {
  let start = 0;
  if (page.after !== undefined) {
    if (!/^(0|[1-9][0-9]{0,8})$/.test(page.after)) throw new FdxInvalidRequestError();
    start = Number(page.after) + 1;
  }
  return pageOf(
    0,
    items.length,
    start,
    page.limit,
    (i) => map(items[i]!),
    (i) => String(i),
  );
}
