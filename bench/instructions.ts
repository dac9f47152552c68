/**
 * `npm run bench:instructions -- <other checkout, built> [path]`: instructions per request of
 * two builds, counted by valgrind's callgrind rather than timed, so that a difference of a few
 * percent shows on a shared, noisy machine where `bench:ab`'s CPU times vary by more.
 *
 * Each build's server runs under `valgrind --tool=callgrind` with V8's `--predictable` and
 * `--single-threaded` (no concurrent compilation or GC threads whose timing would change what
 * runs) and is asked one request at a time (pre-signed tokens of one length, one unique jti each).
 * One process per repeat: it answers `WARM` requests uninstrumented (`--instr-atstart=no`: valgrind
 * runs them several times faster), then callgrind's instrumentation is switched on and its
 * counters zeroed (`vgdb instrumentation on`, `zero`), it answers `MEASURED` more, and its counters
 * are dumped; start-up, warm-up and shut-down are outside the count. Between the two it is left
 * idle for `SETTLE_MS`. The warm-up is long because V8 keeps compiling for thousands of requests
 * (with `--predictable`, 28 functions were optimised between request 2000 and 3000, 10 between
 * 3000 and 4000, none after 10000), and a compilation in the window costs millions of
 * instructions. The earlier method took the difference of two processes' totals after 1500 and
 * 2500 requests: compilations and garbage collections that fell on either side of the cut landed
 * in the difference, and one build measured 11% apart (1 742 375 and 1 933 453).
 * Each window is reported twice: in all, and without what V8's optimising compiler ran in it
 * (`Compiler::CompileOptimized`, inclusive, from `callgrind_annotate`): a build whose code keeps
 * being deoptimised and optimised again pays for it, and how much varies with the machine's
 * timing; the rest repeats within 2%.
 * A third count is the main thread's alone, without compilation and sweeping: the event loop,
 * where Node's HTTP code, Express and the gateway run, and the count the instruction target is
 * read on (docs/decisions/0056). It leaves out the token's signature check, which `crypto.verify`
 * runs in OpenSSL on libuv's pool (about 865 000 instructions a request, the same in every build,
 * and most of the total). Callgrind counts each thread in its own file
 * (`--separate-threads=yes`: `<out>.<part>-<thread>`), and valgrind numbers the process's first
 * thread 1 (`-01`) whatever starts later, so the thread needs no symbol names: the pool's threads
 * (one, or libuv's four in a build that does not set `UV_THREADPOOL_SIZE`), V8's platform workers
 * (idle with `--single-threaded`) and Node's signal thread are the other files. Subtracting the
 * inclusive count of the pool's `DoThreadPoolWork` instead would depend on a mangled C++ name and
 * leave libuv's queueing on the pool thread in the count. Sweeping (`Sweeper::RawSweep`,
 * inclusive) is left out of this count too: with `--single-threaded` the old generation is swept
 * on the main thread after a full collection, whenever something forces it (a deoptimisation
 * that materialises objects did, in one window and not the next), and one build's repeats moved
 * by 0, 5 800 and 11 300 instructions a request with it; without it they agree within 1%.
 * Settings: BENCH_INSTR_WARM (10000), BENCH_INSTR_MEASURED (2000), BENCH_INSTR_REPEATS (3),
 * BENCH_INSTR_KEEP (a directory: keep each measured window's callgrind files there, one a
 * thread, for `callgrind_annotate`; `--files <files>` counts kept files, a window's threads
 * together). A repeat takes three to five minutes per build.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadDevKey } from '../src/auth/dev-keys';
import { projectRoot } from '../src/config/project-root';
import { medianOf, shippedNodeOptions } from './proc-stats';
import { SUBDOMAIN } from './settings';
import { signTokens } from './tokens';

const env = process.env;
const WARM = Number(env.BENCH_INSTR_WARM ?? 10000);
const MEASURED = Number(env.BENCH_INSTR_MEASURED ?? 2000);
const REPEATS = Number(env.BENCH_INSTR_REPEATS ?? 3);
const KEEP = env.BENCH_INSTR_KEEP;
const SETTLE_MS = 3000;
const BASE_URL = 'http://gateway.bench';
const run$ = promisify(execFile);

/** The total instructions (`Ir`) of a callgrind output file. */
function totalInstructions(file: string): number {
  const line = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('summary:') || l.startsWith('totals:'));
  if (!line) throw new Error(`${file} has no totals`);
  return Number(line.split(/\s+/)[1]);
}

/**
 * A measured window's instructions per request: all of them, V8's optimising compiler's, and
 * the main thread's without compilation and sweeping (`undefined` for a file of every thread at
 * once).
 */
interface WindowCount {
  total: number;
  compiling: number;
  mainThread: number | undefined;
}

/** Inclusive counts of V8's functions that a window catches or misses by chance. */
interface HeapAndCompiler {
  /** Under `Compiler::CompileOptimized`: V8's optimising compiler. */
  compiling: number;
  /** Under `Sweeper::RawSweep`: the old generation's sweeping, left after a full collection. */
  sweeping: number;
}

/** The inclusive count of a function in `callgrind_annotate --inclusive=yes` output, or 0. */
function inclusiveOf(lines: string[], name: string): number {
  // A function's own line; `'2` lines are its recursive calls, already inside it.
  const line = lines.find((l) => l.includes(name) && !l.includes("'2 "));
  return line ? Number(line.trim().split(/\s+/)[0]!.replace(/,/g, '')) : 0;
}

/** The instructions under V8's optimising compiler and its sweeper (inclusive) in a file. */
async function heapAndCompiler(file: string): Promise<HeapAndCompiler> {
  const { stdout } = await run$(
    'callgrind_annotate',
    ['--inclusive=yes', '--threshold=100', file],
    {
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  const lines = stdout.split('\n');
  return {
    compiling: inclusiveOf(lines, 'v8::internal::Compiler::CompileOptimized('),
    sweeping: inclusiveOf(lines, 'v8::internal::Sweeper::RawSweep('),
  };
}

/** Valgrind's thread number in a callgrind file name of `--separate-threads=yes` (`…-01`). */
function threadOf(file: string): number | undefined {
  const match = /-(\d+)$/.exec(path.basename(file));
  return match ? Number(match[1]) : undefined;
}

/**
 * The callgrind files of one window of `MEASURED` requests (one per thread, or one of all of
 * them), per request.
 */
async function windowCount(files: readonly string[]): Promise<WindowCount> {
  let total = 0;
  let compiling = 0;
  let mainThread: number | undefined;
  for (const file of files) {
    const instructions = totalInstructions(file);
    const { compiling: compiled, sweeping } = await heapAndCompiler(file);
    total += instructions;
    compiling += compiled;
    if (threadOf(file) === 1) mainThread = (instructions - compiled - sweeping) / MEASURED;
  }
  return { total: total / MEASURED, compiling: compiling / MEASURED, mainThread };
}

/**
 * The port the gateway bound (PORT=0: one of its own choosing, as another run may be under way),
 * from its start banner once it listens; rejects when it exits first or is not up in 5 minutes.
 */
function boundPort(proc: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the gateway did not start under valgrind')),
      300_000,
    );
    let out = '';
    proc.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const bound = /Data Holder Gateway on http:\/\/localhost:(\d+)/.exec(out);
      if (!bound) return;
      clearTimeout(timer);
      resolve(Number(bound[1]));
    });
    proc.once('exit', () => {
      clearTimeout(timer);
      reject(new Error('the gateway exited before it served'));
    });
  });
}

/** Sends `tokens`' requests one at a time; each must be answered 200. */
async function ask(
  root: string,
  port: number,
  target: string,
  tokens: readonly string[],
): Promise<void> {
  for (const token of tokens) {
    const res = await fetch(`http://127.0.0.1:${port}${target}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${root}: answered ${res.status}`);
  }
}

/** A callgrind monitor command (`zero`, `dump`) to the process, through vgdb. */
async function callgrind(pid: number, prefix: string, command: string): Promise<void> {
  // vgdb finds the process's pipes by the user and `HOST` in their names: the server's `HOST`.
  await run$('vgdb', [`--vgdb-prefix=${prefix}`, `--pid=${pid}`, command], {
    timeout: 120_000,
    env: { ...env, HOST: '127.0.0.1' },
  });
}

/**
 * The files of the monitor's dump: those of the highest part number (`<out>.1-01`,
 * `<out>.1-02`... then `<out>.2-01`...), one per thread.
 */
function measuredDump(workDir: string, base: string): string[] {
  const parts = fs
    .readdirSync(workDir)
    .filter((f) => f.startsWith(`${base}.`))
    .map((f) => ({ f, part: /^(\d+)-\d+$/.exec(f.slice(base.length + 1))?.[1] }))
    .filter((x): x is { f: string; part: string } => x.part !== undefined);
  const last = Math.max(...parts.map((x) => Number(x.part)));
  return parts.filter((x) => Number(x.part) === last).map((x) => x.f);
}

/** One repeat of a build under callgrind: its instructions over `MEASURED` warm requests. */
async function run(root: string, workDir: string, target: string, tokens: () => Promise<string[]>) {
  const out = path.join(workDir, `callgrind.${path.basename(root)}.${Date.now()}`);
  const prefix = path.join(workDir, 'vgdb');
  const node = [...shippedNodeOptions(root), '--predictable', '--single-threaded'];
  const proc = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--smc-check=all-non-file',
      '--vgdb=yes',
      '--instr-atstart=no',
      '--separate-threads=yes',
      `--vgdb-prefix=${prefix}`,
      `--callgrind-out-file=${out}`,
      process.execPath,
      ...node,
      path.join(root, 'dist/src/main.js'),
    ],
    {
      cwd: root,
      env: {
        ...env,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        PUBLIC_BASE_URL: BASE_URL,
        HOLDER_SUBDOMAIN: SUBDOMAIN,
        DEV_KEYS_DIR: workDir,
        SHUTDOWN_DELAY_MS: '0',
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const listening = boundPort(proc);
  const done = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  try {
    const port = await listening;
    const all = await tokens();
    await ask(root, port, target, all.slice(0, WARM));
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    await callgrind(proc.pid!, prefix, 'instrumentation on');
    await callgrind(proc.pid!, prefix, 'zero');
    await ask(root, port, target, all.slice(WARM, WARM + MEASURED));
    await callgrind(proc.pid!, prefix, 'dump');
  } finally {
    proc.kill('SIGTERM');
    await done;
  }
  const measured = measuredDump(workDir, path.basename(out));
  if (measured.length === 0) {
    throw new Error(`${root}: callgrind wrote no dump of the measured window`);
  }
  const count = await windowCount(measured.map((f) => path.join(workDir, f)));
  if (KEEP) for (const f of measured) fs.copyFileSync(path.join(workDir, f), path.join(KEEP, f));
  for (const f of fs.readdirSync(workDir).filter((x) => x.startsWith('callgrind.'))) {
    fs.rmSync(path.join(workDir, f), { force: true });
  }
  return count;
}

/** How far apart a build's repeats are, relative to their median. */
function spreadOf(values: number[]): string {
  const spread = (Math.max(...values) - Math.min(...values)) / medianOf(values)!;
  return `${(spread * 100).toFixed(1)}%`;
}

/** A count's words: without compilation, in all, and the main thread's when it was counted apart. */
function describe({ total, compiling, mainThread }: WindowCount): string {
  const main =
    mainThread === undefined
      ? ''
      : `, ${Math.round(mainThread)} on the main thread without compilation and sweeping`;
  return `${Math.round(total - compiling)} per request without compilation, ${Math.round(total)} in all${main}`;
}

/**
 * `--files <callgrind files>`: the counts of kept windows (`BENCH_INSTR_KEEP`), per request; a
 * window's thread files (`<out>.<part>-01`, `-02`...) are counted together.
 */
async function countFiles(files: string[]): Promise<void> {
  const windows = new Map<string, string[]>();
  for (const file of files) {
    const window = file.replace(/-\d+$/, '');
    windows.set(window, [...(windows.get(window) ?? []), file]);
  }
  for (const [window, threads] of windows) {
    process.stdout.write(`${path.basename(window)}: ${describe(await windowCount(threads))}\n`);
  }
}

type Build = { name: string; root: string; counts: WindowCount[] };

/** A column's cells for one build: its median, its repeats and their spread. */
function cells(values: number[]): string {
  return `${Math.round(medianOf(values)!)} | ${values.map(Math.round).join(', ')} | ${spreadOf(values)}`;
}

function table(builds: Build[], target: string): string {
  const warm = (c: WindowCount) => c.total - c.compiling;
  const main = (c: WindowCount) => c.mainThread!;
  const ratio = (of: (c: WindowCount) => number) => {
    const [a, b] = builds.map((x) => medianOf(x.counts.map(of))!) as [number, number];
    return (b / a).toFixed(3);
  };
  return [
    '',
    '| build | per request without compilation (median) | repeats | spread | in all, with compilation (median) | repeats | spread | main thread without compilation and sweeping (median) | repeats | spread |',
    '| --- | ---: | --- | ---: | ---: | --- | ---: | ---: | --- | ---: |',
    ...builds.map(
      (x) =>
        `| ${x.name} ${x.root} | ${cells(x.counts.map(warm))} | ${cells(x.counts.map((c) => c.total))} | ${cells(x.counts.map(main))} |`,
    ),
    '',
    `B/A instructions per request: ${ratio(warm)} without compilation, ${ratio((c) => c.total)} in all, ${ratio(main)} on the main thread without compilation and sweeping (outside the signature check; GET ${target}, ${MEASURED} requests after ${WARM})`,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--files') return countFiles(args.slice(1));
  const [other, target = '/v1/common/customer/c-1001/detail'] = args;
  if (!other) {
    process.stderr.write('usage: npm run bench:instructions -- <other checkout, built> [path]\n');
    process.exit(2);
  }
  const keysDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-instr-'));
  const builds: Build[] = [
    { name: 'A', root: path.resolve(other), counts: [] },
    { name: 'B', root: projectRoot(), counts: [] },
  ];
  // Tokens are signed once the first run has written the development key.
  const tokens = async () =>
    signTokens(await loadDevKey(keysDir), BASE_URL + target.split('?')[0], WARM + MEASURED, 900);
  try {
    for (let r = 0; r < REPEATS; r += 1) {
      for (const b of r % 2 === 0 ? builds : [...builds].reverse()) {
        const count = await run(b.root, keysDir, target, tokens);
        b.counts.push(count);
        process.stdout.write(`[instructions] repeat ${r + 1} ${b.name}: ${describe(count)}\n`);
      }
    }
  } finally {
    fs.rmSync(keysDir, { recursive: true, force: true });
  }
  process.stdout.write(table(builds, target));
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
