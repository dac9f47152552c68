/**
 * Reading a whole Transact enquiry, page by page. Transact pages every list answer: the request
 * asks `page_size` records; the answer's header says `total_size` (the whole result's count) and
 * `page_token` (the id under which Transact keeps that result). The next pages are asked with the
 * same `page_size`, that `page_token` and `page_start`, the page's number counted from 1, so that
 * every page comes from the same result even while records are added.
 *
 * The walk stops when the pages hold `total_size` records, at a short or empty page, or after
 * {@link MAX_PAGES} pages (a guard against a core that never ends; logged, without ids).
 */
import type { AdapterContext, CallContext } from '@data-holder-gateway/adapter-sdk';
import type { TemenosList } from './mappers';
import type { Query, TemenosHttp } from './temenos-client';

/** Pages one enquiry reads at most. */
export const MAX_PAGES = 200;

/** One enquiry: what to ask and how to name it. */
export interface Enquiry {
  operation: string;
  service: string;
  path: string;
  query: Query;
}

/**
 * Every record of an enquiry; null when Transact answers its first page 404 (the resource it is
 * asked under is unknown, or the enquiry found nothing: the caller knows which it can be).
 */
export async function readAllPages<T>(
  http: TemenosHttp,
  enquiry: Enquiry,
  pageSize: number,
  ctx: CallContext,
  log: AdapterContext['log'],
): Promise<T[] | null> {
  const { operation, service, path, query } = enquiry;
  const first = await http.get<TemenosList<T>>(
    operation,
    service,
    path,
    { ...query, page_size: pageSize },
    ctx,
  );
  if (first === null) return null;
  const records = [...bodyOf(first)];
  const total = first.header?.total_size;
  const token = first.header?.page_token;
  let last = bodyOf(first).length;
  for (let page = 2; more(records.length, last, pageSize, total); page += 1) {
    if (page > MAX_PAGES) {
      log.warn({ operation, pages: MAX_PAGES }, 'a Transact enquiry has more pages than read');
      break;
    }
    const next = await http.get<TemenosList<T>>(
      operation,
      service,
      path,
      { ...query, page_size: pageSize, page_start: page, page_token: token },
      ctx,
    );
    last = next === null ? 0 : bodyOf(next).length;
    if (next !== null) records.push(...bodyOf(next));
  }
  return records;
}

function bodyOf<T>(answer: TemenosList<T>): T[] {
  return Array.isArray(answer.body) ? answer.body : [];
}

/** Whether another page follows (see the module comment). */
function more(read: number, lastPage: number, pageSize: number, total: number | undefined) {
  if (lastPage === 0 || lastPage < pageSize) return false;
  return typeof total !== 'number' || read < total;
}
