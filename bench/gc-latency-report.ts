/**
 * `node dist/bench/gc-latency-report.js <dir>`: which of a paced row's slow answers met a garbage
 * collection pause of the server that answered them.
 *
 * `<dir>` is the BENCH_PROFILE_DIR of a run with BENCH_PROFILE_KIND=gc and profile-window.ts
 * preloaded (`BENCH_NODE_FLAGS="--require <abs path>/dist/bench/profile-window.js"`): the
 * servers' `gc-<script>-<pid>.tsv` (start as epoch ms, duration ms, kind) and the runner's
 * `answers-<pid>-<row>.tsv` (end as epoch ms, latency ms). An answer met a pause when the time
 * between its request being sent and its answer arriving overlaps the pause. Both clocks are the
 * machine's; the processes' time origins differ by well under a millisecond.
 */
import fs from 'node:fs';
import path from 'node:path';
import { quantile } from './proc-stats';

const dir = process.argv[2];
if (!dir) {
  process.stderr.write('usage: gc-latency-report <dir>\n');
  process.exit(2);
}

const rows = (file: string) =>
  fs
    .readFileSync(path.join(dir, file), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'));

const files = fs.readdirSync(dir);
const answerFiles = files
  .filter((f) => /^answers-\d+-\d+\.tsv$/.test(f))
  .sort((a, b) => Number(/-(\d+)\.tsv$/.exec(a)![1]) - Number(/-(\d+)\.tsv$/.exec(b)![1]));

const ms = (v: number) => v.toFixed(2);

for (const file of answerFiles) {
  const pid = /^answers-(\d+)-/.exec(file)![1];
  const gcFile = files.find((f) => f.startsWith('gc-') && f.endsWith(`-${pid}.tsv`));
  const answers = rows(file).map(([end, latency]) => ({
    start: Number(end) - Number(latency),
    end: Number(end),
    latency: Number(latency),
  }));
  if (answers.length === 0) continue;
  if (!gcFile) {
    process.stdout.write(`${file}: no GC log for process ${pid} (the core is not profiled)\n\n`);
    continue;
  }
  const first = Math.min(...answers.map((a) => a.start));
  const last = Math.max(...answers.map((a) => a.end));
  const seconds = (last - first) / 1000;
  const pauses = rows(gcFile)
    .map(([start, duration, kind]) => ({
      start: Number(start),
      end: Number(start) + Number(duration),
      kind: kind!,
    }))
    .filter((p) => p.end >= first && p.start <= last);
  // Each answer, slowest last, with whether it met a pause (checked once per answer).
  const byLatency = answers
    .map((a) => ({ ...a, met: pauses.some((p) => p.start < a.end && p.end > a.start) }))
    .sort((a, b) => a.latency - b.latency);
  const latencies = byLatency.map((a) => a.latency);
  const slowest = byLatency.slice(Math.floor(byLatency.length * 0.99));
  const met = byLatency.filter((a) => a.met).length;
  const clear = byLatency.filter((a) => !a.met).map((a) => a.latency);
  const percent = (n: number, of: number) => ((n / of) * 100).toFixed(2);
  const lines = [
    `${file} (${gcFile}): ${answers.length} answers over ${seconds.toFixed(1)} s`,
    `  p50 ${ms(quantile(latencies, 0.5))} ms, p99 ${ms(quantile(latencies, 0.99))} ms; ` +
      `without the answers that met a pause: p99 ${ms(quantile(clear, 0.99))} ms`,
    `  answers that met a pause: ${met} (${percent(met, answers.length)}%); ` +
      `of the slowest 1% (${slowest.length}): ${slowest.filter((a) => a.met).length}`,
  ];
  const kinds = [...new Set(pauses.map((p) => p.kind))];
  for (const kind of kinds) {
    const these = pauses.filter((p) => p.kind === kind).map((p) => p.end - p.start);
    const total = these.reduce((a, b) => a + b, 0);
    these.sort((a, b) => a - b);
    lines.push(
      `  ${kind}: ${these.length} pauses (${(these.length / seconds).toFixed(2)}/s), mean ${ms(
        total / these.length,
      )} ms, max ${ms(these[these.length - 1]!)} ms, ${percent(total, seconds * 1000)}% of the time`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}
