/**
 * The results file: its generated part (how the run was set up, the table of rows, the targets)
 * written in place of the previous one, keeping the notes below it.
 */
import fs from 'node:fs';
import os from 'node:os';
import * as prettier from 'prettier';
import type { Row } from './rows';
import {
  CLOCK_TOLERANCE_SECONDS,
  CONNECTIONS,
  DURATION,
  env,
  FANOUT_CONNECTIONS,
  FIXED_RATE,
  GENERATED_END,
  MISS_CUSTOMERS,
  OUT,
  PIN,
  SERVER_NODE_FLAGS,
  SOAK,
  SOAK_JTI_SECONDS,
  SOAK_RATE,
  SOAK_SETTLE,
  SOAK_TOKEN_SECONDS,
  SOAK_WARMUP,
} from './settings';

const rowLine = (r: Row) =>
  `| ${r.scenario} | ${r.measured.rps.toFixed(0)} | ${r.measured.p50} | ${r.measured.p99} | ${r.peakRss.toFixed(0)} | ${r.cpuUs === undefined ? '' : r.cpuUs.toFixed(0)} | ${
    r.ratio ? `${r.ratio.value.toFixed(2)} (vs ${r.ratio.of})` : ''
  } | ${[
    r.measured.non2xx ? `${r.measured.non2xx} non-2xx` : '',
    r.measured.errors ? `${r.measured.errors} errors` : '',
    r.measured.exhausted ? 'token pool exhausted' : '',
    r.note ?? '',
  ]
    .filter(Boolean)
    .join('; ')} |`;

/** The bullet list that says how this run was set up and how it measures. */
function setupLines(began: number): string[] {
  const cpus = os.cpus();
  const overrides = Object.entries(env)
    .filter(([k]) => k.startsWith('BENCH_'))
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  const command = `${overrides ? `${overrides} ` : ''}npm run ${env.npm_lifecycle_event ?? 'bench'}`;
  return [
    `- Date: ${new Date().toISOString()} (run took ${((Date.now() - began) / 1000).toFixed(0)} s)`,
    `- Machine: ${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} CPUs (nproc), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()}`,
    `- Node ${process.version}; command: \`${command}\``,
    `- ${DURATION} s per scenario, ${CONNECTIONS} connections (fan-out ${FANOUT_CONNECTIONS}), autocannon in the runner process; ` +
      'loopback core, gateways and baselines each in their own process, all on this machine. ' +
      (PIN
        ? 'Pinned with `taskset`: runner and core on CPU 0, the measured server alone on CPU 1.'
        : 'Not pinned: the processes share the CPUs.'),
    '- Gateway: `dist/` build, `LOG_LEVEL=warn` (one row at `info`), replay store in process memory (no `REDIS_URL`), ' +
      'in-process cache; cache miss = `CACHE_TTL_SECONDS` 0 for the operations used. Tokens: ES256, unique `jti`, ' +
      'signed before each scenario. Request: `GET /v1/common/customer/c-bench/detail` unless stated.',
    '- Peak RSS: the measured process (the core for "direct"), polled every 100 ms. CPU µs/req: that process\'s CPU time (user + system, all its threads, from `/proc`) over the scenario, per answered request; other work on the machine does not count in it, so it compares servers and builds where req/s is disturbed.',
    `- Cache miss rows spread their requests over ${MISS_CUSTOMERS} customer ids (the same data in the core), so that no two concurrent requests share a core call through single-flight; the miss row's note counts the core calls.`,
    `- Fixed-rate rows (${FIXED_RATE} req/s and the soak) are paced: the rate is split over up to 50 single-connection autocannon instances whose seconds start evenly staggered (autocannon's own rate limit sends each connection's budget in one burst at the start of every second); latencies are every response's own, in fractional ms, each stream's first second left out.`,
    `- Soak: a fresh cache-miss gateway, warmed up ${SOAK_WARMUP} s at ${SOAK_RATE} req/s, then ${SOAK} s at that rate, with tokens signed beforehand that each expire ${SOAK_TOKEN_SECONDS} s after the second they are due to be sent (less the signing time), so the replay store, which holds a jti until its exp plus ${CLOCK_TOLERANCE_SECONDS} s, reaches its steady size (about rate × ${SOAK_JTI_SECONDS} s) within the warm-up; the warm-up ends with a full GC, which puts V8 on a smaller old-generation limit, followed by ${SOAK_SETTLE} s at the rate so that its heap settles in that regime; at the start and the end of the soak, the live heap after a full GC and the RSS 1 s after that GC.`,
    `- Node flags of the gateways and baselines alike: ${SERVER_NODE_FLAGS.length > 0 ? `\`${SERVER_NODE_FLAGS.join(' ')}\`` : 'none'} (the gateway's shipped options, package.json \`config.nodeOptions\`, then BENCH_NODE_FLAGS).`,
  ];
}

/** The generated part of the results file, as markdown. */
export function resultsMarkdown(began: number, rows: Row[], targets: string[]): string {
  return [
    '# Benchmark results',
    '',
    ...setupLines(began),
    '',
    '| scenario | req/s | p50 ms | p99 ms | peak RSS MB | CPU µs/req | ratio | notes |',
    '| --- | --: | --: | --: | --: | --: | --- | --- |',
    ...rows.map(rowLine),
    '',
    '## Targets',
    '',
    '| target | result | measured |',
    '| --- | --- | --- |',
    ...targets,
    '',
  ].join('\n');
}

/** Writes `md` as the results file's generated part, keeping what follows GENERATED_END. */
export async function writeResults(md: string): Promise<void> {
  const previous = fs.existsSync(OUT) ? fs.readFileSync(OUT, 'utf8') : '';
  const kept = previous.includes(GENERATED_END)
    ? previous.slice(previous.indexOf(GENERATED_END) + GENERATED_END.length)
    : '\n';
  // Formatted as the project's `prettier --check` expects, so a run leaves the lint green.
  const formatted = await prettier.format(`${md}\n${GENERATED_END}${kept}`, {
    ...(await prettier.resolveConfig(OUT)),
    filepath: OUT,
  });
  fs.writeFileSync(OUT, formatted);
}
