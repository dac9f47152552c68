/**
 * The circuits of one adapter: which circuit an operation uses (its group's, a regrouped one, or
 * one of its own), the adapter's circuit choices checked at wrap time, and refusals while open.
 */
import pino from 'pino';
import { configFrom } from '../../src/config/config';
import { ConfigError } from '../../src/config/config-error';
import { CoreUnavailableError } from '../../src/errors';
import { GatewayMetrics } from '../../src/observability/metrics';
import type { CoreAdapter } from '../../src/ports';
import { memoryCacheStore } from '../../src/stores/cache';
import { circuitNames } from '../../src/resilience/circuit-groups';
import { Circuits } from '../../src/resilience/circuits';
import { redisKeys } from '../../src/stores/redis-keys';
import { withResilience } from '../helpers/core-call';

type Choices = Pick<CoreAdapter, 'circuitGroups' | 'circuitPerOperation'>;

function circuits(choices: Choices = {}) {
  return new Circuits({
    adapterId: 'test',
    settings: configFrom({ CIRCUIT_MIN_VOLUME: 2, CIRCUIT_RESET_SECONDS: 30 }).resilience,
    logger: pino({ level: 'silent' }),
    onState: () => undefined,
    circuitOf: circuitNames({ id: 'test', ...choices }),
  });
}

const fail = () => Promise.reject(new Error('core down'));

/** The problems of the ConfigError `attempt` throws. */
function problemsOf(attempt: () => unknown): string[] {
  try {
    attempt();
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error('no ConfigError');
}

describe('circuit names', () => {
  it('when an adapter makes no choice, then each operation goes through the circuit of its group', () => {
    const names = circuitNames({ id: 'test' });
    expect(names.get('banking.listBalances')).toBe('balances');
    expect(names.get('fdx.listStatements')).toBe('statements');
    expect(names.get('fdx.getStatementDocument')).toBe('statements');
    expect(names.get('banking.listAccounts')).toBe('accounts');
    expect(names.get('fdx.getAccountInfo')).toBe('accounts');
    expect(names.get('authorisation.listShareableAccounts')).toBe('accounts');
    expect(names.get('products.createProduct')).toBe('products');
  });

  it('when an adapter regroups operations or keeps one apart, then they go through those circuits', () => {
    const names = circuitNames({
      id: 'test',
      circuitGroups: { 'banking.listBalances': 'accounts', 'fdx.listTransactions': 'ledger-2' },
      circuitPerOperation: ['fdx.getStatementDocument'],
    });
    expect(names.get('banking.listBalances')).toBe('accounts');
    expect(names.get('fdx.listTransactions')).toBe('ledger-2');
    expect(names.get('fdx.getStatementDocument')).toBe('fdx.getStatementDocument');
    expect(names.get('fdx.listStatements')).toBe('statements');
  });

  it('when circuitGroups names an unknown operation or a bad group, then it is refused naming each entry', () => {
    const problems = problemsOf(() =>
      circuitNames({
        id: 'acme',
        circuitGroups: {
          'banking.listBalance': 'accounts',
          'fdx.listStatements': 'Statement Store',
          'fdx.listTransactions': '',
        },
      }),
    );
    expect(problems).toEqual([
      expect.stringContaining(
        'adapter "acme" circuitGroups: unknown operation "banking.listBalance"',
      ),
      expect.stringContaining('group "Statement Store" of "fdx.listStatements" is not lower-case'),
      expect.stringContaining('group "" of "fdx.listTransactions" is not lower-case'),
    ]);
  });

  it('when circuitPerOperation names an unknown operation or one also regrouped, then it is refused', () => {
    const problems = problemsOf(() =>
      circuitNames({
        id: 'acme',
        circuitGroups: { 'fdx.listStatements': 'archive' },
        circuitPerOperation: ['fdx.listStatement', 'fdx.listStatements'],
      }),
    );
    expect(problems).toEqual([
      expect.stringContaining(
        'adapter "acme" circuitPerOperation: unknown operation "fdx.listStatement"',
      ),
      expect.stringContaining(
        '"fdx.listStatements" is in both circuitPerOperation and circuitGroups',
      ),
    ]);
  });
});

describe('wrapping an adapter', () => {
  const adapter: CoreAdapter = {
    id: 'acme',
    authorisation: { listShareableAccounts: async () => [] },
    customer: { getCustomerDetail: async () => ({}) as never },
    circuitGroups: { 'customer.getCustomerDetails': 'customer' },
  };
  it('when its circuitGroups names an unknown operation, then wrapping stops naming it', () => {
    const problems = problemsOf(() =>
      withResilience(adapter, {
        settings: configFrom({}).resilience,
        metrics: new GatewayMetrics({ processMetrics: false }),
        cache: memoryCacheStore(10),
        keys: redisKeys({ namespace: 'unit' }),
        logger: pino({ level: 'silent' }),
        now: Date.now,
      }),
    );
    expect(problems).toEqual([
      expect.stringContaining('circuitGroups: unknown operation "customer.getCustomerDetails"'),
    ]);
  });
});

describe('Circuits', () => {
  it('when operations are of different groups, then they get different circuits; the same group shares one', () => {
    const c = circuits();
    const balances = c.for('banking.listBalances');
    const statements = c.for('fdx.listStatements');
    expect(balances.name).toBe('balances');
    expect(statements.name).toBe('statements');
    expect(statements.breaker).not.toBe(balances.breaker);
    expect(c.for('fdx.getStatementDocument').breaker).toBe(statements.breaker);
    expect([...c.byName.keys()].sort()).toEqual(['balances', 'statements']);
    c.close();
  });

  it('when an operation is kept apart, then it has its own circuit and its group keeps the other', () => {
    const c = circuits({ circuitPerOperation: ['fdx.getStatementDocument'] });
    expect(c.for('fdx.getStatementDocument').name).toBe('fdx.getStatementDocument');
    expect(c.for('fdx.listStatements').name).toBe('statements');
    expect(c.for('fdx.getStatementDocument').breaker).not.toBe(c.for('fdx.listStatements').breaker);
    c.close();
  });

  it('when an adapter regroups an operation, then it shares the circuit of that group', () => {
    const c = circuits({ circuitGroups: { 'banking.listBalances': 'accounts' } });
    expect(c.for('banking.listBalances').name).toBe('accounts');
    expect(c.for('banking.listBalances').breaker).toBe(c.for('banking.listAccounts').breaker);
    c.close();
  });

  it('when the circuit is closed, then no call is refused', () => {
    const c = circuits();
    const { name, breaker } = c.for('banking.listBalances');
    expect(c.refusal(name, breaker)).toBeUndefined();
    c.close();
  });

  it('when failures open a group circuit, then its calls are refused with the seconds until the trial call and other groups are not', async () => {
    const c = circuits();
    const { name, breaker } = c.for('fdx.listStatements');
    for (let i = 0; i < 2; i += 1) await breaker.fire(fail).catch(() => undefined);
    expect(breaker.opened).toBe(true);
    const refusal = c.refusal(name, breaker);
    expect(refusal).toBeInstanceOf(CoreUnavailableError);
    expect(refusal!.retryAfterSeconds).toBeGreaterThanOrEqual(29);
    expect(refusal!.retryAfterSeconds).toBeLessThanOrEqual(30);
    const document = c.for('fdx.getStatementDocument');
    expect(c.refusal(document.name, document.breaker)).toBeInstanceOf(CoreUnavailableError);
    const balances = c.for('banking.listBalances');
    expect(balances.breaker.closed).toBe(true);
    expect(c.refusal(balances.name, balances.breaker)).toBeUndefined();
    c.close();
  });
});
