/**
 * `as unknown as` tells the compiler to stop checking: the gateway's own code keeps at most three,
 * each where no typed form exists (a shape built at run time, a library's untyped internals).
 */
import fs from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(__dirname, '../../src');
const MOST = 3;

/** Every TypeScript file under `dir`. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Each `as unknown as` in the sources, as `file:line`. */
function doubleCasts(): string[] {
  return sources(SRC).flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        line.includes('as unknown as') ? [`${path.relative(SRC, file)}:${i + 1}`] : [],
      ),
  );
}

describe('casts in src/', () => {
  it(`when the sources are read, then at most ${MOST} lines cast through unknown`, () => {
    const found = doubleCasts();
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThanOrEqual(MOST);
  });

  it('when the core-call boundary is read, then its one cast is in src/core-call/ports.ts', () => {
    expect(doubleCasts().filter((at) => at.startsWith('core-call/'))).toEqual([
      expect.stringMatching(/^core-call\/ports\.ts:\d+$/),
    ]);
  });
});
