/**
 * A real Prometheus on a loopback port it picks (port 0, read back from its log), scraping one target every second, with its data in a
 * temporary folder; and a small client of its HTTP query API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { outputMatch, waitFor } from '../helpers/wait';

export interface QueryResult {
  status: 'success' | 'error';
  error?: string;
  data?: {
    resultType: string;
    result: { metric: Record<string, string>; value: [number, string] }[];
  };
}

export interface PrometheusServer {
  query(expr: string): Promise<QueryResult>;
  /** Waits until Prometheus has scraped the target at least `scrapes` times since `sinceMs`. */
  scrapedSince(sinceMs: number, scrapes: number, timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startPrometheus(binary: string, target: string): Promise<PrometheusServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-prometheus-'));
  fs.writeFileSync(
    path.join(dir, 'prometheus.yml'),
    [
      'global: { scrape_interval: 1s, scrape_timeout: 900ms, evaluation_interval: 1s }',
      'scrape_configs:',
      `  - { job_name: dhg, static_configs: [{ targets: ['${target}'] }] }`,
      '',
    ].join('\n'),
  );
  let output = '';
  const child: ChildProcess = spawn(
    binary,
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      '--web.listen-address=127.0.0.1:0',
      // At info, it logs the address it bound: `msg="Listening on" address=127.0.0.1:<port>`.
      '--log.level=info',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  child.stderr!.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  const listening = await outputMatch(child, /msg="Listening on" address=127\.0\.0\.1:(\d+)/);
  const origin = `http://127.0.0.1:${listening[1]}`;
  await waitFor(async () => {
    if (child.exitCode !== null) throw new Error(`prometheus exited: ${output}`);
    return fetch(`${origin}/-/ready`).then(
      (r) => r.status === 200,
      () => false,
    );
  }, 'prometheus ready');

  const query = async (expr: string): Promise<QueryResult> => {
    const res = await fetch(`${origin}/api/v1/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ query: expr }).toString(),
    });
    return (await res.json()) as QueryResult;
  };

  return {
    query,
    async scrapedSince(sinceMs, scrapes, timeoutMs) {
      const until = Date.now() + timeoutMs;
      await waitFor(
        async () => {
          const seconds = Math.max(1, Math.floor((Date.now() - sinceMs) / 1000));
          const result = await query(`count_over_time(up{job="dhg"}[${seconds}s])`);
          if (Number(result.data?.result[0]?.value[1] ?? 0) >= scrapes) return true;
          if (Date.now() > until) throw new Error(`fewer than ${scrapes} scrapes: ${output}`);
          return false;
        },
        `${scrapes} scrapes`,
        250,
      );
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
