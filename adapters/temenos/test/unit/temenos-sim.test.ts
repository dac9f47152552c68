/**
 * The Temenos simulator's protocol (adapters/temenos/simulator/): its credentials and company
 * header, Transact's error bodies (enquiry and record), paths at each service's base path (a
 * doubled slash too), and enquiry paging by page_size, page_start (page numbers) and page_token.
 */
import { callSimulator as call } from '../../simulator/sim-client';
import { startTemenosSimulator, type TemenosSimulator } from '../../simulator/simulator';

let sim: TemenosSimulator;

beforeAll(async () => {
  sim = await startTemenosSimulator({ port: 0 });
});

afterAll(async () => {
  await sim.close();
});

const TRANSACTIONS = '/api/v1.0.0/holdings/transactions?accountId=10000183';

describe('temenos simulator: listening and credentials', () => {
  it('when started on port 0, then it reports the port it bound and serves there', async () => {
    expect(sim.port).toBeGreaterThan(0);
    expect(sim.url).toBe(`http://127.0.0.1:${sim.port}`);
    expect((await call(sim, '/api/v4.0.0/party/customers/100100')).status).toBe(200);
  });

  it('when no credentials come, then it answers 401 with Transact error body and a Basic challenge', async () => {
    const answer = await call(sim, '/api/v4.0.0/party/customers', { auth: 'none' });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect(answer.body).toEqual({
      header: expect.objectContaining({ status: 'failed' }),
      error: { type: 'SECURITY', code: 'EB-SECURITY.VIOLATION', message: expect.any(String) },
    });
  });

  it('when the password is wrong, then it answers 401', async () => {
    const wrong = { user: sim.login.username, password: 'not-it' };
    expect((await call(sim, '/api/v4.0.0/party/customers', { auth: wrong })).status).toBe(401);
  });

  it('when the bearer token comes instead of Basic, then it answers', async () => {
    expect((await call(sim, '/api/v4.0.0/party/customers', { auth: 'bearer' })).status).toBe(200);
  });

  it('when the companyId header is missing, then it answers 400 (a business error), after the credentials', async () => {
    const missing = await call(sim, '/api/v4.1.0/holdings/accounts', { companyId: null });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ type: 'BUSINESS', code: 'EB-COMPANY.MISSING' });
    const both = await call(sim, '/api/v4.1.0/holdings/accounts', {
      companyId: null,
      auth: 'none',
    });
    expect(both.status).toBe(401);
  });

  it('when the companyId names another company, then it answers 400', async () => {
    const answer = await call(sim, '/api/v4.1.0/holdings/accounts', { companyId: 'GB0010001' });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('EB-COMPANY.UNKNOWN');
  });
});

describe('temenos simulator: paths and errors', () => {
  it('when an enquiry names an unknown customer, then it answers 404 with the enquiry error body', async () => {
    const answer = await call(sim, '/api/v4.0.0/party/customers/999999/addresses');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({
      header: { audit: expect.any(Object), status: 'failed' },
      error: {
        type: 'BUSINESS',
        code: 'EB-RECORD.NOT.FOUND',
        message: 'Customer 999999 not found',
      },
    });
  });

  it('when a record read names an unknown customer, then it answers 404 with the record error body', async () => {
    const answer = await call(sim, '/api/v4.0.0/party/customers/999999');
    expect(answer.status).toBe(404);
    expect(answer.body.error).toEqual({
      type: 'BUSINESS',
      errorDetails: [{ code: 'EB-RECORD.NOT.FOUND', message: 'Customer 999999 not found' }],
    });
  });

  it('when a path names no served operation, then it answers 404', async () => {
    for (const path of [
      '/api/v9.9.9/holdings/accounts',
      '/api/v2.0.0/holdings/transactions',
      '/',
    ]) {
      const answer = await call(sim, path);
      expect({ path, status: answer.status, code: answer.body.error.code }).toEqual({
        path,
        status: 404,
        code: 'EB-RESOURCE.NOT.FOUND',
      });
    }
  });

  it('when the method is not GET, then it answers 405 naming GET', async () => {
    const answer = await call(sim, '/api/v4.1.0/holdings/accounts', { method: 'DELETE' });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET');
  });

  it('when the path has the base path trailing slash doubled, then it is the same operation', async () => {
    const single = await call(sim, '/api/v4.1.0/holdings/accounts/10000183');
    const doubled = await call(sim, '/api/v4.1.0//holdings/accounts/10000183');
    expect(doubled.status).toBe(200);
    expect(doubled.body).toEqual(single.body);
  });

  it('when a literal segment and a parameter both fit, then the literal operation answers', async () => {
    const answer = await call(sim, '/api/v4.1.0/holdings/accounts/balances?accountId=10000183');
    expect(answer.status).toBe(200);
    expect(answer.body.body[0]).toMatchObject({
      accountId: '10000183',
      workingBalance: expect.any(String),
    });
  });

  it('when a query value is malformed, then it answers 400 naming the parameter', async () => {
    const answer = await call(sim, `${TRANSACTIONS}&dateFrom=2026-13-40`);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      code: 'EB-INVALID.INPUT',
      message: expect.stringMatching(/^dateFrom/),
    });
  });
});

describe('temenos simulator: paging', () => {
  it('when no page is asked, then the first 50 come with the whole total and a token', async () => {
    const { body } = await call(sim, TRANSACTIONS);
    expect(body.header).toMatchObject({ page_size: 50, page_start: 1, status: 'success' });
    expect(body.header.total_size).toBeGreaterThanOrEqual(60);
    expect(body.header.page_token).toEqual(expect.any(String));
    expect(body.body).toHaveLength(50);
  });

  it('when every page is read with page_start and the token, then the pages hold each record once, in order', async () => {
    const first = (await call(sim, `${TRANSACTIONS}&page_size=25`)).body;
    const { total_size: total, page_token: token } = first.header;
    const seen = [...first.body];
    for (let page = 2; seen.length < total; page += 1) {
      const next = await call(
        sim,
        `${TRANSACTIONS}&page_size=25&page_start=${page}&page_token=${token}`,
      );
      expect(next.body.header).toMatchObject({
        page_start: page,
        page_size: 25,
        page_token: token,
        total_size: total,
      });
      expect(next.body.body.length).toBeGreaterThan(0);
      seen.push(...next.body.body);
    }
    const all = (await call(sim, TRANSACTIONS, { headers: { disablePagination: 'true' } })).body;
    expect(seen).toEqual(all.body);
    expect(new Set(seen.map((t) => t.transactionReference)).size).toBe(total);
  });

  it('when a page past the last is asked, then it is empty with the same total', async () => {
    const { body } = await call(sim, `${TRANSACTIONS}&page_size=100&page_start=99`);
    expect(body.body).toEqual([]);
    expect(body.header.total_size).toBeGreaterThanOrEqual(60);
  });

  it('when the token belongs to another enquiry, then it answers 400', async () => {
    const other = (await call(sim, '/api/v1.0.0/holdings/transactions?accountId=10000191')).body;
    const answer = await call(
      sim,
      `${TRANSACTIONS}&page_start=2&page_token=${other.header.page_token}`,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(/^page_token/);
  });

  it('when page_size or page_start is not a whole number from 1, then it answers 400', async () => {
    for (const bad of ['page_size=0', 'page_size=x', 'page_start=0', 'page_start=-1']) {
      expect({ bad, status: (await call(sim, `${TRANSACTIONS}&${bad}`)).status }).toEqual({
        bad,
        status: 400,
      });
    }
  });

  it('when disablePagination is true, then every record comes without the paging fields', async () => {
    const { body } = await call(sim, TRANSACTIONS, { headers: { disablePagination: 'true' } });
    expect(body.header).not.toHaveProperty('page_size');
    expect(body.header).not.toHaveProperty('total_size');
    expect(body.body.length).toBeGreaterThanOrEqual(60);
  });

  it('when a record is read, then its header names it and carries no paging', async () => {
    const { body } = await call(sim, '/api/v4.0.0/party/customers/100300/relationships');
    expect(body.header).toMatchObject({ id: '100300', status: 'success' });
    expect(body.header).not.toHaveProperty('page_size');
    expect(body.body).toEqual({
      relations: [{ relatedCustomerId: '100400', relationship: 'SIGNATORY' }],
    });
  });
});
