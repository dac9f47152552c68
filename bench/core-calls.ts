/**
 * Prints the core calls each endpoint makes, cold, on the Fineract, Kraken and Temenos simulators,
 * as a Markdown table (`npm run core-calls`): the "calls" column of docs/benchmarks.md, "Core calls
 * per request". The component tests (adapters/<system>/test/component/*-core-calls.test.ts)
 * assert the same counts.
 */
import { startFineractSimulator } from '../adapters/fineract/simulator/simulator';
import { startKrakenSimulator } from '../adapters/kraken/simulator/simulator';
import { startTemenosSimulator } from '../adapters/temenos/simulator/simulator';
import {
  countCoreCalls,
  countedGateway,
  FINERACT_CASES,
  fineractCalls,
  fineractCountEnv,
  krakenCalls,
  krakenCases,
  krakenCountEnv,
  TEMENOS_CASES,
  temenosCalls,
  temenosCountEnv,
  type CoreCallCount,
} from '../test/helpers/core-calls';

function print(adapter: string, counts: readonly CoreCallCount[]): void {
  for (const c of counts) {
    const status = c.status === 200 ? '' : ` (${c.status})`;
    process.stdout.write(`| ${c.endpoint}${status} | ${adapter} | ${c.calls} |\n`);
    if (process.env.CORE_CALLS_VERBOSE === '1') process.stdout.write(`  ${c.called.join(', ')}\n`);
  }
}

async function main(): Promise<void> {
  process.stdout.write('| Endpoint | Adapter | Core calls |\n| --- | --- | --- |\n');
  const fineract = await startFineractSimulator({ port: 0 });
  const onFineract = await countedGateway(fineractCountEnv(fineract), fineractCalls(fineract));
  try {
    print('fineract', await countCoreCalls(onFineract, FINERACT_CASES));
  } finally {
    await onFineract.gw.close();
    await fineract.close();
  }
  const kraken = await startKrakenSimulator({ port: 0 });
  const onKraken = await countedGateway(krakenCountEnv(kraken), krakenCalls(kraken));
  try {
    print('kraken', await countCoreCalls(onKraken, krakenCases(kraken)));
  } finally {
    await onKraken.gw.close();
    await kraken.close();
  }
  const temenos = await startTemenosSimulator({ port: 0 });
  const onTemenos = await countedGateway(temenosCountEnv(temenos), temenosCalls(temenos));
  try {
    print('temenos', await countCoreCalls(onTemenos, TEMENOS_CASES));
  } finally {
    await onTemenos.gw.close();
    await temenos.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exitCode = 1;
});
