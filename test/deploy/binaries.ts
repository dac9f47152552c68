/**
 * Finds the Prometheus binaries (Debian's `prometheus` package ships both). `npm test` installs or
 * locates them first (scripts/test-tools.cjs); a suite run on its own without them fails with one
 * line saying what to install, never skips and never dies on a stack trace.
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

/** The one line a suite fails with when `name` is missing. */
export function missingBinaryMessage(name: string): string {
  return `${name} is not on PATH: run npm test (it installs it), or install Debian's prometheus package`;
}

/**
 * `describe` when the binary is there; else a suite of one test that fails with
 * missingBinaryMessage and nothing else (no stack: the message says all there is to say).
 */
export function describeWithBinary(name: string): (title: string, body: () => void) => void {
  if (findBinary(name) !== undefined) return describe;
  return (title) =>
    describe(title, () => {
      it(`when ${name} is missing, then the suite says what to install`, () => {
        const missing = new Error(missingBinaryMessage(name));
        missing.stack = missing.message;
        throw missing;
      });
    });
}
