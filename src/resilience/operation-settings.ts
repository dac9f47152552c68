/** The per-operation cache settings, checked against the operation table. */
import type { Config } from '../config/config';
import { ConfigError } from '../config/config-error';
import { NEVER_CACHED, OPERATION_NAMES } from '../ports/operations';

/**
 * Throws when a per-operation setting names an operation no port has (a typo would be ignored),
 * or gives a cache lifetime to an operation that is never cached.
 */
export function checkOperationSettings(settings: Config['resilience']): void {
  const known = new Set(OPERATION_NAMES);
  const problems = (
    [
      ['CACHE_TTL_SECONDS', settings.cacheTtlSeconds],
      ['CACHE_STALE_SECONDS', settings.cacheStaleSeconds],
    ] as const
  ).flatMap(([env, values]) =>
    Object.entries(values).flatMap(([name, seconds]) => {
      if (!known.has(name))
        return [
          `${env}: unknown operation "${name}" (operations are <port>.<method>, e.g. banking.listBalances)`,
        ];
      if (NEVER_CACHED.has(name) && seconds > 0)
        return [`${env}: "${name}" is never cached (it carries personal data); only 0 is allowed`];
      return [];
    }),
  );
  if (problems.length > 0) throw new ConfigError(problems);
}
