/**
 * `/v1` pagination and its envelope parts: page slicing, `meta`, and `links` as query strings
 * carrying page, page-size, then every filter given or defaulted, in the parameters' order.
 */
import { PageOutOfRangeError } from '../errors';
import { QUERY_PARAMS, type QueryValues } from './query-values';

export interface Links {
  first?: string;
  prev?: string;
  next?: string;
  last?: string;
}
export interface Meta {
  totalRecords: number;
  totalPages: number;
}
export interface Page<T> {
  records: T[];
  links: Links;
  meta: Meta;
}

function queryString(page: number, query: QueryValues): string {
  const parts = [`page=${page}`];
  for (const name of QUERY_PARAMS) {
    if (name === 'page') continue;
    const value = query[name];
    if (value !== undefined) parts.push(`${name}=${encodeURIComponent(value)}`);
  }
  return parts.join('&');
}

/** The requested page number and size, defaults applied. */
export function pageRequestOf(query: QueryValues): { page: number; size: number } {
  return { page: Number(query.page ?? '1'), size: Number(query['page-size'] ?? '25') };
}

/**
 * The links and counts of the requested page of a set of `totalRecords`, for a page whose
 * records the core sliced itself.
 * @throws PageOutOfRangeError when the page is after the last page of a non-empty set
 */
export function pageEnvelope(
  totalRecords: number,
  query: QueryValues,
): Omit<Page<never>, 'records'> {
  const { page, size } = pageRequestOf(query);
  const totalPages = Math.ceil(totalRecords / size);
  if (totalRecords > 0 && page > totalPages) throw new PageOutOfRangeError(totalPages);
  const links: Links = {};
  if (totalRecords > 0) {
    if (page > 1) {
      links.first = queryString(1, query);
      links.prev = queryString(page - 1, query);
    }
    if (page < totalPages) {
      links.next = queryString(page + 1, query);
      links.last = queryString(totalPages, query);
    }
  }
  return { links, meta: { totalRecords, totalPages } };
}

/**
 * Slices one page out of `all`.
 * @throws PageOutOfRangeError when the page is after the last page of a non-empty set
 */
export function paginate<T>(all: readonly T[], query: QueryValues): Page<T> {
  const { links, meta } = pageEnvelope(all.length, query);
  const { page, size } = pageRequestOf(query);
  return { records: all.length > 0 ? all.slice((page - 1) * size, page * size) : [], links, meta };
}
