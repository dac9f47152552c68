/**
 * FDX offset paging over the signed paging tokens: a page's `nextOffset` wraps the port's position
 * key of the next page in a token bound to a scope, the list of everything that decides which
 * records a page holds (operation, customer, account, dates, limit). An offset that was altered,
 * made up, or issued for another scope does not verify: 400 code 400.
 */
import { FdxInvalidRequestError } from '../../errors';
import type { PagingTokens } from '../../api/paging-token';
import type { FdxPage } from '../../ports';

export class FdxPaging {
  constructor(private readonly tokens: PagingTokens) {}

  /** The scope of a listing: the values that decide its pages, in a fixed order. */
  static scope(...parts: readonly (string | number | null)[]): string {
    return JSON.stringify(['fdx', ...parts]);
  }

  /** The position key inside a verified offset; none without an offset. @throws FdxInvalidRequestError */
  position(scope: string, offset: string | undefined): string | undefined {
    if (offset === undefined) return undefined;
    const position = this.tokens.verify(scope, offset) as { after?: unknown } | undefined;
    if (!position || typeof position !== 'object' || typeof position.after !== 'string')
      throw new FdxInvalidRequestError();
    return position.after;
  }

  /** The `page` block of an answer: `nextOffset` while the port says more data exists. */
  block(scope: string, page: Pick<FdxPage<unknown>, 'next'>): { nextOffset?: string } {
    return page.next !== undefined
      ? { nextOffset: this.tokens.issue(scope, { after: page.next }) }
      : {};
  }
}
