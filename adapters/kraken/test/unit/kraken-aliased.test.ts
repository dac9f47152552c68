/**
 * Several products' rates or accounts' bills asked together: the aliased operation validates
 * against the schema subset, each round of a walk asks every connection that has a next page in
 * one query (at most MAX_ALIASES sets to a query), and each set gets exactly what it gets alone.
 */
import fs from 'node:fs';
import { buildSchema, parse, validate } from 'graphql';
import type { CallContext } from '../../../../src/ports';
import { SUBSET_FILE } from '../../../../scripts/kraken-schema';
import { MAX_ALIASES, KrakenClient } from '../../kraken-client';
import { withDefaults, type KrakenSettings } from '../../kraken-config';
import { aliasedOperation, loadOperations } from '../../kraken-queries';
import { KrakenReader } from '../../kraken-reader';
import { startKrakenSimulator, type KrakenSimulator } from '../../simulator/simulator';

const ctx: CallContext = { signal: new AbortController().signal, requestId: 'rq-1' };
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function withReader(
  settings: Partial<KrakenSettings>,
  body: (reader: KrakenReader, sim: KrakenSimulator) => Promise<void>,
): Promise<void> {
  const sim = await startKrakenSimulator({});
  const config = withDefaults({ baseUrl: sim.url, apiKey: sim.apiKey, ...settings });
  const client = new KrakenClient(config, silent);
  try {
    await body(new KrakenReader(config, client), sim);
  } finally {
    await client.close();
    await sim.close();
  }
}

const asked = (sim: KrakenSimulator, operation: string) =>
  sim.requests.filter((r) => r.operationName === operation);

describe('Kraken operations asked for several sets at once', () => {
  it.each(['ProductRates', 'AccountBills'] as const)(
    'when %s is aliased three times, then it validates against the subset and keeps its root keys',
    (name) => {
      const subset = buildSchema(fs.readFileSync(SUBSET_FILE, 'utf8'));
      const { text, keys } = aliasedOperation(loadOperations()[name], 3);
      expect(validate(subset, parse(text)).map((e) => e.message)).toEqual([]);
      expect(keys).toEqual([name === 'ProductRates' ? 'product' : 'account']);
      expect(text).toContain(`${keys[0]}_2:`);
      // A fragment the operation spreads is defined once, not per alias.
      expect(text.match(/fragment BillPage/g)?.length ?? 0).toBe(name === 'AccountBills' ? 1 : 0);
    },
  );

  it('when more products than MAX_ALIASES are asked, then they take one query per MAX_ALIASES and each gets its own rates', async () => {
    await withReader({}, async (reader, sim) => {
      const points = Object.values(sim.data.accounts).flatMap((a) =>
        a.properties.flatMap((p) => p.meterPoints),
      );
      const products = points.flatMap((m) =>
        m.supplyType === 'ELECTRICITY'
          ? m.agreements.map((a) => ({ code: a.productCode, nmi: m.identifier }))
          : [],
      );
      const sets = Array.from(
        { length: MAX_ALIASES + 2 },
        (_, i) => products[i % products.length]!,
      );
      const alone = await Promise.all(sets.map((p) => reader.ratesOfEach([p], ctx)));
      sim.requests.length = 0;
      const together = await reader.ratesOfEach(sets, ctx);
      expect(together).toEqual(alone.map(([rates]) => rates));
      expect(together.some((rates) => rates.length > 0)).toBe(true);
      expect(asked(sim, 'ProductRates')).toHaveLength(2);
    });
  });

  it('when two accounts’ bills are walked two at a time, then each round asks every account with a next page in one query', async () => {
    await withReader({ pageSize: 2 }, async (reader, sim) => {
      const [home, other] = sim.data.users[0]!.accountNumbers;
      const window = { oldest: '2026-01-01', newest: '2026-12-31' };
      const alone = [
        (await reader.billsOfEach([home!], window, ctx))[0]!,
        (await reader.billsOfEach([other!], window, ctx))[0]!,
      ];
      const rounds = Math.max(...alone.map((bills) => Math.max(1, Math.ceil(bills.length / 2))));
      sim.requests.length = 0;
      const together = await reader.billsOfEach([home!, other!], window, ctx);
      expect(together).toEqual(alone);
      expect(alone.map((bills) => bills.length)).not.toEqual([0, 0]);
      const pages = asked(sim, 'AccountBills');
      expect(pages).toHaveLength(rounds);
      expect(pages[0]!.variables).toMatchObject({
        accountNumber_0: home,
        accountNumber_1: other,
        first_0: 2,
        first_1: 2,
      });
    });
  });
});
