/**
 * The allow-list primitive of every mapper: copies only the named fields that are defined, so
 * nothing a core adds to a record can reach a response.
 */
export function pick<T extends object, K extends keyof T>(
  source: T,
  keys: readonly K[],
): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) {
    if (source[key] !== undefined) out[key] = source[key];
  }
  return out;
}
