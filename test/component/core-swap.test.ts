/**
 * A core migration as an operator runs it (docs/operations.md, "Moving to another core"): the
 * platform is served from one core and every id it sees is recorded; `ids export` lists the ids
 * of the old core's records; the alias file maps each to the new core's record; `ids alias
 * import` loads it; the families move to a second core that holds the same records under other
 * ids. Every request the platform made before answers the same after, byte for byte.
 *
 * The second core is the demo core over the same data set with every id renamed (`n-` before it).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { idsAliasCommand } from '../../src/cli/ids-alias';
import { idsExportCommand } from '../../src/cli/ids-export';
import type { IdsIo } from '../../src/cli/ids-io';
import { startGateway, type TestGateway } from '../helpers/gateway';
import { PlatformCrawl, valuesOf } from '../helpers/platform-crawl';
import { replayMemoryLongKept } from '../helpers/redis-server';
import { aliasFileOf, demoCustomers, writeRenamedSample } from '../helpers/renamed-demo';

/** An answer's JSON, or null for any other answer (a statement's PDF). */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** An io that keeps what a command prints. */
function capture(input = ''): IdsIo & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return {
    lines,
    errors,
    out: (line) => lines.push(line),
    err: (line) => errors.push(line),
    input: async () => input,
  };
}

describe('moving every family to another core', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-swap-'));
  const idKey = path.join(dir, 'id.key');
  fs.writeFileSync(idKey, crypto.randomBytes(32), { mode: 0o600 });
  const namespace = `swap-${crypto.randomBytes(4).toString('hex')}`;
  const shared = {
    ID_ENCODING: 'opaque',
    ID_KEY_FILE: idKey,
    REDIS_URL: 'redis://127.0.0.1:6379',
    REDIS_KEY_NAMESPACE: namespace,
    PAGING_SECRET: crypto.randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'silent',
  };
  const customers = demoCustomers().map((c) => c.id);
  const emails = demoCustomers().map((c) => c.email);
  let before: TestGateway;
  let crawl: PlatformCrawl;

  beforeAll(async () => {
    for (const ns of [namespace, `${namespace}-none`])
      await replayMemoryLongKept('redis://127.0.0.1:6379', ns);
    before = await startGateway(shared);
    crawl = new PlatformCrawl(before);
    const seen = new Set<string>();
    for (const email of emails) {
      const found = (await crawl.visit('POST', '/auth/v1/customer/search', { email })) as {
        data: { id: string }[];
      };
      for (const { id } of found.data) seen.add(id);
    }
    for (const id of seen) await crawl.customer(id);
  }, 120_000);
  afterAll(() => before.close());

  it('when the platform walked every customer, then it saw hundreds of ids, none of the core', () => {
    expect(crawl.visits.filter((v) => v.status === 200).length).toBeGreaterThan(60);
    const ids = new Set(
      crawl.visits.flatMap((v) =>
        ['accountId', 'transactionId', 'payeeId', 'statementId', 'id'].flatMap((field) =>
          valuesOf(jsonOf(v.text), field),
        ),
      ),
    );
    expect(ids.size).toBeGreaterThan(100);
    const text = crawl.visits.map((v) => v.text).join('\n');
    expect(text).not.toMatch(/"(acc-[be]-\d|c-\d{4}"|btx-)/);
  });

  it('when the aliases are imported and the families move, then every request answers as before', async () => {
    const exported = capture();
    expect(
      await idsExportCommand(
        customers.flatMap((c) => ['--customer', c]),
        exported,
        shared,
      ),
    ).toBe(0);
    const rows = exported.lines.slice(1).map((line) => line.split(','));
    const externals = new Set(rows.map(([, external]) => external));
    for (const visit of crawl.visits) {
      for (const field of ['accountId', 'transactionId', 'payeeId', 'statementId']) {
        for (const id of valuesOf(jsonOf(visit.text), field)) expect(externals).toContain(id);
      }
    }
    const aliasFile = path.join(dir, 'aliases.csv');
    fs.writeFileSync(aliasFile, aliasFileOf(rows, 'demo', 'next'));
    const imported = capture();
    expect(await idsAliasCommand(['import', aliasFile], imported, shared)).toBe(0);

    const after = await startGateway({
      ...shared,
      CORE_ADAPTERS: 'banking:next=demo,energy:next=demo,common:next=demo,fdx:next=demo',
      NEXT_DATA_FILE: writeRenamedSample(dir),
    });
    try {
      const differences = await crawl.replayOn(after);
      expect(differences.map((d) => `${d.visit.method} ${d.visit.target}`)).toEqual([]);
    } finally {
      await after.close();
    }
  }, 120_000);

  it('when the families move without the aliases, then the ids the platform holds are unknown', async () => {
    const after = await startGateway({
      ...shared,
      REDIS_KEY_NAMESPACE: `${namespace}-none`,
      CORE_ADAPTERS: 'banking:next=demo,energy:next=demo,common:next=demo,fdx:next=demo',
      NEXT_DATA_FILE: writeRenamedSample(dir),
    });
    try {
      const accountVisit = crawl.visits.find(
        (v) =>
          v.status === 200 && /\/v1\/banking\/customer\/[^/]+\/accounts\/[^/]+$/.test(v.target),
      )!;
      const answer = await after.request('GET', accountVisit.target);
      expect(answer.status).toBe(404);
    } finally {
      await after.close();
    }
  });
});
