/**
 * One concept per room: no two rooms of src/ (its folders, and its top-level files) import each
 * other, whichever files carry the arrows. The real tree is cruised with the repository's own
 * configuration; a planted pair in a scratch tree proves the check finds one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cruise, REPOSITORY } from '../helpers/depcruise';

interface Cruised {
  modules: { source: string; dependencies: { resolved: string }[] }[];
}

/** The room of a file of src/: its first folder, or the file itself at the top. */
function roomOf(file: string): string | undefined {
  const match = /^src\/([^/]+)(\/)?/.exec(file);
  if (!match) return undefined;
  return match[2] ? match[1] : file;
}

/** Each pair of rooms that import each other, with one arrow each way. */
function pairsIn(cwd: string): string[] {
  const cruised = cruise(cwd, ['src']) as Cruised;
  const arrows = new Map<string, string>();
  for (const { source, dependencies } of cruised.modules) {
    const from = roomOf(source);
    for (const { resolved } of dependencies) {
      const to = roomOf(resolved);
      if (from && to && from !== to) arrows.set(`${from} -> ${to}`, `${source} -> ${resolved}`);
    }
  }
  return [...arrows.keys()].flatMap((key) => {
    const [from, to] = key.split(' -> ') as [string, string];
    const back = arrows.get(`${to} -> ${from}`);
    return from < to && back ? [`${arrows.get(key)!} and ${back}`] : [];
  });
}

describe('the rooms of src/', () => {
  it('when the tree is cruised, then no two rooms import each other', () => {
    expect(pairsIn(REPOSITORY)).toEqual([]);
  }, 60_000);

  it('when two rooms import each other in a scratch tree, then the pair is found', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rooms-'));
    try {
      const files: Record<string, string> = {
        'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'commonjs' } }),
        'src/a/one.ts': "import { two } from '../b/two';\nexport const one = two;\n",
        'src/b/two.ts': 'export const two = 2;\n',
        'src/b/three.ts': "import { one } from '../a/one';\nexport const three = one;\n",
      };
      for (const [file, source] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), source);
      }
      expect(pairsIn(dir)).toEqual([
        'src/a/one.ts -> src/b/two.ts and src/b/three.ts -> src/a/one.ts',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
