/**
 * Unknown client, wrong secret and revoked client must not be told apart by response time
 * (docs/api.md, Platform endpoints): each does one look-up and one HMAC-SHA-256 check before the
 * decision. Robust on a loaded machine: a warm-up first, then rounds that send the three cases one
 * after the other, cycling through all six orders (so every case comes first, second and third
 * equally often). Each pair of cases is compared by the median of its differences within a round:
 * the two requests of a difference run milliseconds apart, so the machine's speed drifting during
 * the run (CI runs have seen medians fall from 68 to 55 ms between batches) moves both alike and
 * cancels, where comparing each case's overall median would not. When a pair's median difference
 * is 1 ms or more, another 204 rounds are measured (at most twice) and all rounds decide: noise
 * shrinks as samples grow, a real difference does not.
 */
import { performance } from 'node:perf_hooks';
import { startGateway, type TestGateway } from '../helpers/gateway';
import { BOTH, platformDir, type PlatformDir, requestToken } from './platform-helpers';

/** Rounds per batch: at least 200, a multiple of the six orders. */
const ROUNDS = 204;
const WARM_UP_ROUNDS = 12;
/** Batches of ROUNDS at most; each after the first only while the medians differ by 1 ms or more. */
const MAX_BATCHES = 3;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

describe('token endpoint timing', () => {
  let gw: TestGateway;
  let dir: PlatformDir;
  let secret: string;
  let revokedSecret: string;
  beforeAll(async () => {
    dir = platformDir();
    gw = await startGateway({
      ...dir.env,
      RATE_LIMIT_TOKEN_PER_CLIENT: 100000,
      RATE_LIMIT_TOKEN_PER_ADDRESS: 100000,
      RATE_LIMIT_TOKEN_FAILURES_PER_ADDRESS: 100000,
    });
    ({ secret } = await dir.registry.create('known', BOTH));
    ({ secret: revokedSecret } = await dir.registry.create('revoked', BOTH));
    await dir.registry.revoke('revoked');
  });
  afterAll(async () => {
    await gw.close();
    dir.remove();
  });

  it(`when unknown, wrong-secret and revoked clients are tried ${ROUNDS} times each, then their bodies are identical and each pair's median within-round time difference is under 1 ms`, async () => {
    const cases = {
      unknown: () => requestToken(gw, 'json', 'unknown-client', secret),
      wrongSecret: () => requestToken(gw, 'json', 'known', `${secret.slice(0, -1)}x`),
      revoked: () => requestToken(gw, 'json', 'revoked', revokedSecret),
    };
    const names = Object.keys(cases) as (keyof typeof cases)[];
    /** One entry per kept round: each case's time in that round. */
    const kept: Record<keyof typeof cases, number>[] = [];
    const bodies = new Set<string>();
    /**
     * One round sends the three cases one after the other. Rounds cycle through the six orders, so
     * every case comes first, second and third, and after each other case, equally often.
     */
    const orders = names.flatMap((a) =>
      names.flatMap((b) =>
        names.filter((c) => c !== a && c !== b && a !== b).map((c) => [a, b, c]),
      ),
    );
    const measure = async (rounds: number, keep: boolean) => {
      for (let round = 0; round < rounds; round += 1) {
        const order = orders[round % orders.length]!;
        const times = { unknown: 0, wrongSecret: 0, revoked: 0 };
        for (const name of order) {
          const started = performance.now();
          const res = await cases[name]();
          times[name] = performance.now() - started;
          expect(res.status).toBe(401);
          bodies.add(res.text);
        }
        if (keep) kept.push(times);
      }
    };
    const pairs = names.flatMap((a, i) => names.slice(i + 1).map((b) => [a, b] as const));
    /** The largest, over the three pairs, of the median within-round difference (absolute). */
    const spread = () => {
      const differences = pairs.map(([a, b]) => median(kept.map((r) => r[a] - r[b])));
      const medians = names.map((n) => median(kept.map((r) => r[n])));
      return { differences, medians, spread: Math.max(...differences.map(Math.abs)) };
    };
    await measure(WARM_UP_ROUNDS, false);
    let result = { differences: [] as number[], medians: [] as number[], spread: Infinity };
    for (let batch = 0; batch < MAX_BATCHES && result.spread >= 1; batch += 1) {
      await measure(ROUNDS, true);
      result = spread();
      // Printed so a run shows the margin it had.
      process.stdout.write(
        `token timing over ${kept.length} rounds (ms): medians ${names
          .map((n, i) => `${n} ${result.medians[i]!.toFixed(3)}`)
          .join(', ')}; median differences ${pairs
          .map(([a, b], i) => `${a}-${b} ${result.differences[i]!.toFixed(3)}`)
          .join(', ')}\n`,
      );
    }
    expect([...bodies]).toEqual([
      JSON.stringify({
        error: 'invalid_client',
        error_description: 'Client authentication failed',
      }),
    ]);
    expect(kept.length).toBeGreaterThanOrEqual(ROUNDS);
    expect(result.spread).toBeLessThan(1);
  }, 300_000);
});
