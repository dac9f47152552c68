/** The retry budget: at most 10 retries banked, each call earning a percentage of one. */
import { RetryBudget } from '../../src/resilience/retry-budget';

describe('RetryBudget', () => {
  it('when nothing was earned, then 10 retries are allowed and the 11th is not', () => {
    const budget = new RetryBudget(10);
    const taken = Array.from({ length: 11 }, () => budget.take());
    expect(taken.filter(Boolean)).toHaveLength(10);
    expect(taken[10]).toBe(false);
  });

  it('when the bank is empty, then 10 calls at 10% earn exactly one retry', () => {
    const budget = new RetryBudget(10);
    while (budget.take());
    for (let i = 0; i < 9; i += 1) budget.earn();
    expect(budget.take()).toBe(false);
    budget.earn();
    expect(budget.take()).toBe(true);
    expect(budget.take()).toBe(false);
  });

  it('when calls earn more than the bank holds, then it stays at 10', () => {
    const budget = new RetryBudget(100);
    for (let i = 0; i < 50; i += 1) budget.earn();
    expect(Array.from({ length: 12 }, () => budget.take()).filter(Boolean)).toHaveLength(10);
  });
});
