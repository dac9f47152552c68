/**
 * Finds the Prometheus binaries (Debian's `prometheus` package ships both). Tests that need one
 * skip only on a developer machine without it; in CI (`CI` set) `.ci/run` installs it, so a
 * missing binary fails there instead of passing silently.
 */
import fs from 'node:fs';
import path from 'node:path';

export function findBinary(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, name);
    if (dir !== '' && fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** `describe`, or `describe.skip` when the binary is missing outside CI. */
export function describeWithBinary(name: string): jest.Describe {
  return findBinary(name) !== undefined || process.env.CI ? describe : describe.skip;
}
