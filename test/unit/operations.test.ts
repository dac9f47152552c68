/**
 * The operation table: typed by the ports (a method left out does not compile), the only source
 * of what the resilience stack wraps, and the only operation names the cache settings accept.
 */
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { configFrom } from '../../src/config/config';
import { ConfigError } from '../../src/config/config-error';
import { GatewayMetrics } from '../../src/observability/metrics';
import type { CoreAdapter } from '../../src/ports';
import { memoryCacheStore } from '../../src/stores/cache';
import {
  OPERATION_NAMES,
  OPERATIONS,
  type OperationPolicy,
  type OperationTable,
  operations,
} from '../../src/ports/operations';
import { redisKeys } from '../../src/stores/redis-keys';
import { withResilience } from '../helpers/core-call';

const ctx = { signal: new AbortController().signal, requestId: 'r-1' };
const WRITE: OperationPolicy = { kind: 'write' };

function resilient(adapter: CoreAdapter, env: Record<string, string> = {}) {
  return withResilience(adapter, {
    settings: configFrom({ RETRY_ATTEMPTS: 0, ...env }).resilience,
    metrics: new GatewayMetrics({ processMetrics: false }),
    cache: memoryCacheStore(100),
    keys: redisKeys({ namespace: 'unit' }),
    logger: pino({ level: 'silent' }),
    now: Date.now,
  });
}

/** A payee port as a class, with a helper method that is not part of the port. */
class PayeeStore {
  calls = 0;
  async listPayees() {
    this.calls += 1;
    return [];
  }
  async refreshIndex() {
    return 'not an operation';
  }
}

describe('operation table', () => {
  it('when a port method is left out or an unknown one is added, then the table does not compile', () => {
    const { listPayees: _left, ...bankingWithoutPayees } = OPERATIONS.banking;
    // @ts-expect-error banking.listPayees has no entry
    const missing: OperationTable = { ...OPERATIONS, banking: bankingWithoutPayees };
    const extra: OperationTable = {
      ...OPERATIONS,
      // @ts-expect-error banking.listStatements is no banking method
      banking: { ...OPERATIONS.banking, listStatements: { group: 'statements', policy: WRITE } },
    };
    expect(Object.keys(missing.banking)).not.toContain('listPayees');
    expect(Object.keys(extra.banking)).toContain('listStatements');
  });

  it('when an entry has no group, or a group no core service is named, then the table does not compile', () => {
    const ungrouped: OperationTable = {
      ...OPERATIONS,
      // @ts-expect-error banking.listPayees has a policy but no group
      banking: { ...OPERATIONS.banking, listPayees: { policy: WRITE } },
    };
    const misnamed: OperationTable = {
      ...OPERATIONS,
      // @ts-expect-error 'payee' is no operation group
      banking: { ...OPERATIONS.banking, listPayees: { group: 'payee', policy: WRITE } },
    };
    expect(ungrouped.banking.listPayees.group).toBeUndefined();
    expect(misnamed.banking.listPayees.group).toBe('payee');
  });

  it('when docs/operations.md lists the circuits, then it lists every group with exactly its operations', () => {
    const doc = fs.readFileSync(path.resolve(__dirname, '../../docs/operations.md'), 'utf8');
    const section = doc.slice(doc.indexOf('### Circuits per group of operations'));
    const rows = section.split('\n\n')[2].split('\n').slice(2);
    const documented = Object.fromEntries(
      rows.map((row) => {
        const [group, ops] = row.split('|').slice(1, 3);
        return [
          group.trim().replace(/`/g, ''),
          ops
            .replace(/`/g, '')
            .split(',')
            .map((o) => o.trim()),
        ];
      }),
    );
    const grouped: Record<string, string[]> = {};
    for (const op of operations()) (grouped[op.group] ??= []).push(op.name);
    expect(documented).toEqual(grouped);
  });

  it('when listed, then every operation carries its group', () => {
    const groups = Object.fromEntries(operations().map((op) => [op.name, op.group]));
    expect(groups).toMatchObject({
      'banking.listBalances': 'balances',
      'banking.listAccounts': 'accounts',
      'fdx.listStatements': 'statements',
      'fdx.getStatementDocument': 'statements',
      'customer.getCustomerDetail': 'customer',
      'customer.getCustomerIdentity': 'customer',
      // A circuit of its own: failing or slow searches never refuse identity and detail.
      'customer.searchCustomersByEmail': 'search',
    });
    expect(Object.keys(groups)).toEqual(OPERATION_NAMES);
  });

  it('names every operation once, as <port>.<method>', () => {
    expect(new Set(OPERATION_NAMES).size).toBe(OPERATION_NAMES.length);
    expect(OPERATION_NAMES).toContain('banking.listBalances');
    expect(OPERATION_NAMES).toContain('fdx.getStatementDocument');
    expect(OPERATION_NAMES.every((name) => /^[a-z]+\.[a-zA-Z]+$/.test(name))).toBe(true);
  });

  it('when a port is a class with methods of its own, then exactly its port methods are wrapped and cached', async () => {
    const payees = new PayeeStore();
    const adapter = {
      id: 'memory',
      authorisation: { listShareableAccounts: async () => [] },
      customer: { getCustomerDetail: async () => ({}) },
      banking: payees,
    } as unknown as CoreAdapter;
    const r = resilient(adapter);
    try {
      const banking = r.adapter.banking as unknown as Record<string, unknown>;
      expect(Object.keys(banking)).toEqual(['listPayees']);
      await r.adapter.banking!.listPayees('c-1', ctx);
      await r.adapter.banking!.listPayees('c-1', ctx);
      // The second call is a cache hit (banking.listPayees: 60 s by default).
      expect(payees.calls).toBe(1);
    } finally {
      r.close();
    }
  });

  it('when CACHE_TTL_SECONDS or CACHE_STALE_SECONDS names an unknown operation, then start-up stops naming it', () => {
    const adapter: CoreAdapter = {
      id: 'memory',
      authorisation: { listShareableAccounts: async () => [] },
      customer: { getCustomerDetail: async () => ({}) as never },
    };
    const attempt = () =>
      resilient(adapter, {
        CACHE_TTL_SECONDS: '{"banking.listBalance": 1, "banking.listBalances": 2}',
        CACHE_STALE_SECONDS: '{"energy.invoices": 5}',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (err) {
      expect((err as ConfigError).problems).toEqual([
        expect.stringContaining('CACHE_TTL_SECONDS: unknown operation "banking.listBalance"'),
        expect.stringContaining('CACHE_STALE_SECONDS: unknown operation "energy.invoices"'),
      ]);
    }
  });

  it('when CACHE_TTL_SECONDS gives the customer search a lifetime, then start-up stops; 0 is accepted', () => {
    const adapter: CoreAdapter = {
      id: 'memory',
      authorisation: { listShareableAccounts: async () => [] },
      customer: { getCustomerDetail: async () => ({}) as never },
    };
    const attempt = (ttl: number) => () =>
      resilient(adapter, {
        CACHE_TTL_SECONDS: JSON.stringify({ 'customer.searchCustomersByEmail': ttl }),
        CACHE_STALE_SECONDS: JSON.stringify({ 'customer.searchCustomersByEmail': ttl }),
      });
    expect(attempt(30)).toThrow(ConfigError);
    try {
      attempt(30)();
    } catch (err) {
      expect((err as ConfigError).problems).toEqual([
        'CACHE_TTL_SECONDS: "customer.searchCustomersByEmail" is never cached (it carries personal data); only 0 is allowed',
        'CACHE_STALE_SECONDS: "customer.searchCustomersByEmail" is never cached (it carries personal data); only 0 is allowed',
      ]);
    }
    attempt(0)().close();
  });

  it('when the customer search is made twice, then the core is asked twice (never cached)', async () => {
    let calls = 0;
    const adapter: CoreAdapter = {
      id: 'memory',
      authorisation: { listShareableAccounts: async () => [] },
      customer: {
        getCustomerDetail: async () => ({}) as never,
        searchCustomersByEmail: async () => {
          calls += 1;
          return [{ id: 'c-1', name: 'Jane Citizen' }];
        },
      },
    };
    const r = resilient(adapter);
    try {
      await r.adapter.customer.searchCustomersByEmail!('jane@example.com', ctx);
      await r.adapter.customer.searchCustomersByEmail!('jane@example.com', ctx);
      expect(calls).toBe(2);
    } finally {
      r.close();
    }
  });

  it('when an account contact is read twice, then the core is asked twice (never cached), and a lifetime for it stops start-up', async () => {
    let calls = 0;
    const adapter: CoreAdapter = {
      id: 'memory',
      authorisation: { listShareableAccounts: async () => [] },
      customer: { getCustomerDetail: async () => ({}) as never },
      fdx: {
        getAccountInfo: async () => null,
        listTransactions: async () => ({ records: [] }),
        listStatements: async () => ({ records: [], total: 0 }),
        getStatementDocument: async () => null,
        listAssetTransferNetworks: async () => ({ records: [] }),
        getAccountContact: async () => {
          calls += 1;
          return { holders: [], emails: [], addresses: [], telephones: [] };
        },
      },
    };
    expect(() =>
      resilient(adapter, { CACHE_TTL_SECONDS: JSON.stringify({ 'fdx.getAccountContact': 60 }) }),
    ).toThrow(ConfigError);
    const r = resilient(adapter);
    try {
      await r.adapter.fdx!.getAccountContact!('c-1', 'a-1', ctx);
      await r.adapter.fdx!.getAccountContact!('c-1', 'a-1', ctx);
      expect(calls).toBe(2);
    } finally {
      r.close();
    }
  });
});
