/**
 * `npm run bench:instructions -- <other checkout, built> [path]`: instructions per request of
 * two builds, counted by valgrind's callgrind rather than timed, so that a difference of a few
 * percent shows on a shared, noisy machine where `bench:ab`'s CPU times vary by more.
 *
 * Each build's server runs under `valgrind --tool=callgrind` with V8's `--predictable` and
 * `--single-threaded` (no concurrent compilation or GC threads whose timing would change what
 * runs), and is asked one request at a time (pre-signed tokens, one unique jti each). A run
 * answers `WARM` requests and stops; a second run answers `WARM` and then `MEASURED` more. The
 * difference of the two runs' totals, divided by `MEASURED`, is the cost of one warm request,
 * start-up and warm-up cancelled out. Settings: BENCH_INSTR_WARM (1500), BENCH_INSTR_MEASURED
 * (1000), BENCH_INSTR_REPEATS (2). A run takes about a minute.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadDevKey } from '../src/auth/dev-keys';
import { projectRoot } from '../src/config/project-root';
import { medianOf, shippedNodeOptions } from './proc-stats';
import { SUBDOMAIN } from './settings';
import { signTokens } from './tokens';

const env = process.env;
const WARM = Number(env.BENCH_INSTR_WARM ?? 1500);
const MEASURED = Number(env.BENCH_INSTR_MEASURED ?? 1000);
const REPEATS = Number(env.BENCH_INSTR_REPEATS ?? 2);
const BASE_URL = 'http://gateway.bench';
const PORT = 9311;

/** The total instructions (`Ir`) of a callgrind output file. */
function totalInstructions(file: string): number {
  const line = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('totals:') || l.startsWith('summary:'));
  if (!line) throw new Error(`${file} has no totals`);
  return Number(line.split(/\s+/)[1]);
}

/** Resolves once the server answers its liveness probe. */
async function ready(exited: () => boolean): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    if (exited()) throw new Error('the gateway exited before it served');
    const ok = await fetch(`http://127.0.0.1:${PORT}/livez`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the gateway did not start under valgrind');
}

/** One run of a build under callgrind: `count` requests, one at a time; its total Ir. */
async function run(
  root: string,
  keysDir: string,
  count: number,
  target: string,
  tokens: () => Promise<string[]>,
): Promise<number> {
  const out = path.join(keysDir, `callgrind.${crypto.randomUUID()}`);
  const node = [...shippedNodeOptions(root), '--predictable', '--single-threaded'];
  const proc = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--smc-check=all-non-file',
      `--callgrind-out-file=${out}`,
      process.execPath,
      ...node,
      path.join(root, 'dist/src/main.js'),
    ],
    {
      cwd: root,
      env: {
        ...env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        PUBLIC_BASE_URL: BASE_URL,
        HOLDER_SUBDOMAIN: SUBDOMAIN,
        DEV_KEYS_DIR: keysDir,
        SHUTDOWN_DELAY_MS: '0',
      },
      stdio: 'ignore',
    },
  );
  let exited = false;
  const done = new Promise<void>((resolve) =>
    proc.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  await ready(() => exited);
  for (const token of (await tokens()).slice(0, count)) {
    const res = await fetch(`http://127.0.0.1:${PORT}${target}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${root}: answered ${res.status}`);
  }
  proc.kill('SIGTERM');
  await done;
  const total = totalInstructions(out);
  fs.rmSync(out, { force: true });
  return total;
}

async function main(): Promise<void> {
  const [other, target = '/v1/common/customer/c-1001/detail'] = process.argv.slice(2);
  if (!other) {
    process.stderr.write('usage: npm run bench:instructions -- <other checkout, built> [path]\n');
    process.exit(2);
  }
  const keysDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-instr-'));
  const builds = [
    { name: 'A', root: path.resolve(other), perRequest: [] as number[] },
    { name: 'B', root: projectRoot(), perRequest: [] as number[] },
  ];
  // Tokens are signed once the first run has written the development key.
  const tokens = async () =>
    signTokens(await loadDevKey(keysDir), BASE_URL + target.split('?')[0], WARM + MEASURED, 900);
  try {
    for (let r = 0; r < REPEATS; r += 1) {
      for (const b of r % 2 === 0 ? builds : [...builds].reverse()) {
        const warm = await run(b.root, keysDir, WARM, target, tokens);
        const both = await run(b.root, keysDir, WARM + MEASURED, target, tokens);
        b.perRequest.push((both - warm) / MEASURED);
        process.stdout.write(
          `[instructions] repeat ${r + 1} ${b.name}: ${Math.round((both - warm) / MEASURED)} per request\n`,
        );
      }
    }
  } finally {
    fs.rmSync(keysDir, { recursive: true, force: true });
  }
  const [a, b] = builds.map((x) => medianOf(x.perRequest)!) as [number, number];
  process.stdout.write(
    [
      '',
      '| build | instructions per request (median) | repeats |',
      '| --- | ---: | --- |',
      ...builds.map(
        (x, i) =>
          `| ${x.name} ${x.root} | ${Math.round(i === 0 ? a : b)} | ${x.perRequest.map(Math.round).join(', ')} |`,
      ),
      '',
      `B/A instructions per request: ${(b / a).toFixed(3)} (GET ${target}, ${MEASURED} requests after ${WARM})`,
      '',
    ].join('\n'),
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
