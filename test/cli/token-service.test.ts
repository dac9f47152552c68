/**
 * `token --serve`, the development token service the collections call (docs/api.md,
 * "Collections for Postman and .http clients"): its tokens pass a demo gateway's checks once, for
 * their path only; it answers what is wrong with a request; it will not start where `token` will
 * not sign; and the command line starts it on the port asked for and stops on SIGTERM.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startDemoGateway, type DemoGateway } from '../../scripts/integrator/demo-gateway';
import { tokenCommand } from '../../src/cli/token';
import { startTokenService, type TokenService } from '../../src/cli/token-service';
import { configFrom } from '../../src/config/config';

const TARGET = '/v1/banking/customer/c-1001/accounts/acc-b-1001-01';

const askToken = (origin: string, body: string, contentType = 'application/json') =>
  fetch(`${origin}/token`, { method: 'POST', headers: { 'content-type': contentType }, body });

describe('the development token service', () => {
  let demo: DemoGateway;
  let service: TokenService;
  beforeAll(async () => {
    demo = await startDemoGateway();
    service = await startTokenService(demo.config, 0);
  });
  afterAll(async () => {
    await service.close();
    await demo.close();
  });

  it('when a token is asked for a path, then the gateway answers 200 once and then Token replayed', async () => {
    const res = await askToken(service.origin, JSON.stringify({ path: `${TARGET}?ignored=1` }));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { token, audience, expiresIn } = (await res.json()) as Record<string, unknown>;
    expect({ audience, expiresIn }).toEqual({ audience: demo.origin + TARGET, expiresIn: 300 });
    const call = () =>
      fetch(demo.origin + TARGET, { headers: { authorization: `Bearer ${String(token)}` } });
    const first = await call();
    expect(first.status).toBe(200);
    const second = await call();
    expect([second.status, await second.json()]).toEqual([401, { error: 'Token replayed' }]);
  });

  it('when a token for one path is sent to another, then the gateway answers 401 Invalid audience', async () => {
    const { token } = (await (
      await askToken(service.origin, JSON.stringify({ path: TARGET }))
    ).json()) as { token: string };
    const res = await fetch(`${demo.origin}/v1/common/customer/c-1001/detail`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect([res.status, await res.json()]).toEqual([401, { error: 'Invalid audience' }]);
  });

  it.each([
    ['POST', '/token', 'application/json', '{"path":"v1/no-slash"}', 400, 'the body needs "path"'],
    ['POST', '/token', 'application/json', 'not json', 400, 'the body is not JSON'],
    ['POST', '/token', 'text/plain', '{"path":"/v1"}', 415, 'Content-Type: application/json'],
    ['GET', '/token', undefined, undefined, 405, 'POST /token only'],
    ['POST', '/other', 'application/json', '{"path":"/v1"}', 404, 'not found'],
  ])(
    'when %s %s (%s) %s is asked, then it answers %d saying %s',
    async (method, route, contentType, body, status, message) => {
      const res = await fetch(service.origin + route, {
        method,
        headers: contentType ? { 'content-type': contentType } : {},
        body,
      });
      expect(res.status).toBe(status);
      expect(((await res.json()) as { error: string }).error).toContain(message);
    },
  );

  it('when the body is larger than a token request, then it answers 413', async () => {
    const res = await askToken(service.origin, JSON.stringify({ path: `/${'x'.repeat(20000)}` }));
    expect(res.status).toBe(413);
  });
});

describe('token --serve, refusing', () => {
  const io = () => {
    const lines = { out: [] as string[], err: [] as string[] };
    return {
      lines,
      io: { out: (l: string) => lines.out.push(l), err: (l: string) => lines.err.push(l) },
    };
  };

  it('when the configuration trusts a platform key set, then it exits 2 and starts nothing', async () => {
    const { lines, io: out } = io();
    const env = { HOLDER_JWKS_URL: 'https://platform.example/jwks.json', LOG_LEVEL: 'silent' };
    expect(await tokenCommand(['--serve', '--port', '0'], out, env)).toBe(2);
    expect(lines.err.join('\n')).toContain('token signs with the development key');
    await expect(startTokenService(configFrom(env), 0)).rejects.toThrow('development key');
  });

  it.each([
    [['--serve', '--port', 'http'], '--port takes a port number'],
    [['--serve', '--expired'], "Unknown option '--expired'"],
    [['--serve', 'GET', '/v1'], 'Unexpected argument'],
  ])('when the arguments are %j, then it exits 2 saying %s', async (args, message) => {
    const { lines, io: out } = io();
    expect(await tokenCommand(args, out, { LOG_LEVEL: 'silent' })).toBe(2);
    expect(lines.err.join('\n')).toContain(message);
    expect(lines.err.join('\n')).toContain('usage: data-holder-gateway token --serve');
  });
});

describe('data-holder-gateway token --serve, the command line', () => {
  it('when started on port 0, then it prints where it listens, signs there and stops on SIGTERM', async () => {
    const demo = await startDemoGateway();
    const child = spawn(
      process.execPath,
      [path.resolve(__dirname, '../../scripts/run-cli.cjs'), 'token', '--serve', '--port', '0'],
      { env: { ...process.env, ...demo.env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let text = '';
        child.stdout.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes('\n')) resolve(text);
        });
        child.once('exit', (code) => reject(new Error(`exited ${code} before listening`)));
      });
      const origin = /token service on (http:\/\/127\.0\.0\.1:\d+)\/token/.exec(line)?.[1];
      expect(line).toContain(`signing holder tokens for ${demo.origin}`);
      const res = await askToken(origin!, JSON.stringify({ path: TARGET }));
      const { token } = (await res.json()) as { token: string };
      const answer = await fetch(demo.origin + TARGET, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.status).toBe(200);
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await demo.close();
    }
  }, 60000);
});
