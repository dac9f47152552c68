/**
 * Two answers compared field by field (src/shadow/compare.ts): where they differ as JSON paths,
 * and as fields for the metric, never a value or an id.
 */
import { compareAnswers, fieldOf, MAX_PATHS } from '../../src/shadow/compare';

/** Two accounts as a banking core answers them. */
const accounts = () => [
  {
    accountId: 'acc-one',
    displayName: 'Everyday',
    balance: { current: '100.00', available: '90.00' },
    features: ['cards', 'overdraft'],
  },
  {
    accountId: 'acc-two',
    displayName: 'Savings',
    balance: { current: '5000.00', available: '5000.00' },
    features: [],
  },
];

describe('comparing a shadow answer with the live one', () => {
  it('when the answers are the same, then no difference is found', () => {
    expect(compareAnswers(accounts(), accounts())).toEqual({ paths: [], count: 0, fields: [] });
  });

  it('when one field is planted with another value, then its path alone is found, not the value', () => {
    const candidate = accounts();
    candidate[1]!.balance.current = '4999.99';
    const comparison = compareAnswers(accounts(), candidate);
    expect(comparison).toEqual({
      paths: ['$[1].balance.current'],
      count: 1,
      fields: ['$[].balance.current'],
    });
    expect(JSON.stringify(comparison)).not.toMatch(/4999|5000/);
  });

  it('when one field differs in two items, then both paths are found and the field once', () => {
    const candidate = accounts();
    candidate[0]!.displayName = 'Everyday account';
    candidate[1]!.displayName = 'Savings account';
    const comparison = compareAnswers(accounts(), candidate);
    expect(comparison.paths).toEqual(['$[0].displayName', '$[1].displayName']);
    expect(comparison.fields).toEqual(['$[].displayName']);
  });

  it('when Maps hold the same entries in another order, then no difference is found', () => {
    const live = new Map([
      ['acc-one', { plans: [{ amount: '10.00' }] }],
      ['acc-two', { plans: [] }],
    ]);
    const candidate = new Map([
      ['acc-two', { plans: [] }],
      ['acc-one', { plans: [{ amount: '10.00' }] }],
    ]);
    expect(compareAnswers(live, candidate).count).toBe(0);
  });

  it('when a Map entry differs or is missing, then it is named by position, never by its key', () => {
    const live = new Map([
      ['acc-one', { plans: [{ amount: '10.00' }] }],
      ['acc-two', { plans: [] }],
    ]);
    const candidate = new Map([['acc-one', { plans: [{ amount: '12.00' }] }]]);
    const comparison = compareAnswers(live, candidate);
    expect(comparison.paths).toEqual(['$.{0}.plans[0].amount', '$.{1}']);
    expect(comparison.fields).toEqual(['$.{}.plans[].amount', '$.{}']);
    expect(JSON.stringify(comparison)).not.toContain('acc-');
  });

  it('when the candidate lists fewer or more items, then each missing or extra item is found', () => {
    const shorter = accounts().slice(0, 1);
    expect(compareAnswers(accounts(), shorter).paths).toEqual(['$[1]']);
    const longer = [...accounts(), accounts()[0]];
    expect(compareAnswers(accounts(), longer).paths).toEqual(['$[2]']);
    expect(compareAnswers(accounts(), longer).fields).toEqual(['$[]']);
  });

  it('when a field is null on one side and missing on the other, then it differs', () => {
    expect(compareAnswers({ nickname: null }, {}).paths).toEqual(['$.nickname']);
    expect(compareAnswers({}, { nickname: null }).paths).toEqual(['$.nickname']);
  });

  it('when a field is undefined on one side and missing on the other, then it is the same', () => {
    expect(compareAnswers({ nickname: undefined, a: 1 }, { a: 1 }).count).toBe(0);
  });

  it('when a value has another type, then it differs without looking inside', () => {
    expect(compareAnswers({ amount: '10' }, { amount: 10 }).paths).toEqual(['$.amount']);
    expect(compareAnswers({ list: [1] }, { list: { 0: 1 } }).paths).toEqual(['$.list']);
    expect(compareAnswers([], new Map()).paths).toEqual(['$']);
  });

  it('when dates are the same instant, then they are the same', () => {
    const at = '2024-05-01T00:00:00Z';
    expect(compareAnswers({ at: new Date(at) }, { at: new Date(at) }).count).toBe(0);
    expect(compareAnswers({ at: new Date(at) }, { at: new Date(0) }).paths).toEqual(['$.at']);
  });

  it('when a property name is not a field name, then the path hides it', () => {
    const comparison = compareAnswers({ '123-456': 1 }, { '123-456': 2 });
    expect(comparison.paths).toEqual(['$.{}']);
  });

  it('when many paths differ, then all are counted and the first ones kept', () => {
    const live = Array.from({ length: 50 }, (_v, i) => ({ n: i }));
    const candidate = live.map(({ n }) => ({ n: n + 1 }));
    const comparison = compareAnswers(live, candidate);
    expect(comparison.count).toBe(50);
    expect(comparison.paths).toHaveLength(MAX_PATHS);
    expect(comparison.fields).toEqual(['$[].n']);
  });

  it('when a path holds indexes and map positions, then its field leaves them out', () => {
    expect(fieldOf('$[12].plans.{3}.items[0].amount')).toBe('$[].plans.{}.items[].amount');
  });
});
