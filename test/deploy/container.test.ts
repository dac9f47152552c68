/**
 * The container image, checked without a container engine: the Dockerfile's stages are read and
 * replayed in temporary folders. The build stage's copies are made from the repository (its
 * `npm ci` stands in as a link to the repository's node_modules) and its build runs; the runtime
 * stage gets exactly what it copies, runs `npm ci --omit=dev`, and its CMD must serve the demo core.
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ignore from '@balena/dockerignore';
import { importJWK, SignJWT, type JWK } from 'jose';
import { productionCopyPaths } from '../helpers/documented';
import { listeningPortOf, waitFor } from '../helpers/wait';
import {
  applyCopy as copyInto,
  argumentsOf,
  copiesAroundFirstRun,
  copiesOf,
  envOf,
  inImage,
  instructionsOf,
  readDockerfile,
  workdirOf,
  type Copy,
  type Stage,
} from './dockerfile';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
const stages = readDockerfile(path.join(ROOT, 'Dockerfile'));
const buildStage = stages.find((s) => s.name === 'build')!;
const runtimeStage = stages.at(-1)!;
const WORKDIR = workdirOf(runtimeStage);
/** The audience base of tokens: the image's command listens on a port it picks (PORT=0). */
const PUBLIC_BASE_URL = 'http://localhost';
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  config: { nodeOptions: string };
  engines: { node: string };
};

/** The build context's .dockerignore, with Docker's matching rules. */
const dockerignore = ignore().add(fs.readFileSync(path.join(ROOT, '.dockerignore'), 'utf8'));
const ignored = (fromContext: string) =>
  dockerignore.ignores(fromContext.split(path.sep).join('/'));

/**
 * Stands in for the build stage's `npm ci`: links each installed package of the repository, and
 * links the workspace packages (the adapter SDK) to the stage's own copies, as npm would, so the
 * stage builds against what it copied and not against the repository's packages.
 */
function linkInstalledDependencies(stageDir: string): void {
  const modules = path.join(stageDir, 'node_modules');
  fs.mkdirSync(modules);
  const workspaceScope = '@data-holder-gateway';
  for (const entry of fs.readdirSync(path.join(ROOT, 'node_modules'))) {
    if (entry === workspaceScope) continue;
    fs.symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(modules, entry));
  }
  fs.mkdirSync(path.join(modules, workspaceScope));
  fs.symlinkSync(
    path.join(stageDir, 'packages/adapter-sdk'),
    path.join(modules, workspaceScope, 'adapter-sdk'),
  );
}

/** Where a path of the image lands in a stage's folder. */
const inStage = (stageDir: string, imagePath: string) => inImage(stageDir, imagePath, WORKDIR);

/** Docker's COPY into a stage's folder, from the repository or the build stage's folder. */
const applyCopy = (copy: Copy, stageDir: string, buildDir?: string) =>
  copyInto(copy, stageDir, WORKDIR, { context: ROOT, ignored, stage: () => buildDir! });

/** The command the image starts: `npm start`'s script, node options filled in, node exec'd. */
function expectedCommand(): string[] {
  const script = pkg.scripts.start!.replace(
    '$npm_package_config_nodeOptions',
    pkg.config.nodeOptions,
  );
  return ['/bin/sh', '-c', script.replace(/ node /, ' exec node ')];
}

describe('Dockerfile', () => {
  it('when read, then it has a build stage and a runtime stage on the same Node 24 slim image', () => {
    expect(stages.map((s) => s.name)).toEqual(['build', 'runtime']);
    for (const stage of stages) expect(stage.image).toMatch(/^node:24(\.\d+)*-\w+-slim$/);
  });

  it('when read, then the engines of the gateway and of the adapter SDK admit the shipped major', () => {
    const major = /^node:(\d+)/.exec(runtimeStage.image)![1];
    const sdk = JSON.parse(
      fs.readFileSync(path.join(ROOT, 'packages/adapter-sdk/package.json'), 'utf8'),
    ) as { engines: { node: string } };
    for (const engines of [pkg.engines.node, sdk.engines.node])
      expect(engines.split('||').map((range) => range.trim())).toContain(`^${major}`);
  });

  it('when read, then .ci/run also runs the test suite and the user paths on the major the image ships', () => {
    const ci = fs.readFileSync(path.join(ROOT, '.ci/run'), 'utf8');
    const second = ci.slice(ci.indexOf('\nshipped_version='));
    expect(second).toMatch(/^\nshipped_version="\$\(scripts\/with-shipped-node\.sh node -p /);
    expect(second).toMatch(/\n {2}scripts\/with-shipped-node\.sh npm test\n/);
    expect(second).toMatch(/\nscripts\/with-shipped-node\.sh npm run test:fresh-clone\n/);
  });

  it('when read, then the runtime runs as a numeric non-root user, in production, stopped by SIGTERM, with no HEALTHCHECK', () => {
    const user = argumentsOf(instructionsOf(runtimeStage, 'USER').at(-1)!);
    expect(user).toMatch(/^[1-9]\d*:[1-9]\d*$/);
    expect(envOf(runtimeStage).NODE_ENV).toBe('production');
    expect(instructionsOf(runtimeStage, 'STOPSIGNAL').map(argumentsOf)).toEqual(['SIGTERM']);
    expect(stages.flatMap((s) => instructionsOf(s, 'HEALTHCHECK'))).toEqual([]);
  });

  it('when read, then the build stage installs every dependency and builds, the runtime only production ones', () => {
    const runs = (stage: Stage) => instructionsOf(stage, 'RUN').map(argumentsOf);
    expect(runs(buildStage)).toEqual(['npm ci --no-audit --no-fund', 'npm run build']);
    expect(runs(runtimeStage)[0]).toMatch(/^npm ci --omit=dev\b/);
  });

  it('when read, then the CMD is the command npm start runs, without its prestart build', () => {
    const cmd = JSON.parse(argumentsOf(instructionsOf(runtimeStage, 'CMD').at(-1)!)) as string[];
    expect(cmd).toEqual(expectedCommand());
    expect(cmd[2]).toContain(`NODE_OPTIONS="${pkg.config.nodeOptions} \${NODE_OPTIONS:-}"`);
    expect(cmd[2]).toMatch(/exec node dist\/src\/main\.js$/);
  });

  it('when read, then the runtime stage holds exactly the production copy docs/operations.md lists', () => {
    const held = copiesOf(runtimeStage).flatMap((copy) =>
      copy.sources.map((source) =>
        path.posix.relative(WORKDIR, path.posix.resolve(WORKDIR, source)),
      ),
    );
    expect([...held].sort()).toEqual([...productionCopyPaths()].sort());
  });

  it('when read, then every source the build copies from the context exists and is not ignored', () => {
    for (const stage of stages) {
      for (const copy of copiesOf(stage).filter((c) => c.from === undefined)) {
        for (const source of copy.sources) {
          expect({ source, exists: fs.existsSync(path.join(ROOT, source)) }).toEqual({
            source,
            exists: true,
          });
          expect({ source, ignored: ignored(source) }).toEqual({ source, ignored: false });
        }
      }
    }
  });
});

describe('the image, replayed in temporary folders', () => {
  const top = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-image-'));
  const buildDir = path.join(top, 'build');
  const appDir = path.join(top, 'app');
  let child: ChildProcess | undefined;
  let port = 0;
  let output = '';

  beforeAll(async () => {
    fs.mkdirSync(buildDir);
    fs.mkdirSync(appDir);
    // Build stage: its copies, its `npm ci` as a link to the installed dev dependencies, its build.
    for (const copy of copiesOf(buildStage)) applyCopy(copy, buildDir);
    linkInstalledDependencies(buildDir);
    await run('npm', ['run', '--silent', 'build'], { cwd: buildDir });
    fs.rmSync(path.join(buildDir, 'node_modules'), { recursive: true });

    // Runtime stage: exactly what it copies, production dependencies, the demo key folder.
    // The copies before its first RUN bring the package files that `npm ci` needs.
    const { before, after: copies } = copiesAroundFirstRun(runtimeStage);
    for (const copy of before) applyCopy(copy, appDir);
    await run('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: appDir,
    });
    for (const copy of copies) applyCopy(copy, appDir, buildDir);
    fs.mkdirSync(path.join(appDir, '.dev'));

    const clean = Object.fromEntries(
      Object.entries(process.env).filter(
        ([k]) =>
          !/^(HOLDER_|PUBLIC_BASE_URL|REDIS_URL|CORE_ADAPTER|DEMO_DATA_FILE|HOST$|DEV_KEYS_DIR|NODE_OPTIONS$)/.test(
            k,
          ),
      ),
    );
    const [shell, ...args] = expectedCommand();
    child = spawn(shell!, args, {
      cwd: appDir,
      env: {
        ...clean,
        ...envOf(runtimeStage),
        PORT: '0',
        PUBLIC_BASE_URL,
        LOG_LEVEL: 'warn',
        SHUTDOWN_DELAY_MS: '200',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    port = await listeningPortOf(child);
    await waitFor(() => output.includes('API description'), 'the whole banner');
  }, 150_000);

  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(top, { recursive: true, force: true });
  });

  it('when built, then every path the runtime stage copies from the build stage exists', () => {
    for (const copy of copiesOf(runtimeStage).filter((c) => c.from === 'build')) {
      for (const source of copy.sources)
        expect(fs.existsSync(inStage(buildDir, source))).toBe(true);
    }
    expect(fs.existsSync(path.join(appDir, 'dist/src/main.js'))).toBe(true);
  });

  it('when built, then every built-in adapter finds its run-time files', async () => {
    const load =
      "const q = require('./dist/adapters/kraken/kraken-queries'); " +
      'console.log(Object.keys(q.loadOperations()).length)';
    const { stdout } = await promisify(execFile)('node', ['-e', load], { cwd: appDir });
    expect(Number(stdout.trim())).toBeGreaterThan(0);
  });

  it('when installed with --omit=dev, then no dev dependency is there', () => {
    expect(fs.existsSync(path.join(appDir, 'node_modules/express'))).toBe(true);
    expect(fs.existsSync(path.join(appDir, 'node_modules/typescript'))).toBe(false);
    expect(fs.existsSync(path.join(appDir, 'node_modules/jest'))).toBe(false);
  });

  it('when started by its CMD, then node runs with the shipped options and answers /livez', async () => {
    expect({ exited: child!.exitCode, output: output.slice(0, 2000) }).toEqual({
      exited: null,
      output: expect.stringContaining('serving the demo core'),
    });
    const environ = fs.readFileSync(`/proc/${child!.pid}/environ`, 'utf8').split('\0');
    expect(environ).toContain(`NODE_OPTIONS=${pkg.config.nodeOptions} `);
    // node itself, not a shell waiting on it (Node 24 names its main thread, so not by `comm`).
    expect(path.basename(fs.readlinkSync(`/proc/${child!.pid}/exe`))).toBe('node');
    const res = await fetch(`http://127.0.0.1:${port}/livez`);
    expect(res.status).toBe(200);
  });

  it('when called with a token signed by its development key, then it serves the demo data', async () => {
    const jwk = JSON.parse(
      fs.readFileSync(path.join(appDir, '.dev/holder-signing-key.json'), 'utf8'),
    ) as JWK & { kid: string; alg: string };
    const target = '/v1/banking/customer/c-1001/accounts/balances';
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: jwk.alg, kid: jwk.kid, typ: 'JWT' })
      .setIssuer('demo')
      .setSubject('demo')
      .setAudience(`${PUBLIC_BASE_URL}${target}`)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .setJti(crypto.randomUUID())
      .sign(await importJWK(jwk, jwk.alg));
    const res = await fetch(`http://127.0.0.1:${port}${target}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ data: { accountIds: ['acc-b-1001-01'] } }),
    });
    const body = (await res.json()) as { data: { balances: { accountId: string }[] } };
    expect({ status: res.status, accountId: body.data?.balances?.[0]?.accountId }).toEqual({
      status: 200,
      accountId: 'acc-b-1001-01',
    });
  });

  it('when sent SIGTERM, then the process it started exits 0', async () => {
    const exited = new Promise<number | null>((resolve) =>
      child!.once('exit', (code) => resolve(code)),
    );
    child!.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 30_000);
});
