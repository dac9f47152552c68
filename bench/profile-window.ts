/**
 * A preload (`node --require <abs path>/dist/bench/profile-window.js`) that profiles a server for a
 * short window of steady load, such as the bench's paced rows, rather than its whole life (start,
 * warm-ups at full load and idle time would swamp a whole-life `--cpu-prof`).
 *
 * The window opens once the process has served BENCH_PROFILE_RATE requests/s (default 1000, ±20%)
 * for BENCH_PROFILE_AFTER seconds in a row (default 3), and lasts BENCH_PROFILE_WINDOW seconds
 * (default 2). BENCH_PROFILE_KIND:
 * - `cpu` (default): V8's CPU profiler over the window, `<name>.cpuprofile`; read it with
 *   `node dist/bench/profile-report.js` or Chrome DevTools.
 * - `survivors`: a full GC, V8's sampling heap profiler, and another full GC at the end of the
 *   window: the sampled objects allocated in the window and still alive at its end, in
 *   `<name>.heapprofile`. Under steady load only the requests in flight should be there; the rest
 *   is what keeps per-request objects longer, the objects that scavenges copy and promote. (V8's
 *   `includeObjectsCollectedByMinorGC: false` would say this directly, but Node 20's V8 keeps
 *   samples that scavenges free, so the window is closed by a full GC instead.)
 * - `allocations`: V8's sampling heap profiler over the window, keeping the samples that either
 *   GC frees: where the bytes allocated in the window were allocated, in `<name>.heapprofile`.
 *   How much a request allocates sets how often scavenges pause it.
 *
 * - `gc`: no window; every garbage collection of the process's life, one line each (start as
 *   epoch ms, duration ms, kind), in `<name>.tsv`. With this kind the bench runner also writes
 *   each paced row's answers (`answers-<pid>-<row>.tsv`: end as epoch ms, latency ms), and
 *   `node dist/bench/gc-latency-report.js <dir>` tells which slow answers met a GC pause.
 *
 * BENCH_PROFILE_DIR (required) receives `<kind>-<script>-<pid>.<ext>`.
 */
import diagnosticsChannel from 'node:diagnostics_channel';
import fs from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';
import { PerformanceObserver, constants, performance } from 'node:perf_hooks';

const dir = process.env.BENCH_PROFILE_DIR;
if (dir) {
  const kinds = ['cpu', 'survivors', 'allocations', 'gc'] as const;
  const kind = kinds.find((k) => k === process.env.BENCH_PROFILE_KIND) ?? 'cpu';
  if (kind === 'gc') logGcs(dir);
  else profileWindow(dir, kind);
}

/** This process's output file for a kind: `<dir>/<kind>-<script>-<pid>.<ext>`. */
function outputFile(dir: string, kind: string, ext: string): string {
  const script = path.basename(process.argv[1] ?? 'node', '.js');
  return path.join(dir, `${kind}-${script}-${process.pid}.${ext}`);
}

/** Appends every GC of this process to `gc-<script>-<pid>.tsv` as it happens. */
function logGcs(dir: string): void {
  const file = outputFile(dir, 'gc', 'tsv');
  const kinds: Record<number, string> = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
  };
  new PerformanceObserver((list) => {
    const lines = list.getEntries().map((e) => {
      const gcKind = (e as { detail?: { kind?: number } }).detail?.kind ?? -1;
      const start = performance.timeOrigin + e.startTime;
      return `${start.toFixed(3)}\t${e.duration.toFixed(3)}\t${kinds[gcKind] ?? gcKind}\n`;
    });
    fs.appendFileSync(file, lines.join(''));
  }).observe({ entryTypes: ['gc'] });
}

function profileWindow(dir: string, kind: 'cpu' | 'survivors' | 'allocations'): void {
  const steadyFor = Number(process.env.BENCH_PROFILE_AFTER ?? 3);
  const targetRate = Number(process.env.BENCH_PROFILE_RATE ?? 1000);
  const windowMs = Number(process.env.BENCH_PROFILE_WINDOW ?? 2) * 1000;
  const session = new Session();
  session.connect();
  // The inspector answers on this thread: each post's callback has run when post returns.
  const post = (method: string, params?: object) => {
    let out: unknown;
    session.post(method, params ?? {}, (err, result) => {
      if (err) throw err;
      out = result;
    });
    return out;
  };
  const write = (ext: string, profile: unknown) =>
    fs.writeFileSync(outputFile(dir, kind, ext), JSON.stringify(profile));

  // Requests per second, from Node's own HTTP server channel.
  let requests = 0;
  diagnosticsChannel.subscribe('http.server.request.start', () => {
    requests += 1;
  });
  let steadySeconds = 0;
  const poll = setInterval(() => {
    const rate = requests;
    requests = 0;
    steadySeconds = Math.abs(rate - targetRate) <= 0.2 * targetRate ? steadySeconds + 1 : 0;
    if (steadySeconds < steadyFor) return;
    clearInterval(poll);
    if (kind === 'cpu') {
      post('Profiler.enable');
      post('Profiler.setSamplingInterval', { interval: 100 });
      post('Profiler.start');
    } else if (kind === 'survivors') {
      post('HeapProfiler.collectGarbage');
      post('HeapProfiler.startSampling', { samplingInterval: 1024 });
    } else {
      post('HeapProfiler.startSampling', {
        samplingInterval: 1024,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
    }
    setTimeout(() => {
      if (kind === 'cpu') {
        write('cpuprofile', (post('Profiler.stop') as { profile: unknown }).profile);
        return;
      }
      if (kind === 'survivors') post('HeapProfiler.collectGarbage');
      write(
        'heapprofile',
        (post('HeapProfiler.getSamplingProfile') as { profile: unknown }).profile,
      );
      post('HeapProfiler.stopSampling');
    }, windowMs).unref();
  }, 1000);
  poll.unref();
}
