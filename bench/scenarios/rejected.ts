/** Rejected tokens (bad signature) against accepted ones on the same cache-miss gateway. */
import { coreHits } from '../processes';
import type { Row } from '../rows';
import { DETAIL, MISS_DETAILS, sleep } from '../settings';
import type { Bench } from './context';

interface Pair {
  accepted: Row;
  rejected: Row;
}

/**
 * Rejected against accepted on the same process, measured back to back and alternated
 * (accepted, rejected, accepted, rejected), so that neither side profits from running earlier on
 * a smaller heap and replay store: each is the mean of its two runs.
 */
export async function rejected({ servers, measure, targets }: Bench): Promise<void> {
  const { core, gwMiss } = servers;
  let rejectedCoreHits = 0;
  const pairs: Pair[] = [];
  for (let round = 1; round <= 2; round += 1) {
    const accepted = await measure(`gateway, accepted tokens (cache miss), pair ${round}`, {
      target: gwMiss,
      method: 'GET',
      path: DETAIL,
      paths: MISS_DETAILS,
    });
    await sleep(500);
    const hitsBefore = await coreHits(core);
    const rejectedRun = await measure(`gateway, rejected tokens (bad signature), pair ${round}`, {
      target: gwMiss,
      method: 'GET',
      path: DETAIL,
      paths: MISS_DETAILS,
      auth: 'bad',
    });
    rejectedCoreHits += (await coreHits(core)) - hitsBefore;
    pairs.push({ accepted, rejected: rejectedRun });
  }
  const meanOf = (side: 'accepted' | 'rejected', key: 'rps' | 'p99') =>
    pairs.reduce((sum, p) => sum + p[side].measured[key], 0) / pairs.length;
  const rej = {
    rps: meanOf('rejected', 'rps'),
    p99: meanOf('rejected', 'p99'),
    ok: pairs.reduce((sum, p) => sum + p.rejected.measured.ok, 0),
  };
  const acc = { rps: meanOf('accepted', 'rps'), p99: meanOf('accepted', 'p99') };
  for (const p of pairs) {
    p.rejected.ratio = {
      of: 'accepted, same pair',
      value: p.rejected.measured.rps / p.accepted.measured.rps,
    };
  }
  pairs[pairs.length - 1]!.rejected.note = `${rejectedCoreHits} core calls in both runs`;
  const rejOk = rej.rps >= acc.rps && rej.p99 <= acc.p99 && rejectedCoreHits === 0 && rej.ok === 0;
  targets.judge(
    'rejected tokens cost no more than accepted ones, never touch the core',
    rejOk,
    `${rej.rps.toFixed(0)} vs ${acc.rps.toFixed(0)} req/s accepted (cache miss, same process, means of two alternated pairs), p99 ${rej.p99.toFixed(1)} vs ${acc.p99.toFixed(1)} ms, ${rejectedCoreHits} core calls, ${rej.ok} accepted`,
  );
}
