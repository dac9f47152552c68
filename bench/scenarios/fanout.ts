/** Fan-out: the balances of 1, 10 and 50 accounts in one request, each account a core call. */
import type { Row } from '../rows';
import { BALANCES, FANOUT_CONNECTIONS, sleep } from '../settings';
import type { Bench } from './context';

/** The body of a balances request for the core's first `n` accounts. */
export const balancesBody = (n: number) =>
  JSON.stringify({
    data: {
      accountIds: Array.from(
        { length: n },
        (_, i) => `acc-bench-${String(i + 1).padStart(2, '0')}`,
      ),
    },
  });

export async function fanout({ servers, measure, targets }: Bench): Promise<void> {
  const fan: Row[] = [];
  for (const n of [1, 10, 50]) {
    fan.push(
      await measure(`gateway, balances fan-out ${n} (${FANOUT_CONNECTIONS} conn.)`, {
        target: servers.gwMiss,
        method: 'POST',
        path: `${BALANCES}?page-size=100`,
        body: balancesBody(n),
        connections: FANOUT_CONNECTIONS,
      }),
    );
  }
  for (const r of fan.slice(1))
    r.ratio = { of: 'fan-out 1 (p50)', value: r.measured.p50 / fan[0]!.measured.p50 };
  await sleep(1500); // requests cut off at the end of the fan-out still finish their core calls
  const fanRatio = fan[2]!.measured.p50 / fan[0]!.measured.p50;
  const fanRatio99 = fan[2]!.measured.p99 / fan[0]!.measured.p99;
  targets.judge(
    'fan-out 50 accounts ≤ 3× the latency of 1 account',
    fanRatio <= 3,
    `p50 ${fanRatio.toFixed(2)}×, p99 ${fanRatio99.toFixed(2)}×${fanRatio > 3 ? ` (${(fanRatio / 3).toFixed(2)}× the allowance)` : ''}`,
  );
}
