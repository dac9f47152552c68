/**
 * SIGTERM under keep-alive load, for real: the gateway runs as its own process, a keep-alive
 * client keeps it busy, and a "load balancer" polls `/readyz` and stops sending new requests once
 * it fails. Every request the client sent is answered: none is reset or refused, and no answer of
 * the pause sends a client to reconnect (test/component/shutdown.test.ts has clients that stay).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Agent, fetch as undiciFetch } from 'undici';
import { startJwksServer, TEST_BASE_URL, TEST_SUBDOMAIN } from '../helpers/gateway';
import { holderClaims, makeKey, signToken } from '../helpers/keys';
import { listeningPortOf, waitFor } from '../helpers/wait';

const ROOT = path.resolve(__dirname, '../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('SIGTERM under keep-alive load', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it('when SIGTERM arrives under keep-alive load, then every request is answered, on connections kept through the pause', async () => {
    const key = await makeKey('PS256');
    const jwks = await startJwksServer([key]);
    let output = '';
    child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', 'src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        PUBLIC_BASE_URL: TEST_BASE_URL,
        HOLDER_SUBDOMAIN: TEST_SUBDOMAIN,
        HOLDER_JWKS_URL: jwks.url,
        CORE_ADAPTER: 'demo',
        REDIS_URL: '',
        // Its `gateway listening` line says the port it bound.
        LOG_LEVEL: 'info',
        SHUTDOWN_DELAY_MS: '1500',
        SHUTDOWN_TIMEOUT_MS: '10000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    const origin = `http://127.0.0.1:${await listeningPortOf(child)}`;

    const agent = new Agent({ connections: 8, pipelining: 1 });
    let lbStopped = false;
    let sigtermAt = Infinity;
    const outcomes: { status: number | string; at: number; connection: string | null }[] = [];
    const target = '/v1/common/customer/c-1001/detail';
    const client = async () => {
      while (!lbStopped) {
        const token = await signToken(key, holderClaims(TEST_SUBDOMAIN, TEST_BASE_URL + target));
        try {
          const res = await undiciFetch(origin + target, {
            headers: { authorization: `Bearer ${token}` },
            dispatcher: agent,
          });
          await res.arrayBuffer();
          outcomes.push({
            status: res.status,
            at: Date.now(),
            connection: res.headers.get('connection'),
          });
        } catch (err) {
          const code = (err as { cause?: { code?: string } }).cause?.code ?? String(err);
          outcomes.push({ status: code, at: Date.now(), connection: null });
        }
      }
    };
    // The load balancer: a health check every 100 ms on its own connection.
    const balancer = (async () => {
      while (!lbStopped) {
        const ready = await fetch(`${origin}/readyz`).then(
          (r) => r.ok,
          () => false,
        );
        if (!ready) lbStopped = true;
        else await sleep(100);
      }
    })();
    const clients = Array.from({ length: 8 }, () => client());
    await waitFor(() => outcomes.length >= 50, 'keep-alive load under way');
    sigtermAt = Date.now();
    child.kill('SIGTERM');
    await Promise.all([...clients, balancer]);
    const code = await exited;
    await agent.close();
    await jwks.close();

    const failed = outcomes.filter((o) => o.status !== 200);
    expect({ failed: failed.slice(0, 5), output }).toEqual({
      failed: [],
      output: expect.any(String),
    });
    expect(outcomes.length).toBeGreaterThan(50);
    expect(outcomes.some((o) => o.at >= sigtermAt)).toBe(true);
    // Through the pause the connections are kept: no client is sent to reconnect into a listener
    // about to close. The load balancer's clients left before it closed, so none was told to.
    expect(outcomes.filter((o) => o.connection === 'close')).toEqual([]);
    expect(code).toBe(0);
  }, 60_000);
});
