/**
 * docs/operations.md, "An adapter of your own in the image": a Dockerfile in a holder's adapter
 * project that extends the gateway's image. Checked without a container engine, the way
 * container.test.ts checks the gateway's own image: the page's Dockerfile is read, its base must
 * be the image the page builds from this repository, and what it copies must be in a project
 * `new-adapter` made, built by the page's own commands. The image's files are then assembled in a
 * temporary folder, the gateway's runtime layout (the production copy, which container.test.ts
 * shows the runtime stage holds, installed with `npm ci --omit=dev`) plus the page's copies, and
 * the base image's command starts there with the base's and the page's ENV: it must serve the
 * adapter over its made-up core to a platform token, in production mode.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startTemplateCore, type TemplateCore } from '../../adapters/template/test/template-core';
import { newAdapterCommand } from '../../src/cli/new-adapter';
import { IdCodec } from '../../src/ids/id-codec';
import { readIdKey } from '../../src/ids/id-key';
import { buildOnce } from '../helpers/build-once';
import { codeBlocks, commandsOf, productionCopyPaths, shellBlocks } from '../helpers/documented';
import {
  platformFilesForTests,
  startJwksServer,
  TEST_BASE_URL,
  TEST_SUBDOMAIN,
  type JwksServer,
} from '../helpers/gateway';
import { holderClaims, makeKey, signToken, type TestKey } from '../helpers/keys';
import { listeningPortOf, waitFor } from '../helpers/wait';
import {
  applyCopy,
  argumentsOf,
  copiesOf,
  envOf,
  instructionsOf,
  parseDockerfile,
  readDockerfile,
  workdirOf,
} from './dockerfile';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
const PAGE = 'docs/operations.md';
const SECTION = '### An adapter of your own in the image';
const [dockerfileBlock] = codeBlocks(PAGE, SECTION, 'dockerfile');
const [commandsBlock] = shellBlocks(PAGE, SECTION);
const [adapterStage, ...moreStages] = parseDockerfile(dockerfileBlock ?? '');
const runtimeStage = readDockerfile(path.join(ROOT, 'Dockerfile')).at(-1)!;
const WORKDIR = workdirOf(runtimeStage);
const version = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }
).version;

/** The commands of the page's block that run in the adapter's project (Docker's aside). */
const projectCommands = commandsOf(commandsBlock ?? '').filter((c) => !c.startsWith('docker '));

describe('docs/operations.md, an adapter of your own in the image, when read', () => {
  test('then its Dockerfile extends the image the page builds from this repository', () => {
    const [build] = shellBlocks(PAGE, '### The container');
    const tag = /^docker build -t (\S+) \.$/m.exec(build ?? '')?.[1];
    expect(tag).toBe(`data-holder-gateway:${version}`);
    expect(moreStages).toEqual([]);
    expect(adapterStage!.image).toBe(tag);
  });

  test("then it only copies from the project and sets CORE_ADAPTER: user, command and working directory stay the gateway's", () => {
    const keywords = new Set(adapterStage!.instructions.map((i) => i.getKeyword()));
    expect([...keywords].sort()).toEqual(['COPY', 'ENV']);
    expect(copiesOf(adapterStage!).filter((c) => c.from !== undefined)).toEqual([]);
    expect(envOf(adapterStage!).CORE_ADAPTER).toMatch(/^\.\//);
  });

  test('then its commands build in the project and build the image there', () => {
    expect(commandsOf(commandsBlock ?? '')).toEqual([
      'npm run build',
      'docker build -t acme-gateway:0.1.0 .',
    ]);
  });
});

describe("the extended image's files, assembled in a temporary folder", () => {
  const top = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-adapter-image-')));
  const appDir = path.join(top, 'app');
  const project = path.join(top, 'acme-adapter');
  let core: TemplateCore;
  let jwks: JwksServer;
  let key: TestKey;
  let child: ChildProcess | undefined;
  let port = 0;
  let output = '';
  let platformFiles: Record<string, string>;

  beforeAll(async () => {
    await buildOnce();
    // The gateway's runtime layout: the production copy, production dependencies only.
    for (const item of productionCopyPaths())
      fs.cpSync(path.join(ROOT, item), path.join(appDir, item), { recursive: true });
    await run('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: appDir,
    });
    await makeProject();
    for (const copy of copiesOf(adapterStage!))
      applyCopy(copy, appDir, WORKDIR, { context: project });
    key = await makeKey('PS256');
    jwks = await startJwksServer([key]);
    core = await startTemplateCore({
      apiKey: 'acme-test-key',
      dataFile: path.join(project, 'fixtures', 'core-data.json'),
    });
    platformFiles = await platformFilesForTests();
    child = await startImageCommand({
      ...platformFiles,
      PORT: '0',
      PUBLIC_BASE_URL: TEST_BASE_URL,
      HOLDER_SUBDOMAIN: TEST_SUBDOMAIN,
      HOLDER_JWKS_URL: jwks.url,
      ACME_BASE_URL: core.url,
      ACME_API_KEY: 'acme-test-key',
    });
  }, 300_000);

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await core?.close();
    await jwks?.close();
    fs.rmSync(top, { recursive: true, force: true });
  });

  /**
   * What the gateway wrote that LOG_LEVEL=warn would have let through: every line but its log
   * lines at info level or lower.
   */
  const aboveInfo = () =>
    output
      .split('\n')
      .filter((line) => {
        if (line === '') return false;
        try {
          return !((JSON.parse(line) as { level?: number }).level! <= 30);
        } catch {
          return true;
        }
      })
      .join('\n');

  /** A project as `new-adapter` makes it, built by the page's commands. */
  async function makeProject(): Promise<void> {
    const quiet = { out: () => undefined, err: () => undefined };
    expect(await newAdapterCommand(['acme', project, '--no-install'], quiet)).toBe(0);
    // Stands in for the project's npm install: the gateway's own packages, the same versions
    // (new-adapter pins them), the SDK linked to its build.
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(project, 'node_modules'));
    for (const command of projectCommands) await run('sh', ['-ec', command], { cwd: project });
    fs.rmSync(path.join(project, 'node_modules'));
  }

  /** The base image's CMD, in the assembled folder, with the base's ENV, the page's, and `extra`. */
  async function startImageCommand(extra: Record<string, string>): Promise<ChildProcess> {
    const [shell, ...args] = JSON.parse(
      argumentsOf(instructionsOf(runtimeStage, 'CMD').at(-1)!),
    ) as string[];
    const started = spawn(shell!, args, {
      cwd: appDir,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ...envOf(runtimeStage),
        ...envOf(adapterStage!),
        // Info: its `gateway listening` line says the port it bound (PORT=0).
        LOG_LEVEL: 'info',
        SHUTDOWN_DELAY_MS: '0',
        ...extra,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    started.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    port = await listeningPortOf(started);
    await waitFor(
      () =>
        fetch(`http://127.0.0.1:${port}/readyz`).then(
          (r) => r.status === 200,
          () => false,
        ),
      'the gateway ready',
    );
    return started;
  }

  test('when built, then every file the Dockerfile copies is in the project', () => {
    for (const copy of copiesOf(adapterStage!))
      for (const source of copy.sources)
        expect({ source, exists: fs.existsSync(path.join(project, source)) }).toEqual({
          source,
          exists: true,
        });
    expect(fs.existsSync(path.join(appDir, 'acme-adapter', 'dist', 'index.js'))).toBe(true);
    expect(fs.existsSync(path.join(appDir, 'acme-adapter', 'node_modules'))).toBe(false);
  });

  test("when the adapter imports its packages, then they are the gateway's own in the image", async () => {
    const from = path.join(appDir, 'acme-adapter', 'dist');
    const resolve = (name: string) =>
      run(
        process.execPath,
        [
          '-p',
          `require('fs').realpathSync(require.resolve(${JSON.stringify(name)}, { paths: [${JSON.stringify(from)}] }))`,
        ],
        { cwd: appDir },
      ).then(({ stdout }) => path.relative(appDir, stdout.trim()));
    expect(await resolve('@data-holder-gateway/adapter-sdk')).toBe(
      path.join('packages', 'adapter-sdk', 'dist', 'index.js'),
    );
    expect(await resolve('undici')).toMatch(/^node_modules\/undici\//);
    expect(await resolve('lossless-json')).toMatch(/^node_modules\/lossless-json\//);
  });

  test("when started by the gateway image's command with the page's CORE_ADAPTER, then a platform token reads the customer's accounts through the adapter", async () => {
    expect({ exited: child!.exitCode, output: aboveInfo().slice(0, 2000) }).toEqual({
      exited: null,
      output: '',
    });
    // The gateway's own ids (the production default), sealed with the operator's id key.
    const codec = new IdCodec(readIdKey(platformFiles.ID_KEY_FILE!));
    const customer = codec.encode('customer', { instance: 'acme', id: '1001' });
    const target = `/auth/v1/customer/${customer}/accounts`;
    const token = await signToken(key, holderClaims(TEST_SUBDOMAIN, `${TEST_BASE_URL}${target}`));
    const res = await fetch(`http://127.0.0.1:${port}${target}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { accounts?: { accountId: string }[] };
    // Customer 1001's accounts in the made-up core's data (the project's fixtures/core-data.json).
    const coreIds = body.accounts?.map((a) => {
      const ref = codec.decode('account', a.accountId, customer);
      return typeof ref === 'string' ? ref : `${ref.instance}:${ref.id}`;
    });
    expect({ status: res.status, ids: coreIds }).toEqual({
      status: 200,
      ids: ['a-1001-01', 'a-1001-02', 'a-1001-03', 'a-1001-04', 'a-1001-05', 'a-joint-01'].map(
        (id) => `acme:${id}`,
      ),
    });
    expect(core.requests.map((r) => r.path)).toContain('/customers/1001/accounts');
  });
});
