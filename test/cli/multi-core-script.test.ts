/**
 * `npm run multi-core`, the README's multi-core quick start: both simulators and the gateway in
 * one process; the merged authorisation list and the customer search answer with a
 * development-key token; SIGTERM stops it all with exit 0; `-- --bank temenos` runs the Temenos
 * simulator in Fineract's place. The token commands it prints work as printed in another
 * terminal, on the default port and on another.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SignJWT } from 'jose';
import {
  loadFineractDataset,
  startFineractSimulator,
} from '../../adapters/fineract/simulator/simulator';
import { startKrakenSimulator } from '../../adapters/kraken/simulator/simulator';
import {
  bankOf,
  instructions,
  type MultiCoreSimulators,
  multiCoreEnv,
} from '../../scripts/multi-core-commands';
import { loadDevKey } from '../../src/auth/dev-keys';
import { loadConfig } from '../../src/config/config';
import { holderClaims } from '../helpers/keys';

const ROOT = path.join(__dirname, '..', '..');
const BASE = 'http://gateway.multi-core.test';

/** Resolves with the first match of `pattern` in the child's stdout (rejects on exit). */
function waitFor(child: ChildProcess, pattern: RegExp, out: string[]): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = out.join('').match(pattern);
      if (match) resolve(match);
    };
    child.stdout!.on('data', (chunk: Buffer) => {
      out.push(chunk.toString('utf8'));
      check();
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${out.join('')}`)));
  });
}

describe('npm run multi-core', () => {
  let dir: string;
  let child: ChildProcess | undefined;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-multi-core-'));
  });
  afterAll(() => {
    child?.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('when started, then customer 1 gets Fineract banking then Kraken energy, and SIGTERM exits 0', async () => {
    const out: string[] = [];
    child = spawn(
      process.execPath,
      [require.resolve('ts-node/dist/bin.js'), '--transpile-only', 'scripts/multi-core.ts'],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          PORT: '0',
          FINERACT_SIM_PORT: '0',
          KRAKEN_SIM_PORT: '0',
          DEV_KEYS_DIR: dir,
          PUBLIC_BASE_URL: BASE,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const [, port] = await waitFor(child, /Data Holder Gateway on http:\/\/localhost:(\d+)/, out);
    expect(out.join('')).toContain(
      'serving banking, common, fdx from fineract; energy from kraken; products from demo',
    );

    const target = '/auth/v1/customer/1/accounts';
    const key = await loadDevKey(dir);
    const call = async (path: string, body?: object) => {
      const token = await new SignJWT(holderClaims('demo', BASE + path.split('?')[0]!))
        .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
        .sign(key.privateKey);
      return fetch(`http://127.0.0.1:${port!}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body && JSON.stringify(body),
      });
    };
    const get = (path: string) => call(path);
    const res = await get(target);
    expect(res.status).toBe(200);
    const ids = ((await res.json()) as { accounts: { accountId: string }[] }).accounts.map(
      (a) => a.accountId,
    );
    const firstEnergy = ids.findIndex((id) => id.startsWith('A-'));
    expect(ids[0]).toBe('sav-1');
    expect(firstEnergy).toBeGreaterThan(0);
    expect(ids.slice(firstEnergy).every((id) => id.startsWith('A-'))).toBe(true);

    // The consent flow's search, as the script prints it: Jane's address finds customer 1 in both
    // cores (merged once) and, through Fineract's contacts table, the business she acts for.
    const searched = await call('/auth/v1/customer/search', { email: 'Jane.Citizen@example.com' });
    expect(searched.status).toBe(200);
    const found = (await searched.json()) as { data: { id: string; name: string }[] };
    expect(found.data.map((c) => c.id)).toEqual(['1', '5']);
    expect(out.join('')).toContain(
      `POST /auth/v1/customer/search '{"email":"jane.citizen@example.com"}'`,
    );

    // The holder reference's endpoints, each command exactly as the script prints it.
    const printed = [
      ...out
        .join('')
        .matchAll(/npm run --silent token -- (GET|POST) '?([^' ]+)'?(?: '(\{[^']*\})')? \| sh/g),
    ].filter(([, , target]) => !target!.startsWith('/auth/'));
    expect(printed.map(([, method, target]) => `${method} ${target!.split('?')[0]}`)).toEqual([
      'GET /v1/banking/customer/1/accounts/sav-1',
      'GET /v1/banking/customer/1/accounts/sav-1/transactions',
      expect.stringMatching(/^GET \/v1\/banking\/customer\/1\/accounts\/sav-1\/transactions\/\d+$/),
      'GET /v1/banking/customer/1/accounts/loan-1/payments/plans',
      expect.stringMatching(/^GET \/v1\/energy\/customer\/1\/accounts\/A-[0-9A-F]+$/),
      expect.stringMatching(/^GET \/v1\/energy\/customer\/1\/accounts\/A-[0-9A-F]+\/balance$/),
      'POST /fdx/v6/customer/1/accounts',
      'GET /fdx/v6/customer/1/accounts/loan-1',
      'GET /fdx/v6/customer/1/accounts/sav-1/contact',
      'GET /fdx/v6/customer/1/accounts/sav-1/payment-networks',
    ]);
    for (const [, method, target, body] of printed) {
      const res = method === 'POST' ? await call(target!, JSON.parse(body!)) : await get(target!);
      expect({ target, status: res.status }).toEqual({ target, status: 200 });
      const answer = (await res.json()) as Record<string, unknown>;
      expect(Object.keys(answer).length).toBeGreaterThan(0);
    }

    // The README's fault: the command the script prints stops Kraken's answers.
    const [, faultUrl] = out.join('').match(/Faults: curl -X POST (\S+)/)!;
    const fault = await fetch(faultUrl!, {
      method: 'POST',
      body: JSON.stringify({ fault: 'unavailable503' }),
    });
    expect(fault.status).toBe(200);
    // Banking keeps answering; energy and a merged list not asked before answer 503; the list
    // served before the fault answers from the cache's stale-if-error window, as docs/operations.md says.
    const statuses = {
      banking: (await get('/v1/banking/customer/2/accounts')).status,
      energy: (await get('/v1/energy/customer/1/accounts')).status,
      listNotAskedBefore: (await get('/auth/v1/customer/3/accounts')).status,
      listServedBefore: (await get(target)).status,
    };
    expect(statuses).toEqual({
      banking: 200,
      energy: 503,
      listNotAskedBefore: 503,
      listServedBefore: 200,
    });

    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    child = undefined;
  }, 60_000);
});

describe('npm run multi-core -- --bank temenos', () => {
  let dir: string;
  let child: ChildProcess | undefined;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-multi-core-temenos-'));
  });
  afterAll(() => {
    child?.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('when the bank is named, then it is read from either form; another name is refused', () => {
    expect(bankOf([])).toBe('fineract');
    expect(bankOf(['--bank', 'temenos'])).toBe('temenos');
    expect(bankOf(['--bank=temenos'])).toBe('temenos');
    expect(() => bankOf(['--bank', 'finacle'])).toThrow(
      '--bank must be fineract or temenos, not "finacle"',
    );
  });

  it('when started with Temenos, then Jane gets Temenos banking then Kraken energy, and SIGTERM exits 0', async () => {
    const out: string[] = [];
    child = spawn(
      process.execPath,
      [
        require.resolve('ts-node/dist/bin.js'),
        '--transpile-only',
        'scripts/multi-core.ts',
        '--bank',
        'temenos',
      ],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          PORT: '0',
          TEMENOS_SIM_PORT: '0',
          KRAKEN_SIM_PORT: '0',
          DEV_KEYS_DIR: dir,
          PUBLIC_BASE_URL: BASE,
          LOG_LEVEL: 'error',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const [, port] = await waitFor(child, /Data Holder Gateway on http:\/\/localhost:(\d+)/, out);
    expect(out.join('')).toContain(
      'serving banking, common, fdx from temenos; energy from kraken; products from demo',
    );
    const target = '/auth/v1/customer/100500/accounts';
    expect(out.join('')).toContain(`GET ${target} | sh`);
    const key = await loadDevKey(dir);
    const token = await new SignJWT(holderClaims('demo', BASE + target))
      .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
      .sign(key.privateKey);
    const res = await fetch(`http://127.0.0.1:${port!}${target}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const ids = ((await res.json()) as { accounts: { accountId: string }[] }).accounts.map(
      (a) => a.accountId,
    );
    expect(ids[0]).toBe('10000280');
    expect(ids.length).toBeGreaterThan(1);
    expect(ids.slice(1).every((id) => id.startsWith('A-'))).toBe(true);

    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    child = undefined;
  }, 60_000);
});

describe('the token commands npm run multi-core prints', () => {
  let dir: string;
  let sims: MultiCoreSimulators;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-multi-core-print-'));
    sims = {
      fineract: await startFineractSimulator({ port: 0 }),
      kraken: await startKrakenSimulator({ port: 0 }),
      dataset: loadFineractDataset(),
      login: { tenant: 'default', username: 'mifos', password: 'password' },
    };
  });
  afterAll(async () => {
    await sims?.fineract.close();
    await sims?.kraken.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Every `npm run token` command the script prints when started with `env`. */
  const printedCommands = (env: NodeJS.ProcessEnv): string[] => {
    const gatewayEnv = multiCoreEnv({ ...env, DEV_KEYS_DIR: dir }, sims);
    return instructions(loadConfig(gatewayEnv), gatewayEnv.CORE_ADAPTERS!, sims)
      .filter((line) => line.includes('npm run --silent token'))
      .map((line) => line.trim());
  };

  /**
   * Runs a printed command up to its `| sh`, as in another terminal that exported nothing: the
   * curl command it prints, with its exit code.
   */
  const runPrinted = async (command: string) => {
    const terminal = { PATH: process.env.PATH, HOME: process.env.HOME, DEV_KEYS_DIR: dir };
    const shell = command.replace(/ \| sh$/, '');
    try {
      const { stdout } = await promisify(execFile)('sh', ['-c', shell], {
        cwd: ROOT,
        env: terminal,
      });
      return { code: 0, url: stdout.trim().split(' ').at(-1) };
    } catch (err) {
      const failed = err as { code: number; stderr: string };
      return { code: failed.code, stderr: failed.stderr };
    }
  };

  it('when PORT is not set, then the commands carry no PORT and, run as printed, call localhost:3000', async () => {
    const commands = printedCommands({});
    expect(commands.length).toBe(12);
    for (const command of commands) expect(command).toMatch(/^npm run --silent token -- /);
    const [list, search] = commands;
    expect(await runPrinted(list!)).toEqual({
      code: 0,
      url: "'http://localhost:3000/auth/v1/customer/1/accounts'",
    });
    expect(await runPrinted(search!)).toEqual({
      code: 0,
      url: "'http://localhost:3000/auth/v1/customer/search'",
    });
  }, 120_000);

  it('when PORT is 4000, then every command carries PORT=4000 and, run as printed, calls localhost:4000', async () => {
    const commands = printedCommands({ PORT: '4000' });
    expect(commands.length).toBe(12);
    for (const command of commands)
      expect(command).toMatch(/^PORT=4000 npm run --silent token -- /);
    expect(await runPrinted(commands[0]!)).toEqual({
      code: 0,
      url: "'http://localhost:4000/auth/v1/customer/1/accounts'",
    });
  }, 120_000);
});
