/**
 * The call context a route handler receives (src/http/router.ts). Its `signal` getter must live on
 * a shared prototype: an object literal with a getter gives every request a hidden class of its
 * own, which kept finished requests alive across young-generation GCs (docs/benchmarks.md).
 */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createHttpServer } from '../../src/http/http-server';
import { buildApiRouter } from '../../src/http/router';
import type { RouteSpec } from '../../src/routes/route-spec';
import type { CallContext } from '../../src/ports';

describe('call context', () => {
  const seen: CallContext[] = [];
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    const route: RouteSpec = {
      operationId: 'probe',
      method: 'GET',
      path: '/probe/{id}',
      summary: 'probe',
      tags: [],
      family: 'v1',
      auth: 'none',
      tier: 'unauthenticated',
      query: [],
      response: { type: 'object' },
      handle: async ({ ctx }) => {
        seen.push(ctx);
        return { body: { requestId: ctx.requestId } };
      },
    };
    let n = 0;
    const app = express();
    app.use((_req, res, next) => {
      res.locals.requestId = `r-${n++}`;
      next();
    });
    app.use(
      buildApiRouter([route], {
        verifyHolder: () => Promise.reject(new Error('no holder routes here')),
        now: () => new Date(),
      }),
    );
    server = createHttpServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('when two requests are handled, then their contexts share one prototype that holds the signal getter', async () => {
    const bodies = [];
    for (const id of ['a', 'b']) bodies.push(await (await fetch(`${base}/probe/${id}`)).json());
    expect(bodies).toEqual([{ requestId: 'r-0' }, { requestId: 'r-1' }]);
    const [a, b] = seen.slice(-2) as [CallContext, CallContext];
    expect(a).not.toBe(b);
    expect(Object.getOwnPropertyDescriptor(a, 'signal')).toBeUndefined();
    expect(Object.getPrototypeOf(a)).toBe(Object.getPrototypeOf(b));
    const getter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(a), 'signal')?.get;
    expect(typeof getter).toBe('function');
    expect(Object.keys(a)).toEqual(Object.keys(b));
  });

  it('when the signal is read after the answer was sent, then it is made once and not aborted', async () => {
    await fetch(`${base}/probe/c`);
    const ctx = seen[seen.length - 1]!;
    const signal = ctx.signal;
    expect(signal).toBeInstanceOf(AbortSignal);
    expect(ctx.signal).toBe(signal);
    expect(signal.aborted).toBe(false);
  });
});
