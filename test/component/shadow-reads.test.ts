/**
 * Shadow reads through a gateway (docs/operations.md, "Shadow reads"): the demo core serves, a
 * second demo core holding the same records under other ids is the banking candidate, the aliases
 * map one to the other, and every read is sampled. One field planted differently in the candidate
 * is the one difference found; the caller's answers never change.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { idsAliasCommand } from '../../src/cli/ids-alias';
import { idsExportCommand } from '../../src/cli/ids-export';
import type { IdsIo } from '../../src/cli/ids-io';
import { countingDemoAdapter } from '../helpers/counting-adapter';
import { startGateway, type TestGateway } from '../helpers/gateway';
import { replayMemoryLongKept } from '../helpers/redis-server';
import { aliasFileOf, demoCustomers, writeRenamedSample } from '../helpers/renamed-demo';
import { waitFor } from '../helpers/wait';

const quiet = (lines: string[] = []): IdsIo => ({
  out: (line) => lines.push(line),
  err: () => undefined,
  input: async () => '',
});

describe('shadow reads of a candidate core', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-shadow-'));
  const idKey = path.join(dir, 'id.key');
  fs.writeFileSync(idKey, crypto.randomBytes(32));
  const namespace = `shadow-${crypto.randomBytes(4).toString('hex')}`;
  const settings = {
    ID_ENCODING: 'opaque',
    ID_KEY_FILE: idKey,
    REDIS_URL: 'redis://127.0.0.1:6379',
    REDIS_KEY_NAMESPACE: namespace,
    LOG_LEVEL: 'silent',
  };
  let gw: TestGateway;
  let jane: string;

  beforeAll(async () => {
    await replayMemoryLongKept('redis://127.0.0.1:6379', namespace);
    const exported: string[] = [];
    const customers = demoCustomers().flatMap((c) => ['--customer', c.id]);
    expect(await idsExportCommand(customers, quiet(exported), settings)).toBe(0);
    const aliases = path.join(dir, 'aliases.csv');
    const rows = exported.slice(1).map((line) => line.split(','));
    fs.writeFileSync(aliases, aliasFileOf(rows, 'demo', 'candidate'));
    expect(await idsAliasCommand(['import', aliases], quiet(), settings)).toBe(0);
    // The planted difference: one account's nickname, in the candidate only.
    const candidate = writeRenamedSample(dir, (data) => {
      const accounts = data.customers[0]!.bankingAccounts as { nickname?: string }[];
      accounts[0]!.nickname = 'Planted';
    });
    gw = await startGateway({
      ...settings,
      SHADOW_ADAPTERS: 'banking:candidate=demo',
      CANDIDATE_DATA_FILE: candidate,
      SHADOW_SAMPLE: 1,
    });
    const found = await gw.post('/auth/v1/customer/search', { email: demoCustomers()[0]!.email });
    jane = found.body.data[0].id;
  });
  afterAll(() => gw.close());

  /** Each counter's values by its labels. */
  const counts = async (name: string): Promise<Record<string, string | number>[]> =>
    (await gw.gateway.metrics.registry.getSingleMetric(name)!.get()).values.map((v) => ({
      ...v.labels,
      value: v.value,
    }));

  it('when reads are shadowed, then the planted field is the one difference, and answers are the live core', async () => {
    const live = await gw.get(`/v1/banking/customer/${jane}/accounts?page-size=1000`);
    expect(live.status).toBe(200);
    expect(JSON.stringify(live.body)).not.toContain('Planted');
    const first = live.body.data.accounts[0].accountId;
    expect((await gw.get(`/v1/banking/customer/${jane}/accounts/${first}`)).status).toBe(200);
    expect((await gw.get(`/v1/banking/customer/${jane}/payees`)).status).toBe(200);
    await waitFor(async () => {
      const reads = await counts('dhg_shadow_reads_total');
      return reads.reduce((n, r) => n + Number(r.value), 0) >= 3 || undefined;
    }, 'three shadow reads compared');
    const reads = await counts('dhg_shadow_reads_total');
    expect(reads.filter((r) => r.outcome === 'error' || r.outcome === 'skipped')).toEqual([]);
    expect(reads.filter((r) => r.outcome === 'same').length).toBeGreaterThan(0);
    const differences = await counts('dhg_shadow_differences_total');
    expect(differences.map((d) => d.field)).toEqual(
      expect.arrayContaining([expect.stringMatching(/nickname$/)]),
    );
    expect(differences.filter((d) => !String(d.field).endsWith('nickname'))).toEqual([]);
    expect(JSON.stringify(differences)).not.toContain('Planted');
  });
});

describe('shadow candidates the start-up checks created', () => {
  it('when serve hands them to the gateway, then the gateway asks them rather than making its own', async () => {
    const counting = countingDemoAdapter();
    const candidate = {
      id: 'candidate',
      kind: 'demo',
      families: ['banking'] as const,
      named: ['banking'] as const,
      block: {},
      adapter: counting.adapter,
    };
    const gw = await startGateway(
      { SHADOW_ADAPTERS: 'banking:candidate=demo', SHADOW_SAMPLE: 1 },
      { shadowInstances: [candidate] },
    );
    try {
      expect((await gw.get('/v1/banking/customer/c-1001/accounts')).status).toBe(200);
      await waitFor(() => counting.calls.includes('banking.listAccounts'), 'the candidate asked');
    } finally {
      await gw.close();
    }
  });
});
