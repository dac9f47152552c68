/**
 * Every log line the real gateway writes, read as a log store reads it: valid JSON with unique
 * keys (JSON.parse keeps the last of a repeated key without a word, Elasticsearch refuses the
 * document), `err.type` the error's real class, and under many failing requests with one cause
 * one line per request and one stack per interval. Drives ok, rejected, internal-error and
 * core-down requests on a loopback core, a Redis outage, and the Fineract adapter.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stringify } from 'lossless-json';
import {
  FINERACT_API_ROOT,
  loadFineractDataset,
  startFineractSimulator,
} from '../../adapters/fineract/simulator/simulator';
import { startGateway, TEST_SUBDOMAIN, type TestGateway } from '../helpers/gateway';
import { captureLogger } from '../helpers/log-capture';
import { loopbackAdapter, startLoopbackCore } from '../helpers/loopback-core';
import { replayMemoryLongKept, startOwnRedis } from '../helpers/redis-server';
import { waitFor } from '../helpers/wait';
import { CoreUnavailableError } from '../../src/errors';
import { describeError, StackGate } from '../../src/errors/error-log';

// ---------------------------------------------------------------------------------------------
// A JSON scan that reports repeated keys (JSON.parse would silently keep the last one).
// ---------------------------------------------------------------------------------------------

const NUMBER_OR_LITERAL = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;

/** Every key that appears twice in one object of `text`, as `$.outer.key`. */
export function repeatedKeys(text: string): string[] {
  let i = 0;
  const repeated: string[] = [];
  const fail = (what: string): never => {
    throw new Error(`not JSON at ${i}: expected ${what}`);
  };
  const space = () => {
    while (i < text.length && ' \t\r\n'.includes(text[i]!)) i += 1;
  };
  const string = (): string => {
    if (text[i] !== '"') fail('a string');
    const start = i;
    for (i += 1; text[i] !== '"'; i += 1) {
      if (i >= text.length) fail('the end of a string');
      if (text[i] === '\\') i += 1;
    }
    i += 1;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (where: string): void => {
    space();
    if (text[i] === '{') {
      i += 1;
      const keys = new Set<string>();
      space();
      if (text[i] === '}') {
        i += 1;
        return;
      }
      for (;;) {
        space();
        const key = string();
        if (keys.has(key)) repeated.push(`${where}.${key}`);
        keys.add(key);
        space();
        if (text[i] !== ':') fail(':');
        i += 1;
        value(`${where}.${key}`);
        space();
        if (text[i] === '}') break;
        if (text[i] !== ',') fail(', or }');
        i += 1;
      }
      i += 1;
    } else if (text[i] === '[') {
      i += 1;
      space();
      if (text[i] === ']') {
        i += 1;
        return;
      }
      for (let n = 0; ; n += 1) {
        value(`${where}[${n}]`);
        space();
        if (text[i] === ']') break;
        if (text[i] !== ',') fail(', or ]');
        i += 1;
      }
      i += 1;
    } else if (text[i] === '"') {
      string();
    } else {
      NUMBER_OR_LITERAL.lastIndex = i;
      const match = NUMBER_OR_LITERAL.exec(text);
      if (!match) fail('a value');
      i += match![0].length;
    }
  };
  value('$');
  space();
  if (i !== text.length) fail('the end');
  return repeated;
}

// ---------------------------------------------------------------------------------------------
// What every captured line must satisfy, and how lines of one group of requests are read.
// ---------------------------------------------------------------------------------------------

type Line = Record<string, unknown> & {
  level: number;
  msg?: string;
  reqId?: string;
  code?: string;
  err?: { type?: unknown; code?: unknown; stack?: unknown; message?: unknown };
};

/** Every line parsed; fails naming the first line that is not JSON or repeats a key. */
function checkedLines(lines: string[]): Line[] {
  return lines.map((text) => {
    const parsed = JSON.parse(text) as Line;
    expect({ line: text, repeated: repeatedKeys(text) }).toEqual({ line: text, repeated: [] });
    if (parsed.err !== undefined) {
      expect({ line: text, type: typeof parsed.err.type }).toEqual({ line: text, type: 'string' });
      expect(['Cls', 'Object', '']).not.toContain(parsed.err.type);
      if (parsed.err.stack !== undefined) expect(String(parsed.err.stack)).toMatch(/\n\s+at /);
    }
    return parsed;
  });
}

const WARN = 40;
const ERROR = 50;

/** The lines of the requests whose ids start with `prefix`. */
const linesOf = (lines: Line[], prefix: string) =>
  lines.filter((l) => typeof l.reqId === 'string' && l.reqId.startsWith(prefix));

/** Sends `n` requests one after another, each with its own request id `<prefix><i>`. */
async function repeat(
  gw: TestGateway,
  n: number,
  prefix: string,
  target: string,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const res = await gw.get(target, { headers: { 'x-request-id': `${prefix}${i}` } });
    statuses.push(res.status);
  }
  return statuses;
}

/**
 * `n` failed requests of one cause: one line each, at `level`, with the code and the error's
 * class, and exactly one of them with a stack (the interval is far longer than the test).
 */
function expectOneStackPerCause(
  lines: Line[],
  n: number,
  expected: { level: number; code: string; type: string },
): void {
  const byRequest = new Map<string, Line[]>();
  for (const line of lines)
    byRequest.set(line.reqId!, [...(byRequest.get(line.reqId!) ?? []), line]);
  expect([...byRequest.values()].map((l) => l.length)).toEqual(Array<number>(n).fill(1));
  expect(lines.map((l) => ({ level: l.level, code: l.code, type: l.err?.type }))).toEqual(
    Array(n).fill({ level: expected.level, code: expected.code, type: expected.type }),
  );
  expect(lines.filter((l) => l.err?.stack !== undefined)).toHaveLength(1);
}

const NO_CACHE = { CACHE_TTL_SECONDS: '{"customer.getCustomerDetail":0}' };
const DETAIL = '/v1/common/customer/c-1001/detail';

describe('the duplicate-key scan', () => {
  it('when a line repeats a key, at the top or nested, then the scan names it; else nothing', () => {
    expect(repeatedKeys('{"a":1,"b":{"c":[{"d":1,"d":"x"}]},"a":"\\"a"}')).toEqual([
      '$.b.c[0].d',
      '$.a',
    ]);
    expect(repeatedKeys('{"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}],"d":"a\\",\\"a\\":"}')).toEqual(
      [],
    );
    expect(() => repeatedKeys('{"a":1')).toThrow('not JSON');
  });
});

describe('one stack per cause and interval', () => {
  it('when the interval passes, then the cause logs its stack again with the count held back, while another cause was never held back', () => {
    let now = 0;
    const gate = new StackGate(60_000, () => now);
    expect([gate.pass('a'), gate.pass('a'), gate.pass('b'), gate.pass('a')]).toEqual([
      0,
      undefined,
      0,
      undefined,
    ]);
    now = 59_999;
    expect(gate.pass('a')).toBeUndefined();
    now = 60_000;
    expect(gate.pass('a')).toBe(3);
    expect(gate.pass('a')).toBeUndefined();
  });

  it('when an error is described, then it has its class name, its causes and, only when let through, its stack', () => {
    const err = new CoreUnavailableError({ cause: new TypeError('socket closed') });
    expect(describeError(err)).toEqual({
      type: 'CoreUnavailableError',
      message: 'Service unavailable: socket closed',
      code: 'GW_ERR_CORE_UNAVAILABLE',
    });
    const withStack = describeError(err, 4);
    expect(withStack.stack).toMatch(/^GW_ERR_CORE_UNAVAILABLE: Service unavailable\n\s+at /);
    expect(withStack.stack).toContain('\ncaused by: TypeError: socket closed\n');
    expect(withStack.stacksOmitted).toBe(4);
    expect(describeError('a string')).toEqual({ type: 'NonError', message: 'a string' });
  });
});

describe('log lines on a loopback core', () => {
  const capture = captureLogger('debug');
  let gw: TestGateway;
  let core: Awaited<ReturnType<typeof startLoopbackCore>>;
  beforeAll(async () => {
    core = await startLoopbackCore();
    gw = await startGateway(
      { ...NO_CACHE, RETRY_ATTEMPTS: 0, CIRCUIT_MIN_VOLUME: 1000 },
      { adapter: loopbackAdapter(core), logger: capture.logger },
    );
  });
  afterAll(async () => {
    await gw.close();
    await core.close();
  });

  it('when requests succeed, are rejected, fail inside and find the core down, then every line has unique keys, real error classes and one stack per cause', async () => {
    expect((await gw.get(DETAIL, { headers: { 'x-request-id': 'ok-1' } })).status).toBe(200);
    const rejected = await gw.get(DETAIL, {
      headers: { 'x-request-id': 'rejected-1', authorization: 'Bearer x.y.z' },
    });
    expect(rejected.status).toBe(401);
    expect(await repeat(gw, 2, 'unknown-', '/v1/common/customer/c-9999/detail')).toEqual([
      404, 404,
    ]);
    expect(await repeat(gw, 1, 'unmatched-', '/v1/nothing/here')).toEqual([404]);

    core.mode = { kind: 'status', status: 500 };
    expect(await repeat(gw, 5, 'internal-', DETAIL)).toEqual(Array(5).fill(500));
    await core.close(); // connections refused from now on
    expect(await repeat(gw, 20, 'down-', DETAIL)).toEqual(Array(20).fill(503));

    const lines = checkedLines(capture.lines);
    expect(linesOf(lines, 'ok-')).toMatchObject([
      {
        msg: 'request completed',
        route: '/v1/common/customer/{customerId}/detail',
        operationId: 'getCustomerDetail',
        res: { statusCode: 200 },
      },
    ]);
    // A refused token's line says why, by its slug; a 404's has no reason.
    expect(linesOf(lines, 'rejected-').map((l) => [l.code, l.reason])).toEqual([
      ['GW_ERR_AUTH_UNAUTHORIZED', 'malformed_token'],
    ]);
    expect(linesOf(lines, 'unknown-').map((l) => l.reason)).toEqual([undefined, undefined]);
    for (const prefix of ['rejected-', 'unknown-', 'unmatched-']) {
      for (const line of linesOf(lines, prefix)) {
        expect({ prefix, err: line.err, level: line.level }).toEqual({
          prefix,
          err: undefined,
          level: 30,
        });
      }
    }
    expectOneStackPerCause(linesOf(lines, 'internal-'), 5, {
      level: ERROR,
      code: 'GW_ERR_INTERNAL',
      type: 'Error',
    });
    expectOneStackPerCause(linesOf(lines, 'down-'), 20, {
      level: WARN,
      code: 'GW_ERR_CORE_UNAVAILABLE',
      type: 'CoreUnavailableError',
    });
  });
});

describe('log lines at warn', () => {
  it('when the core is down and info is off, then each failed request logs one warn line, one of them with a stack, and rejections none', async () => {
    const core = await startLoopbackCore();
    await core.close();
    const capture = captureLogger('warn');
    const gw = await startGateway(
      { ...NO_CACHE, RETRY_ATTEMPTS: 0, CIRCUIT_MIN_VOLUME: 1000 },
      { adapter: loopbackAdapter(core), logger: capture.logger },
    );
    try {
      expect(await repeat(gw, 10, 'warn-down-', DETAIL)).toEqual(Array(10).fill(503));
      expect(await repeat(gw, 2, 'warn-unmatched-', '/v1/nothing/here')).toEqual([404, 404]);
      const lines = checkedLines(capture.lines);
      expectOneStackPerCause(linesOf(lines, 'warn-down-'), 10, {
        level: WARN,
        code: 'GW_ERR_CORE_UNAVAILABLE',
        type: 'CoreUnavailableError',
      });
      expect(linesOf(lines, 'warn-down-')[0]).toMatchObject({
        route: '/v1/common/customer/{customerId}/detail',
        operationId: 'getCustomerDetail',
        msg: 'request failed',
      });
      expect(linesOf(lines, 'warn-unmatched-')).toEqual([]);
    } finally {
      await gw.close();
    }
  });
});

describe('log lines while Redis is down', () => {
  it('when the replay store cannot be reached, then each refused request logs one warn line, the cause one stack, and Redis errors their real class', async () => {
    const redis = await startOwnRedis();
    await replayMemoryLongKept(redis.url, TEST_SUBDOMAIN);
    const capture = captureLogger('debug');
    const gw = await startGateway({ REDIS_URL: redis.url }, { logger: capture.logger });
    let running = true;
    try {
      expect((await gw.get(DETAIL)).status).toBe(200);
      await redis.stop();
      running = false;
      expect(await repeat(gw, 20, 'redis-down-', DETAIL)).toEqual(Array(20).fill(503));
      // ioredis reports the refused reconnect a moment after the close: wait for its first line.
      const reported = () => capture.lines.some((l) => l.includes('"redis connection error"'));
      await waitFor(reported, 'the first redis connection error line');
      const lines = checkedLines(capture.lines);
      expectOneStackPerCause(linesOf(lines, 'redis-down-'), 20, {
        level: WARN,
        code: 'GW_ERR_AUTH_UNAVAILABLE',
        type: 'AuthUnavailableError',
      });
      const connection = lines.filter((l) => l.msg === 'redis connection error');
      expect(connection.length).toBeGreaterThanOrEqual(1);
      // One stack per cause: the refused reconnects, and the reset of the open connection when
      // the server's close reached it as one (it does or not, by timing).
      const stacks = connection.filter((l) => l.err?.stack !== undefined);
      const causes = [...new Set(connection.map((l) => `${l.err?.type}:${l.err?.code}`))];
      expect(stacks.map((l) => `${l.err?.type}:${l.err?.code}`).sort()).toEqual(causes.sort());
      expect(connection.every((l) => l.err?.type === 'Error')).toBe(true);
    } finally {
      // Up again, so that the gateway closes its connection at once rather than while retrying.
      if (!running) {
        await redis.start();
        await waitFor(
          () => gw.gateway.readiness().dependencies.redis,
          'the gateway on Redis again',
        );
      }
      await gw.close();
      await redis.stop();
    }
    // Its own redis-server, 20 refused requests and a reconnect: 16 s on a loaded machine.
  }, 45_000);
});

describe('log lines of the Fineract adapter', () => {
  it('when an account is unknown to Fineract and then Fineract fails, then adapter lines name the adapter once and no account id', async () => {
    // The bundled data set without the detail of client 1's account sav-2: Fineract answers 404.
    const data = loadFineractDataset();
    data.savingsAccounts = data.savingsAccounts.filter((a) => String(a.id) !== '2');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-log-lines-'));
    const dataFile = path.join(dir, 'dataset.json');
    fs.writeFileSync(dataFile, stringify(data) ?? '');
    const sim = await startFineractSimulator({ port: 0, dataFile });
    const capture = captureLogger('debug');
    const gw = await startGateway(
      {
        CORE_ADAPTER: 'fineract',
        FINERACT_BASE_URL: sim.url,
        FINERACT_USERNAME: 'mifos',
        FINERACT_PASSWORD: 'password',
        FINERACT_TENANT: 'default',
        FINERACT_BSB: '012-345',
        CACHE_TTL_SECONDS: '{"banking.listAccounts":0}',
        RETRY_ATTEMPTS: 0,
      },
      { logger: capture.logger },
    );
    try {
      const ok = await gw.get('/v1/banking/customer/1/accounts');
      expect(ok.status).toBe(200);
      expect(JSON.stringify(ok.body)).not.toContain('sav-2');
      sim.setFault('unavailable503');
      expect((await gw.get('/v1/banking/customer/1/accounts')).status).toBe(503);

      const lines = checkedLines(capture.lines);
      const adapterLines = lines.filter((l) => l.adapter !== undefined);
      expect(adapterLines.map((l) => l.msg)).toEqual(
        expect.arrayContaining([
          'an account of the client list is unknown to Fineract; left out',
          'Fineract answered an error',
        ]),
      );
      for (const line of adapterLines) expect(line.adapter).toBe('fineract');
      const text = capture.lines.join('\n');
      expect(text).not.toContain('sav-2');
      expect(text).not.toContain(`${FINERACT_API_ROOT}/v1/savingsaccounts/2`);
    } finally {
      await gw.close();
      await sim.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
