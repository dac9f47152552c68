/**
 * `token`'s refusal flags against a real demo gateway that trusts the development key
 * (docs/api.md, "Trying it"): each printed curl command, run by `sh` as printed (with curl's
 * status written after the body), gets the documented 401 and error title; a normal token gets
 * 200; misused flags exit 2 with a message saying what is wrong.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startDemoGateway, type DemoGateway } from '../../scripts/integrator/demo-gateway';
import { tokenCommand } from '../../src/cli/token';

const run = promisify(execFile);
const TARGET = '/v1/common/customer/c-1001/detail';

/** What `token <args>` prints and exits with, for `demo`'s configuration. */
async function token(demo: DemoGateway, args: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await tokenCommand(
    args,
    { out: (l) => out.push(l), err: (l) => err.push(l) },
    { ...demo.env, ...env },
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Runs each printed curl command by `sh`, with its status after its body: `[status, body]`. */
async function runPrinted(printed: string): Promise<[number, string][]> {
  const script = printed
    .split('\n')
    .map((line) => `${line} -w '\\n%{http_code}\\n'`)
    .join('\n');
  const { stdout } = await run('sh', ['-c', script]);
  const lines = stdout.split('\n').filter((l) => l !== '');
  const answers: [number, string][] = [];
  for (let i = 0; i < lines.length; i += 2) answers.push([Number(lines[i + 1]), lines[i]!]);
  return answers;
}

describe('npm run token, its refusal flags against a demo gateway', () => {
  let demo: DemoGateway;
  beforeAll(async () => {
    demo = await startDemoGateway();
  });
  afterAll(() => demo.close());

  it('when no flag is given, then the printed command gets 200 and the customer detail', async () => {
    const { code, out } = await token(demo, ['GET', TARGET]);
    expect(code).toBe(0);
    const [[status, body]] = (await runPrinted(out)) as [[number, string]];
    expect(status).toBe(200);
    expect(JSON.parse(body).data).toBeDefined();
  });

  it.each([
    [['--expired'], 'Token expired'],
    [['--not-yet-valid'], 'Token not yet valid'],
    [['--audience', '/v1/common/customer/c-1002/detail'], 'Invalid audience'],
    [
      ['--audience', 'https://elsewhere.example/v1/common/customer/c-1001/detail'],
      'Invalid audience',
    ],
    [['--issuer', 'another-holder'], 'Invalid issuer'],
    [['--unknown-key'], 'Unknown signing key'],
  ])('when %j is given, then the printed command gets 401 %s', async (flags, title) => {
    const { code, out } = await token(demo, [...flags, 'GET', TARGET]);
    expect(code).toBe(0);
    expect(await runPrinted(out)).toEqual([[401, JSON.stringify({ error: title })]]);
  });

  it('when --replay is given, then the first call gets 200 and the second 401 Token replayed', async () => {
    const { code, out } = await token(demo, ['--replay', 'GET', TARGET]);
    expect(code).toBe(0);
    const answers = await runPrinted(out);
    expect(answers.map(([status]) => status)).toEqual([200, 401]);
    expect(answers[1]![1]).toBe(JSON.stringify({ error: 'Token replayed' }));
  });

  it('when two tokens carry one --jti, then the first gets 200 and the second 401 Token replayed', async () => {
    const jti = `jti-${process.pid}-${Date.now()}`;
    const statuses: [number, unknown][] = [];
    for (let i = 0; i < 2; i += 1) {
      const { code, out } = await token(demo, ['--jti', jti, '--token-only', 'GET', TARGET]);
      expect(code).toBe(0);
      const res = await fetch(demo.origin + TARGET, {
        headers: { authorization: `Bearer ${out}` },
      });
      statuses.push([res.status, ((await res.json()) as { error?: string }).error]);
    }
    expect(statuses).toEqual([
      [200, undefined],
      [401, 'Token replayed'],
    ]);
  });

  it('when a POST with a query is signed, then its token is for the path alone and answers 200', async () => {
    const target = '/v1/banking/customer/c-1001/accounts/balances?page-size=1';
    const body = '{"data":{"accountIds":["acc-b-1001-01"]}}';
    const { code, out } = await token(demo, ['POST', target, body]);
    expect(code).toBe(0);
    const [[status]] = (await runPrinted(out)) as [[number, string]];
    expect(status).toBe(200);
  });

  it.each([
    [
      ['--expired', '--issuer', 'x', 'GET', TARGET],
      'one refusal at a time: --expired and --issuer',
    ],
    [['--audience', 'elsewhere', 'GET', TARGET], '--audience takes a path starting with / or'],
    [['--issuer', '', 'GET', TARGET], '--issuer needs a name'],
    [['--jti', '', 'GET', TARGET], '--jti needs an id'],
    [['--replay', '--token-only', 'GET', TARGET], '--replay prints two calls'],
    [['--audience'], "Option '--audience <value>' argument missing"],
    [['--bogus', 'GET', TARGET], "Unknown option '--bogus'"],
    [['DELETE', TARGET], 'a method (GET or POST) and a path starting with / are needed'],
    [['POST', TARGET], 'POST needs a JSON body'],
  ])('when the arguments are %j, then it exits 2 saying %s', async (args, message) => {
    const { code, out, err } = await token(demo, args);
    expect({ code, out }).toEqual({ code: 2, out: '' });
    expect(err).toContain(message);
    expect(err).toContain('usage: data-holder-gateway token');
  });

  it('when the configuration trusts a platform key set, then it exits 2 and signs nothing', async () => {
    const { code, out, err } = await token(demo, ['--expired', 'GET', TARGET], {
      HOLDER_JWKS_URL: 'https://platform.example/jwks.json',
    });
    expect({ code, out }).toEqual({ code: 2, out: '' });
    expect(err).toContain('token signs with the development key');
  });
});
