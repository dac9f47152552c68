/**
 * A fresh clone of this repository's HEAD commit in a temporary folder, and shell scripts run in
 * it the way a user runs them: for the tests that follow a documented path from the start (run by
 * `npm run test:fresh-clone`, not by `npm test`). Only committed work is in the clone.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PORT_TAKEN, startOnSomePort } from './ports';
import { waitFor } from './wait';

const ROOT = path.resolve(__dirname, '../..');
const exec = promisify(execFile);

export interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The machine's settings a user's shell holds as well, passed on when set: its temporary folder,
 * and how it reaches the registry: proxies, the extra certificate authorities of a proxy that
 * re-signs TLS, and the npm global configuration file (which names them for npm; CI points it
 * back at the machine's own when it runs another Node).
 */
const MACHINE_SETTINGS = [
  'TMPDIR',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'npm_config_globalconfig',
];

/**
 * What a user's shell holds: the machine's settings above, no gateway or test variables, no
 * other npm variables of the run that started jest. npm reads its cache first (`prefer-offline`)
 * and keeps quiet about audits.
 */
export function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const machine = Object.fromEntries(
    MACHINE_SETTINGS.filter((name) => process.env[name]).map((name) => [name, process.env[name]]),
  );
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...machine,
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    ...extra,
  };
}

/** Runs a shell script (`sh -e`) to its end; a non-zero exit is returned, not thrown. */
export async function sh(script: string, cwd: string, env = userEnv()): Promise<Outcome> {
  try {
    const { stdout, stderr } = await exec('sh', ['-ec', script], {
      cwd,
      env,
      maxBuffer: 64 * 1024 * 1024,
    });
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

/** Like {@link sh}, but a failure throws with the script's output. */
export async function mustSh(script: string, cwd: string, env = userEnv()): Promise<string> {
  const outcome = await sh(script, cwd, env);
  if (outcome.code !== 0)
    throw new Error(
      `exit ${outcome.code} in ${cwd}:\n${script}\n${outcome.stdout}${outcome.stderr}`,
    );
  return outcome.stdout;
}

/** A long-running shell script in its own process group, and its output so far. */
export interface Background {
  child: ChildProcess;
  output(): string;
  /** Waits until the output matches, or fails with the output when the script exits first. */
  waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray>;
  /**
   * Signals the whole group (or, with `group` false, the script's own process: an `exec`'d
   * server); resolves with the script's exit code.
   */
  stop(signal?: NodeJS.Signals, group?: boolean): Promise<number | null>;
}

export function background(script: string, cwd: string, env = userEnv()): Background {
  const child = spawn('sh', ['-ec', script], {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    child,
    output: () => output,
    waitFor(pattern, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      return waitFor(
        () => {
          const match = pattern.exec(output);
          if (match) return match;
          if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline)
            throw new Error(`no ${pattern} (exit ${child.exitCode}):\n${output}`);
          return undefined;
        },
        `${pattern} in the output`,
        200,
      );
    },
    async stop(signal = 'SIGTERM', group = true) {
      // The group may outlive the script (a server it started): signal it whatever the script did.
      if (group || (child.exitCode === null && child.signalCode === null)) {
        try {
          process.kill(group ? -child.pid! : child.pid!, signal);
        } catch {
          // already gone
        }
      }
      return exited;
    },
  };
}

/** The gateway's start banner, once it listens. */
const BANNER = /Data Holder Gateway on http:\/\/localhost:\d+/;

/**
 * The gateway started in the background by `script` on a port of its own, not 0 (the commands it
 * prints name its port, and the user's next commands read PORT): with `envFor(port)`, until its
 * start banner; on another port when the one tried was taken (it exited with EADDRINUSE).
 */
export function gatewayOnSomePort(
  script: string,
  cwd: string,
  envFor: (port: number) => NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<{ server: Background; env: NodeJS.ProcessEnv }> {
  return startOnSomePort('the gateway', async (port) => {
    const env = envFor(port);
    const server = background(script, cwd, env);
    try {
      await server.waitFor(BANNER, timeoutMs);
      return { server, env };
    } catch (err) {
      await server.stop('SIGKILL');
      if ((err as Error).message.includes('EADDRINUSE')) return PORT_TAKEN;
      throw err;
    }
  });
}

/** Clones this repository's HEAD commit into `<parent>/<name>`; answers the clone's folder. */
export async function freshClone(parent: string, name = 'data-holder-gateway'): Promise<string> {
  const dir = path.join(parent, name);
  const { stdout: head } = await exec('git', ['rev-parse', 'HEAD'], { cwd: ROOT });
  await exec('git', ['clone', '--quiet', '--no-checkout', ROOT, dir]);
  await exec('git', ['checkout', '--quiet', head.trim()], { cwd: dir });
  return dir;
}

/** A temporary folder outside the repository, removed by the returned function. */
export function tempFolder(prefix: string): { dir: string; remove: () => void } {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  // Retries: a server killed a moment ago may still be closing its files.
  const remove = () =>
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 300 });
  return { dir, remove };
}

/**
 * Removes what `npx` left in npm's cache for the packages under `folder`: `npx data-holder-gateway`
 * in a clone links the clone's own package into `<cache>/_npx/<hash>/`, one folder per place.
 */
export async function removeNpxEntries(folder: string): Promise<void> {
  const { stdout } = await exec('npm', ['config', 'get', 'cache'], { env: userEnv() });
  const npxCache = path.join(stdout.trim(), '_npx');
  if (!fs.existsSync(npxCache)) return;
  for (const entry of fs.readdirSync(npxCache)) {
    const manifest = path.join(npxCache, entry, 'package.json');
    if (!fs.existsSync(manifest)) continue;
    const { _npx } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {
      _npx?: { packages?: string[] };
    };
    const inside = (p: string) => !path.relative(folder, p).startsWith('..');
    if (_npx?.packages?.some(inside))
      fs.rmSync(path.join(npxCache, entry), { recursive: true, force: true });
  }
}
