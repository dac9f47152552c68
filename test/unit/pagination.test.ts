import { paginate } from '../../src/api/pagination';

const items = Array.from({ length: 60 }, (_, i) => i + 1);
const q = (page: number, size = 25, extra: Record<string, string> = {}) => ({
  page: String(page),
  'page-size': String(size),
  ...extra,
});

describe('pagination', () => {
  it('when the first of three pages is asked, then next and last are given and first/prev are not', () => {
    const p = paginate(items, q(1));
    expect(p.records).toEqual(items.slice(0, 25));
    expect(p.meta).toEqual({ totalRecords: 60, totalPages: 3 });
    expect(p.links).toEqual({ next: 'page=2&page-size=25', last: 'page=3&page-size=25' });
  });

  it('when a middle page is asked, then all four links are given', () => {
    const p = paginate(items, q(2));
    expect(p.records).toEqual(items.slice(25, 50));
    expect(p.links).toEqual({
      first: 'page=1&page-size=25',
      prev: 'page=1&page-size=25',
      next: 'page=3&page-size=25',
      last: 'page=3&page-size=25',
    });
  });

  it('when the last page is asked, then it holds the remainder and only first/prev are given', () => {
    const p = paginate(items, q(3));
    expect(p.records).toEqual(items.slice(50));
    expect(p.links).toEqual({ first: 'page=1&page-size=25', prev: 'page=2&page-size=25' });
  });

  it('when the page is beyond the last, then it is 422 naming the last page', () => {
    expect(() => paginate(items, q(4))).toThrow('Invalid page: the last page is 3');
  });

  it('when the set is empty, then page 1 is empty with zero totals and no links', () => {
    expect(paginate([], q(1))).toEqual({
      records: [],
      links: {},
      meta: { totalRecords: 0, totalPages: 0 },
    });
  });

  it('when everything fits one page, then links is empty', () => {
    expect(paginate(items, q(1, 1000)).links).toEqual({});
  });

  it('when filters were given or defaulted, then links carry them after page and page-size, in the table order', () => {
    const p = paginate(
      items,
      q(2, 10, { 'is-owned': 'true', 'open-status': 'ALL', 'product-category': 'TERM_DEPOSITS' }),
    );
    expect(p.links.next).toBe(
      'page=3&page-size=10&product-category=TERM_DEPOSITS&open-status=ALL&is-owned=true',
    );
  });

  it('when every page is walked, then each record appears exactly once in order', () => {
    for (const size of [1, 7, 25, 59, 60, 61]) {
      const seen: number[] = [];
      for (let page = 1; page <= Math.ceil(items.length / size); page += 1)
        seen.push(...paginate(items, q(page, size)).records);
      expect(seen).toEqual(items);
    }
  });
});
