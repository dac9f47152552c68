import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../../src/http/json-answer';
import { readOnlyCopy } from '../../src/stores/cache';

/** What `sendJson` wrote: status, headers and body text. */
interface Written {
  status: number;
  headers: Record<string, unknown>;
  text: string | undefined;
}

/** Calls `sendJson` on a response that records what it is given. */
function answer(body: unknown, method = 'GET'): Written {
  const written: Written = { status: 0, headers: {}, text: undefined };
  const res = {
    set statusCode(status: number) {
      written.status = status;
    },
    setHeader: (name: string, value: unknown) => (written.headers[name] = value),
    end: (text?: string) => (written.text = text),
  } as unknown as ServerResponse;
  sendJson({ method } as IncomingMessage, res, 200, body);
  return written;
}

const detail = () => ({
  customerUType: 'person',
  person: { lastUpdateTime: '2026-11-26T00:00:00Z', firstName: 'Zoë "Z"', middleNames: [] },
  '3': 'an index key, written first',
  missing: undefined,
});

describe('JSON answers', () => {
  afterEach(() => jest.restoreAllMocks());

  it('when the answer holds a read-only cached value, then its kept text is written, not serialised again', () => {
    const cached = readOnlyCopy(detail());
    const stringify = jest.spyOn(JSON, 'stringify');
    const written = answer({ data: cached });
    // Only the member names are serialised: no object is.
    expect(stringify.mock.calls.filter(([value]) => typeof value === 'object')).toEqual([]);
    stringify.mockRestore();
    expect(written.text).toBe(JSON.stringify({ data: cached }));
    expect(written.headers['Content-Length']).toBe(Buffer.byteLength(written.text!));
    expect(written.headers['Content-Type']).toBe('application/json; charset=utf-8');
  });

  it('when the answer is anything else, then it is the text JSON.stringify writes', () => {
    const cached = readOnlyCopy(detail());
    const withMap = readOnlyCopy({ plans: new Map([['acc-1', { supported: true }]]) });
    class Answer {
      data = cached;
    }
    const bodies: unknown[] = [
      {},
      { data: detail() },
      { data: cached, links: { self: '/x' }, meta: {} },
      { meta: {}, data: cached },
      { data: cached, more: cached },
      { data: withMap },
      { data: cached, missing: undefined },
      { data: cached, toJSON: () => ({ replaced: true }) },
      Object.assign(Object.create(null) as object, { data: cached }),
      new Answer(),
      [cached],
      'text',
      null,
    ];
    for (const body of bodies)
      expect([body, answer(body).text]).toEqual([body, JSON.stringify(body)]);
  });

  it('when a cached member would be turned by a toJSON, then the answer is what JSON.stringify writes', () => {
    const list = readOnlyCopy([1, 2]);
    const arrays = Array.prototype as unknown as { toJSON?: () => string };
    arrays.toJSON = () => 'replaced';
    try {
      expect(answer({ data: list }).text).toBe('{"data":"replaced"}');
    } finally {
      delete arrays.toJSON;
    }
  });

  it('when the request is HEAD, then the answer has its length and no body', () => {
    const written = answer({ data: readOnlyCopy(detail()) }, 'HEAD');
    expect(written.text).toBeUndefined();
    expect(written.headers['Content-Length']).toBe(
      Buffer.byteLength(JSON.stringify({ data: detail() })),
    );
  });
});
