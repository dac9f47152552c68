/**
 * `TRUST_PROXY` behind a real loopback proxy: the per-address token limits count the client the
 * proxy names in `X-Forwarded-For`, so one client's wrong secrets never count against another
 * client behind the same proxy; unset, a caller's own `X-Forwarded-For` changes nothing. A right
 * secret is never refused for failures, whoever made them.
 *
 * Clients send from their own loopback addresses (127.x.y.z: Linux routes all of 127/8 to the
 * loopback interface); the proxy listens on 127.0.0.1 and adds the address it sees, as an ingress
 * does.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startGateway, type TestGateway } from '../helpers/gateway';
import { BOTH, platformDir, type PlatformDir } from './platform-helpers';

const RATE_LIMITED = {
  status: 429,
  body: {
    error: 'rate_limited',
    error_description: 'Too many requests; retry after the time in Retry-After',
  },
};

/** A loopback address of its own (never 127.0.0.x, where the proxy is). */
function loopbackAddress(): string {
  const [a, b, c] = crypto.randomBytes(3);
  return `127.${1 + (a! % 254)}.${b!}.${1 + (c! % 254)}`;
}

interface ForwardingProxy {
  origin: string;
  close(): Promise<void>;
}

/**
 * A reverse proxy on 127.0.0.1 in front of `target`: appends the address it sees to
 * `X-Forwarded-For` (keeping what the caller sent, as nginx's `$proxy_add_x_forwarded_for` does).
 */
async function startForwardingProxy(target: string): Promise<ForwardingProxy> {
  const to = new URL(target);
  const server = http.createServer((req, res) => {
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress]
      .filter((part) => part !== undefined)
      .join(', ');
    const upstream = http.request(
      {
        host: to.hostname,
        port: to.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwardedFor },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `POST /v1/token` (JSON) to `origin`, sent from `from`, with extra headers. */
function requestTokenFrom(
  origin: string,
  from: string,
  credentials: { id: string; secret: string },
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  const { hostname, port } = new URL(origin);
  const body = JSON.stringify({ client_id: credentials.id, client_secret: credentials.secret });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: hostname,
        port,
        localAddress: from,
        method: 'POST',
        path: '/v1/token',
        agent: false,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The statuses of `count` wrong secrets for `id` from `from`, one after the other. */
async function guess(
  origin: string,
  from: string,
  id: string,
  count: number,
  headers: () => Record<string, string> = () => ({}),
): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await requestTokenFrom(origin, from, { id, secret: `guess-${i}` }, headers());
    statuses.push(res.status);
  }
  return statuses;
}

/**
 * Failed authentications per address per window. The default is 30 (the 31st wrong secret of an
 * address is 429); a smaller limit keeps each test short, and changes nothing else.
 */
const FAILURE_LIMIT = 5;
/** Wrong secrets up to the limit answered 401, the next 429. */
const LOCKED_OUT = [...Array(FAILURE_LIMIT).fill(401), 429];
const LOCK_OUT = FAILURE_LIMIT + 1;

/** A gateway (demo core, in-process limits) with `env`, a client `app`, and a proxy in front. */
function behindProxy(env: Record<string, string | number>) {
  const state = {} as { gw: TestGateway; proxy: ForwardingProxy; dir: PlatformDir; secret: string };
  beforeAll(async () => {
    state.dir = platformDir();
    state.gw = await startGateway({
      ...state.dir.env,
      RATE_LIMIT_TOKEN_FAILURES_PER_ADDRESS: FAILURE_LIMIT,
      ...env,
    });
    state.proxy = await startForwardingProxy(state.gw.origin);
    ({ secret: state.secret } = await state.dir.registry.create('app', BOTH));
  });
  afterAll(async () => {
    await state.proxy?.close();
    await state.gw?.close();
    state.dir?.remove();
  });
  return state;
}

describe.each([
  ['the proxy address', '127.0.0.1'],
  ['one hop', 1],
])('with TRUST_PROXY naming %s, behind a proxy', (_name, trustProxy) => {
  const at = behindProxy({ TRUST_PROXY: trustProxy });

  it('when one client uses up its failure limit with wrong secrets, then its next wrong secret is 429 while another client behind the same proxy still gets 401 for one, and the right secret passes from both', async () => {
    const attacker = loopbackAddress();
    expect(await guess(at.proxy.origin, attacker, 'app', LOCK_OUT)).toEqual(LOCKED_OUT);
    const elsewhere = loopbackAddress();
    expect(await guess(at.proxy.origin, elsewhere, 'app', 1)).toEqual([401]);
    const rightFromAttacker = await requestTokenFrom(at.proxy.origin, attacker, {
      id: 'app',
      secret: at.secret,
    });
    expect(rightFromAttacker.status).toBe(200);
    const other = await requestTokenFrom(at.proxy.origin, elsewhere, {
      id: 'app',
      secret: at.secret,
    });
    expect(other.status).toBe(200);
    expect(typeof (other.body as { token: unknown }).token).toBe('string');
  });

  it('when a client sends its own X-Forwarded-For through the proxy, then it is still counted by the address the proxy saw', async () => {
    const attacker = loopbackAddress();
    const spoofed = () => ({ 'x-forwarded-for': `203.0.113.${crypto.randomInt(1, 255)}` });
    expect(await guess(at.proxy.origin, attacker, 'app', LOCK_OUT, spoofed)).toEqual(LOCKED_OUT);
  });
});

describe('with TRUST_PROXY unset', () => {
  describe('behind a proxy', () => {
    const at = behindProxy({});

    it('when one client uses up its failure limit with wrong secrets, then every client behind the proxy shares its failure count (the proxy is the only address seen), and a right secret still passes', async () => {
      expect(await guess(at.proxy.origin, loopbackAddress(), 'app', LOCK_OUT)).toEqual(LOCKED_OUT);
      const otherWrong = await requestTokenFrom(at.proxy.origin, loopbackAddress(), {
        id: 'app',
        secret: 'wrong',
      });
      expect(otherWrong).toEqual(RATE_LIMITED);
      const otherRight = await requestTokenFrom(at.proxy.origin, loopbackAddress(), {
        id: 'app',
        secret: at.secret,
      });
      expect(otherRight.status).toBe(200);
    });
  });

  describe('called directly', () => {
    const at = behindProxy({});

    it('when a caller sends a different X-Forwarded-For with each wrong secret, then it changes nothing: its wrong secrets are 429 past its limit', async () => {
      const caller = loopbackAddress();
      const spoofed = () => ({ 'x-forwarded-for': `203.0.113.${crypto.randomInt(1, 255)}` });
      expect(await guess(at.gw.origin, caller, 'app', LOCK_OUT, spoofed)).toEqual(LOCKED_OUT);
      // The right secret from another address passes: the count was the caller's alone.
      const other = await requestTokenFrom(at.gw.origin, loopbackAddress(), {
        id: 'app',
        secret: at.secret,
      });
      expect(other.status).toBe(200);
    });
  });
});
