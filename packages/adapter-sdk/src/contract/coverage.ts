/**
 * What the checks that may have nothing to check counted: a check of a method the adapter leaves
 * out, or of data the fixtures do not hold, passes without checking anything. Each such check
 * tallies what it checked (records, calls, accounts); a suite given `expectChecked` ends with a
 * check that each of those ran and counted more than zero, so that it cannot pass vacuously.
 */
import { CONTRACT_CHECKS, type ContractCheck } from './check-names';
import type { ContractHarness } from './harness';

/** Declares the last check: every check of `expected` ran and counted more than zero. */
export function describeCoverage(h: ContractHarness, expected: readonly ContractCheck[]): void {
  if (expected.length === 0) return;
  test(`when the suite has run, then each of the ${expected.length} checks of expectChecked ran and checked something`, () => {
    const tallies = h.tallies();
    const unknown = expected.filter((c) => !CONTRACT_CHECKS.includes(c));
    const notRun = expected.filter((c) => !unknown.includes(c) && !tallies.has(c));
    const checkedNothing = expected.filter((c) => tallies.get(c) === 0);
    expect({ unknown, notRun, checkedNothing }).toEqual({
      unknown: [],
      notRun: [],
      checkedNothing: [],
    });
  });
}
