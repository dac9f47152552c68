/**
 * `npm run bench:ab -- <other checkout> [path]`: is this build cheaper than another? The built
 * gateway of another checkout (A, e.g. a `git worktree` of the commit before a change, built with
 * `npm run build`) and this checkout's (B) both serve the demo core; autocannon loads them in
 * alternated rounds (A B, B A, ...), and each round reports the server's CPU time per answered
 * request, from /proc. On a machine whose speed drifts, only alternated rounds on the same
 * machine at the same time compare builds; CPU time per request is not disturbed by other work
 * the way req/s is. The median latency (p50) of each round is shown beside it.
 *
 * Each build runs with the Node options it ships with (its package.json `config.nodeOptions`),
 * as `npm start` would start it. The path defaults to a cache hit,
 * `GET /v1/common/customer/c-1001/detail`; tokens are ES256, one unique jti per request, signed
 * before each round. Servers run alone on CPU 1, autocannon on CPU 0 (with `taskset`;
 * BENCH_PIN=0 turns it off). Settings: BENCH_AB_ROUNDS (6), BENCH_AB_SECONDS per round (5),
 * BENCH_CONNECTIONS (50). The same build under two settings compares too: BENCH_AB_ENV_B, a JSON
 * object of variables for B only (e.g. `{"ID_ENCODING":"opaque","ID_KEY_FILE":"..."}`), and
 * BENCH_AB_TARGET_B, B's path when its ids differ (default: A's).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
import { loadDevKey } from '../src/auth/dev-keys';
import { projectRoot } from '../src/config/project-root';
import { cpuMs, medianOf, nodeCommand, pinRunnerToCpu0, shippedNodeOptions } from './proc-stats';

const env = process.env;
const ROUNDS = Number(env.BENCH_AB_ROUNDS ?? 6);
const SECONDS = Number(env.BENCH_AB_SECONDS ?? 5);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
const BASE_URL = 'http://gateway.bench';
const SUBDOMAIN = 'bench-ab';
/** Servers on CPU 1, this runner on CPU 0 (pinned here, at start-up). */
const PIN = pinRunnerToCpu0();

interface Build {
  name: 'A' | 'B';
  root: string;
  /** Variables of this build only. */
  env: Record<string, string>;
  /** The path it is asked. */
  target: string;
  /** The port it picked (PORT=0), from its start banner. */
  port?: number;
  proc?: ChildProcess;
  rounds: { rps: number; cpuUs: number; p50: number }[];
  /** Answers a second in its last round, the warm-up's included. */
  lastRps?: number;
}

async function start(build: Build, keysDir: string): Promise<void> {
  const main = path.join(build.root, 'dist/src/main.js');
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: run npm run build there first`);
  const [command, args] = nodeCommand([...shippedNodeOptions(build.root), main], '1', PIN);
  const proc = spawn(command, args, {
    cwd: build.root,
    env: {
      ...env,
      ...build.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      PUBLIC_BASE_URL: BASE_URL,
      HOLDER_SUBDOMAIN: SUBDOMAIN,
      DEV_KEYS_DIR: keysDir,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  build.proc = proc;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`gateway ${build.name} did not start`)),
      30_000,
    );
    let out = '';
    proc.stdout!.on('data', (chunk: Buffer) => {
      out += String(chunk);
      const bound = /Data Holder Gateway on http:\/\/localhost:(\d+)/.exec(out);
      if (bound && build.port === undefined) {
        build.port = Number(bound[1]);
        clearTimeout(timer);
        resolve();
      }
    });
    proc.once('exit', (code) => reject(new Error(`gateway ${build.name} exited (${code})`)));
  });
}

const median = (xs: number[]) => medianOf(xs)!;

async function main(): Promise<void> {
  const [other, target = '/v1/common/customer/c-1001/detail'] = process.argv.slice(2);
  if (!other) {
    process.stderr.write('usage: npm run bench:ab -- <other checkout, built> [path]\n');
    process.exit(2);
  }
  const keysDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-ab-keys-'));
  const envB = JSON.parse(env.BENCH_AB_ENV_B ?? '{}') as Record<string, string>;
  const builds: Build[] = [
    // Ports they pick: another run may be under way on a shared machine.
    { name: 'A', root: path.resolve(other), env: {}, target, rounds: [] },
    {
      name: 'B',
      root: projectRoot(),
      env: envB,
      target: env.BENCH_AB_TARGET_B ?? target,
      rounds: [],
    },
  ];
  // The first start writes the development key; the second reads the same one.
  for (const b of builds) await start(b, keysDir);
  const key = await loadDevKey(keysDir);
  const sign = (build: Build) =>
    new SignJWT({})
      .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
      .setIssuer(SUBDOMAIN)
      .setSubject(SUBDOMAIN)
      .setAudience(BASE_URL + build.target.split('?')[0])
      .setIssuedAt()
      .setExpirationTime('10m')
      .setJti(crypto.randomUUID())
      .sign(key.privateKey);

  const round = async (b: Build, seconds: number) => {
    // Each token is sent once (a second use is refused as a replay): twice the build's last rate.
    const perSecond = 2 * Math.max(4000, b.lastRps ?? 8000);
    const tokens: string[] = [];
    for (let i = 0; i < perSecond * seconds; i += 1) tokens.push(await sign(b));
    let next = 0;
    const before = cpuMs(b.proc!.pid!);
    const result = await autocannon({
      url: `http://127.0.0.1:${b.port!}${b.target}`,
      connections: CONNECTIONS,
      duration: seconds,
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            headers: { authorization: `Bearer ${tokens[next++ % tokens.length]}` },
          }),
        },
      ],
    });
    const after = cpuMs(b.proc!.pid!);
    if (next > tokens.length) {
      throw new Error(`gateway ${b.name}: ${next} requests but ${tokens.length} tokens signed`);
    }
    const answered = result['2xx'];
    if (answered === 0 || result.non2xx > 0) {
      throw new Error(`gateway ${b.name}: ${result.non2xx} answers not 2xx, ${answered} 2xx`);
    }
    b.lastRps = answered / seconds;
    return {
      rps: b.lastRps,
      cpuUs: ((after! - before!) * 1000) / answered,
      p50: result.latency.p50,
    };
  };

  try {
    for (const b of builds) await round(b, 2); // warm-up
    for (let r = 0; r < ROUNDS; r += 1) {
      for (const b of r % 2 === 0 ? builds : [...builds].reverse()) {
        const m = await round(b, SECONDS);
        b.rounds.push(m);
        process.stdout.write(
          `[ab] round ${r + 1} ${b.name}: ${Math.round(m.rps)} req/s, ${m.cpuUs.toFixed(0)} µs CPU/req, p50 ${m.p50} ms\n`,
        );
      }
    }
  } finally {
    for (const b of builds) b.proc?.kill('SIGTERM');
  }
  const [a, b] = builds as [Build, Build];
  const perRound = a.rounds.map((x, i) => (b.rounds[i]!.cpuUs / x.cpuUs).toFixed(2));
  const cpuA = median(a.rounds.map((x) => x.cpuUs));
  const cpuB = median(b.rounds.map((x) => x.cpuUs));
  process.stdout.write(
    [
      '',
      `| build | median req/s | median CPU µs/req | median p50 ms |`,
      `| --- | ---: | ---: | ---: |`,
      ...[a, b].map(
        (x) =>
          `| ${x.name} ${x.root} | ${Math.round(median(x.rounds.map((y) => y.rps)))} | ${median(x.rounds.map((y) => y.cpuUs)).toFixed(0)} | ${median(x.rounds.map((y) => y.p50))} |`,
      ),
      '',
      `B/A CPU per request: ${(cpuB / cpuA).toFixed(3)} (medians); round by round ${perRound.join(', ')}`,
      `(${ROUNDS} alternated rounds of ${SECONDS} s, ${CONNECTIONS} connections, GET ${target}${b.target === target ? '' : ` (B: ${b.target})`}${Object.keys(b.env).length > 0 ? `; B with ${Object.keys(b.env).join(', ')}` : ''})`,
      '',
    ].join('\n'),
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
