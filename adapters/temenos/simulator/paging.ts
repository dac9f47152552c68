/**
 * Transact's enquiry paging, as the simulator plays it:
 * - `page_size`: records a page (default 50 here; a whole number from 1);
 * - `page_start`: the page number, from 1 (Transact counts pages, not records);
 * - `page_token`: the enquiry's token, given in every answer's header; sent back with a later
 *   page, it must belong to the same enquiry (same path and filters), else 400. The token is
 *   derived from the enquiry itself, so the simulator keeps no state for it;
 * - header `disablePagination: true`: every record in one answer, without the paging fields.
 * The answer's header: `page_size`, `page_start`, `page_token`, `total_size` (records of the
 * whole enquiry) beside `status` and `audit`. A page past the last one is empty.
 */
import { createHash } from 'node:crypto';
import { AUDIT, badRequest } from './temenos-errors';

export const DEFAULT_PAGE_SIZE = 50;

const PAGING_PARAMETERS = new Set(['page_size', 'page_start', 'page_token']);

export interface PageRequest {
  size: number;
  start: number;
  token?: string;
  /** `disablePagination: true`: everything, no paging fields. */
  all: boolean;
}

function whole(query: Record<string, string>, name: string, fallback: number): number {
  const text = query[name];
  if (text === undefined || text === '') return fallback;
  if (!/^[0-9]{1,9}$/.test(text) || Number(text) < 1) {
    throw badRequest(name, `must be a whole number from 1, got "${text}"`);
  }
  return Number(text);
}

export function pageRequest(
  query: Record<string, string>,
  disablePagination: string | undefined,
  defaultSize = DEFAULT_PAGE_SIZE,
): PageRequest {
  return {
    size: whole(query, 'page_size', defaultSize),
    start: whole(query, 'page_start', 1),
    ...(query.page_token ? { token: query.page_token } : {}),
    all: disablePagination?.toLowerCase() === 'true',
  };
}

/** The enquiry's token: the same path and filters give the same token. */
export function enquiryToken(path: string, query: Record<string, string>): string {
  const filters = Object.entries(query)
    .filter(([k]) => !PAGING_PARAMETERS.has(k))
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const hash = createHash('sha256').update(`${path}?${filters}`).digest('hex');
  return `${BigInt(`0x${hash.slice(0, 15)}`)}.01`;
}

/** One page of an enquiry's records, with its header. */
export function paged(
  items: readonly unknown[],
  request: PageRequest,
  token: string,
  extraHeader: Record<string, unknown> = {},
): { header: Record<string, unknown>; body: unknown[] } {
  if (request.token !== undefined && request.token !== token) {
    throw badRequest('page_token', 'does not belong to this enquiry: ask again without it');
  }
  const header = { audit: AUDIT, status: 'success', ...extraHeader };
  if (request.all) return { header, body: [...items] };
  const from = (request.start - 1) * request.size;
  return {
    header: {
      ...header,
      page_size: request.size,
      page_start: request.start,
      page_token: token,
      total_size: items.length,
    },
    body: items.slice(from, from + request.size),
  };
}
