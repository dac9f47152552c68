/**
 * WORKERS=2 for real: the built command line (`node dist/src/cli/main.js serve`) with a Redis of
 * the test's own becomes a primary with two worker processes sharing the port. A token used on
 * one connection is refused on every other (the workers share the replay store), the primary's
 * METRICS_PORT serves every worker's metrics (each gauge by its own aggregator), a killed worker
 * is replaced, and SIGTERM drains every worker and exits 0.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type DevKey, loadDevKey } from '../../src/auth/dev-keys';
import { replayMemoryLongKept, startOwnRedis, type OwnRedis } from '../helpers/redis-server';
import { buildOnce } from '../helpers/build-once';
import { holderClaims, signToken } from '../helpers/keys';
import { outputMatch, waitFor } from '../helpers/wait';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
const PATH = '/v1/common/customer/c-1001/detail';
/** The audience base of tokens: the gateway listens on a port it picks (PORT=0). */
const PUBLIC_BASE_URL = 'http://localhost';

/** One request on a connection of its own (no keep-alive), so the primary hands it to a worker. */
function get(
  port: number,
  target: string,
  token?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: target,
        agent: false,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The pids of the primary's children (its workers). */
async function workerPids(primary: number): Promise<number[]> {
  const { stdout } = await run('pgrep', ['-P', String(primary)]).catch(() => ({ stdout: '' }));
  return stdout.split('\n').filter(Boolean).map(Number).sort();
}

describe('WORKERS=2 with the built command line', () => {
  let redis: OwnRedis;
  let child: ChildProcess;
  let output = '';
  let stdout = '';
  let port: number;
  let metricsPort: number;
  let key: DevKey;

  const token = () => signToken(key, holderClaims('demo', `${PUBLIC_BASE_URL}${PATH}`));
  const listening = () => output.split('worker listening').length - 1;

  beforeAll(async () => {
    await buildOnce();
    redis = await startOwnRedis();
    await replayMemoryLongKept(redis.url, 'demo');
    const keys = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-keys-'));
    key = await loadDevKey(keys);
    child = spawn(process.execPath, ['dist/src/cli/main.js', 'serve'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        WORKERS: '2',
        PORT: '0',
        PUBLIC_BASE_URL,
        HOST: '127.0.0.1',
        METRICS_PORT: '0',
        REDIS_URL: redis.url,
        DEV_KEYS_DIR: keys,
        SHUTDOWN_DELAY_MS: '100',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      stdout += d.toString();
    });
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    // The ports they bound: the primary's METRICS_PORT, the one its workers share.
    const [primary, worker] = await Promise.all([
      outputMatch(child, /"metricsPort":(\d+)[^\n]*"msg":"primary started its workers"/),
      outputMatch(child, /"port":(\d+)[^\n]*"msg":"worker listening"/),
    ]);
    [metricsPort, port] = [Number(primary[1]), Number(worker[1])];
    await waitFor(() => listening() >= 2, 'both workers listening');
  }, 90_000);
  afterAll(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      for (const pid of await workerPids(child.pid!)) process.kill(pid, 'SIGKILL');
      child.kill('SIGKILL');
    }
    await redis?.stop();
  });

  it('when running, then every line on stdout is JSON (a log collector reads them all)', () => {
    const lines = stdout.split('\n').filter((l) => l !== '');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(lines.map((l) => JSON.parse(l).msg)).toContain('primary started its workers');
  });

  it('when started, then two worker processes listen on the one port', async () => {
    expect(listening()).toBe(2);
    expect(await workerPids(child.pid!)).toHaveLength(2);
    expect((await get(port, '/livez')).status).toBe(200);
  });

  it('when a token is used, then a replay on any other connection is refused, whichever worker takes it', async () => {
    const used = await token();
    expect((await get(port, PATH, used)).status).toBe(200);
    const replays = await Promise.all(Array.from({ length: 6 }, () => get(port, PATH, used)));
    expect(replays.map((r) => [r.status, JSON.parse(r.body).error])).toEqual(
      Array(6).fill([401, 'Token replayed']),
    );
  });

  it("when the primary's METRICS_PORT is scraped, then it serves the workers' metrics aggregated", async () => {
    const res = await get(metricsPort, '/metrics');
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/^dhg_process_cpu_user_seconds_total \d/m);
    // Counters add up; a gauge of one value in every worker reads that value, not twice it.
    expect(res.body).toMatch(/^dhg_build_info\{version="[^"]+"\} 1$/m);
    expect(res.body).toMatch(
      /^dhg_response_tier_threshold_seconds\{tier="highPriority",le="1"\} 1$/m,
    );
    expect((await get(port, '/metrics')).status).toBe(404);
  });

  it("when the primary's METRICS_PORT is asked for the standard's reports, then they cover every worker", async () => {
    // Six more calls, each on a connection of its own: the workers share them.
    for (let i = 0; i < 6; i += 1) expect((await get(port, PATH, await token())).status).toBe(200);
    const unattended = async () =>
      JSON.parse((await get(metricsPort, '/admin/metrics?period=CURRENT')).body).data.invocations
        .unattended.currentDay as number;
    // The calls so far: 1 + 6 replays before, 6 now; workers hand theirs over once a second.
    const seen = await waitFor(async () => {
      const count = await unattended();
      return count >= 13 && count;
    }, 'every call in the reports');
    expect(seen).toBe(13);
    const status = JSON.parse((await get(metricsPort, '/discovery/status')).body);
    expect(status.data).toEqual({ status: 'OK', updateTime: expect.any(String) });
    const outages = JSON.parse((await get(metricsPort, '/discovery/outages')).body);
    expect(outages.data).toEqual({ outages: [] });
    const bad = await get(metricsPort, '/admin/metrics?period=NOW');
    expect({ status: bad.status, body: JSON.parse(bad.body) }).toEqual({
      status: 400,
      body: { error: 'Invalid field: period' },
    });
  });

  it('when a worker is killed, then the primary replaces it and the port keeps serving', async () => {
    const before = await workerPids(child.pid!);
    process.kill(before[0]!, 'SIGKILL');
    const after = await waitFor(async () => {
      const pids = await workerPids(child.pid!);
      return pids.length === 2 && !pids.includes(before[0]!) && listening() === 3 && pids;
    }, 'the killed worker replaced and listening');
    expect(after).toHaveLength(2);
    expect(after).not.toContain(before[0]);
    expect(after).toContain(before[1]);
    expect(output).toContain('worker died; replacing it');
    const statuses = await Promise.all(
      Array.from({ length: 4 }, async () => (await get(port, PATH, await token())).status),
    );
    expect(statuses).toEqual([200, 200, 200, 200]);
  }, 30_000);

  it('when sent SIGTERM, then every worker drains and the primary exits 0', async () => {
    const workers = await workerPids(child.pid!);
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output.split('stopping: readiness off, draining connections').length - 1).toBe(2);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  }, 30_000);
});
