/**
 * Which circuit breaker each operation of an adapter goes through: its group's (the operation
 * table's, or the adapter's `circuitGroups`), or one of its own, named after the operation, when
 * the adapter lists it in `circuitPerOperation`. Checked when the adapter is wrapped: a typo would
 * otherwise leave an operation silently in a circuit the adapter did not mean.
 */
import { ConfigError } from '../config/config-error';
import type { CoreAdapter } from '../ports';
import { operations } from '../ports/operations';

/** Like adapter ids: they end up in metric labels and log fields. */
const GROUP_NAME = /^[a-z][a-z0-9-]*$/;

type CircuitChoices = Pick<CoreAdapter, 'id' | 'circuitGroups' | 'circuitPerOperation'>;

/** Problems with an adapter's `circuitGroups` and `circuitPerOperation`, each naming its entry. */
function problemsOf(adapter: CircuitChoices, known: ReadonlySet<string>): string[] {
  const regroup = Object.entries(adapter.circuitGroups ?? {});
  const separate = adapter.circuitPerOperation ?? [];
  const where = `adapter "${adapter.id}"`;
  const unknown = (member: string) => (name: string) =>
    `${where} ${member}: unknown operation "${name}" (operations are <port>.<method>, e.g. banking.listBalances)`;
  return [
    ...regroup
      .map(([name]) => name)
      .filter((name) => !known.has(name))
      .map(unknown('circuitGroups')),
    ...regroup
      .filter(([, group]) => typeof group !== 'string' || !GROUP_NAME.test(group))
      .map(
        ([name, group]) =>
          `${where} circuitGroups: group "${String(group)}" of "${name}" is not lower-case letters, digits and dashes starting with a letter`,
      ),
    ...separate.filter((name) => !known.has(name)).map(unknown('circuitPerOperation')),
    ...separate
      .filter((name) => regroup.some(([regrouped]) => regrouped === name))
      .map(
        (name) =>
          `${where}: "${name}" is in both circuitPerOperation and circuitGroups (a circuit of its own, or a group: choose one)`,
      ),
  ];
}

/**
 * The circuit name of every operation for this adapter (operation → circuit). Throws a
 * ConfigError naming every bad entry.
 */
export function circuitNames(adapter: CircuitChoices): ReadonlyMap<string, string> {
  const all = operations();
  const problems = problemsOf(adapter, new Set(all.map((op) => op.name)));
  if (problems.length > 0) throw new ConfigError(problems);
  const regroup = new Map(Object.entries(adapter.circuitGroups ?? {}));
  const separate = new Set(adapter.circuitPerOperation ?? []);
  return new Map(
    all.map(({ name, group }) => [name, separate.has(name) ? name : (regroup.get(name) ?? group)]),
  );
}
