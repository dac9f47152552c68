/**
 * A holder's adapter written outside this repository, against the packed adapter SDK: the SDK is
 * built and packed (`npm pack`) into a temporary folder outside the tree, the adapter in
 * `holder-adapter/` is copied beside it and installed against the tarball, compiled with strict
 * `tsc` (the SDK's declarations must resolve), run through the SDK's contract suite (which must
 * also catch a broken variant), and served by the gateway through `CORE_ADAPTER=<path>`.
 *
 * The gateway runs as its own process on the built SDK (what `npm run build` links into dist), the
 * adapter on its own installed copy: two copies of the error classes, so a not-found answering
 * 404 shows that the gateway recognises errors made by another copy of the SDK.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  platformFilesForTests,
  startJwksServer,
  TEST_BASE_URL,
  TEST_SUBDOMAIN,
  type JwksServer,
} from '../helpers/gateway';
import { holderClaims, makeKey, signToken, type TestKey } from '../helpers/keys';
import { listeningPortOf } from '../helpers/wait';
import { buildOnce } from '../helpers/build-once';

const ROOT = path.resolve(__dirname, '..', '..');
const SDK_DIR = path.join(ROOT, 'packages', 'adapter-sdk');
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const JEST = path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
const exec = promisify(execFile);

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end; a non-zero exit is returned, not thrown. */
async function run(file: string, args: string[], cwd: string): Promise<Outcome> {
  try {
    const { stdout, stderr } = await exec(file, args, { cwd, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof e.code === 'number' ? e.code : -1,
      stdout: e.stdout ?? '',
      stderr: e.stderr ?? '',
    };
  }
}

async function mustRun(file: string, args: string[], cwd: string): Promise<string> {
  const outcome = await run(file, args, cwd);
  if (outcome.code !== 0)
    throw new Error(
      `${path.basename(file)} ${args.join(' ')} failed:\n${outcome.stdout}${outcome.stderr}`,
    );
  return outcome.stdout;
}

interface JestReport {
  testResults: { name: string; assertionResults: { title: string; status: string }[] }[];
}

let work: string;
let holder: string;
let compiled: Outcome;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-holder-'));
  holder = path.join(work, 'acme-adapter');
  // The SDK's build (and the gateway's), shared with the other suites that need dist/.
  await buildOnce();
  const packed = JSON.parse(
    await mustRun('npm', ['pack', '--json', '--pack-destination', work], SDK_DIR),
  ) as { filename: string }[];
  fs.cpSync(path.join(__dirname, 'holder-adapter'), holder, { recursive: true });
  fs.writeFileSync(
    path.join(holder, 'package.json'),
    JSON.stringify({
      name: 'acme-dhg-adapter',
      version: '1.0.0',
      private: true,
      main: 'dist/src/index.js',
      dependencies: { '@data-holder-gateway/adapter-sdk': `file:../${packed[0]!.filename}` },
    }),
  );
  // Node's types come from the repository (the holder would install @types/node).
  const tsconfig = JSON.parse(fs.readFileSync(path.join(holder, 'tsconfig.json'), 'utf8'));
  tsconfig.compilerOptions.typeRoots = [path.join(ROOT, 'node_modules', '@types')];
  fs.writeFileSync(path.join(holder, 'tsconfig.json'), JSON.stringify(tsconfig));
  await mustRun(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'],
    holder,
  );
  compiled = await run(process.execPath, [TSC, '-p', 'tsconfig.json'], holder);
}, 180_000);

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('a holder adapter built outside the repository against the packed SDK', () => {
  test('when installed, then the SDK comes from the tarball, outside the repository, with declarations', async () => {
    // Node's own resolution, from the holder's folder (jest's would map the name to the source).
    const entry = (
      await mustRun(
        process.execPath,
        ['-p', "require.resolve('@data-holder-gateway/adapter-sdk')"],
        holder,
      )
    ).trim();
    expect(entry).toBe(
      path.join(
        fs.realpathSync(holder),
        'node_modules',
        '@data-holder-gateway',
        'adapter-sdk',
        'dist',
        'index.js',
      ),
    );
    expect(path.relative(ROOT, entry).startsWith('..')).toBe(true);
    expect(fs.existsSync(entry.replace(/\.js$/, '.d.ts'))).toBe(true);
  });

  test('when compiled with strict tsc, then it compiles with no error (the declarations resolve)', () => {
    expect(compiled.stdout + compiled.stderr).toBe('');
    expect(compiled.code).toBe(0);
    expect(fs.existsSync(path.join(holder, 'dist', 'src', 'index.d.ts'))).toBe(true);
  });

  test('when the packed contract suite runs, then the adapter passes and the broken variant fails where it is broken', async () => {
    const reportFile = path.join(work, 'jest-report.json');
    const config = {
      rootDir: holder,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/dist/test/*.contract.js'],
      transform: {},
      cacheDirectory: path.join(work, 'jest-cache'),
    };
    const outcome = await run(
      process.execPath,
      [JEST, '--config', JSON.stringify(config), '--ci', '--json', '--outputFile', reportFile],
      holder,
    );
    expect(outcome.code).toBe(1);
    const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as JestReport;
    const byFile = new Map(
      report.testResults.map((r) => [path.basename(r.name), r.assertionResults]),
    );
    const good = byFile.get('acme.contract.js') ?? [];
    expect(good.length).toBeGreaterThan(20);
    expect(good.filter((a) => a.status !== 'passed')).toEqual([]);
    const failed = new Set(
      (byFile.get('broken.contract.js') ?? [])
        .filter((a) => a.status === 'failed')
        .map((a) => a.title),
    );
    expect([...failed].sort()).toEqual([
      'when balances are asked for, then they validate, one per account at most, only for the given ids',
      'when the customer is unknown, then banking.listPayees rejects with CustomerNotFoundError (404)',
    ]);
  }, 90_000);
});

describe('the gateway serving the holder adapter by CORE_ADAPTER=<path>', () => {
  let child: ChildProcess | undefined;
  let jwks: JwksServer | undefined;
  let key: TestKey;
  let origin: string;
  let output = '';

  beforeAll(async () => {
    key = await makeKey('PS256');
    jwks = await startJwksServer([key]);
    // The gateway from source, its SDK imports resolved as at run time: through the workspace
    // link to the built SDK, not mapped to the SDK's source (tsconfig-paths left out).
    const tsconfig = path.join(work, 'tsconfig.gateway.json');
    fs.writeFileSync(
      tsconfig,
      JSON.stringify({ extends: path.join(ROOT, 'tsconfig.json'), 'ts-node': { require: [] } }),
    );
    child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', 'src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...(await platformFilesForTests()),
        TS_NODE_PROJECT: tsconfig,
        PORT: '0',
        HOST: '127.0.0.1',
        PUBLIC_BASE_URL: TEST_BASE_URL,
        HOLDER_SUBDOMAIN: TEST_SUBDOMAIN,
        HOLDER_JWKS_URL: jwks.url,
        CORE_ADAPTER: path.join(holder, 'dist', 'src', 'index.js'),
        // The test names the holder core's customers by the core's own ids.
        ID_ENCODING: 'raw',
        REDIS_URL: '',
        // Its `gateway listening` line says the port it bound.
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const listening = listeningPortOf(child);
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    origin = `http://127.0.0.1:${await listening}`;
  }, 90_000);

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await jwks?.close();
  });

  async function call(method: 'GET' | 'POST', target: string, body?: unknown) {
    const token = await signToken(key, holderClaims(TEST_SUBDOMAIN, TEST_BASE_URL + target));
    const res = await fetch(origin + target, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  test('when balances are asked for with a holder token, then the adapter answers them, amounts exact', async () => {
    const res = await call('POST', '/v1/banking/customer/h-1/accounts/balances', {
      data: { accountIds: ['acme-1', 'acme-2'] },
    });
    expect(res.status).toBe(200);
    expect((res.body.data as { balances: unknown }).balances).toEqual([
      { accountId: 'acme-1', currentBalance: '1200.50', availableBalance: '1100.00' },
      { accountId: 'acme-2', currentBalance: '-12.00', availableBalance: '0.00' },
    ]);
  });

  test('when the adapter throws its CustomerNotFoundError, then the gateway answers 404, not 500', async () => {
    expect(await call('GET', '/v1/common/customer/nobody/detail')).toEqual({
      status: 404,
      body: { error: 'Customer not found' },
    });
    expect(output).not.toContain('GW_ERR_INTERNAL');
  });
});
