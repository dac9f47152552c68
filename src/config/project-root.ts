import fs from 'node:fs';
import path from 'node:path';

let cached: string | undefined;

/** The folder holding the project's package.json (works from `src/` under ts and from `dist/`). */
export function projectRoot(): string {
  if (cached) return cached;
  let dir = __dirname;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === 'data-holder-gateway') return (cached = dir);
    }
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error('project root (package.json of data-holder-gateway) not found');
    dir = parent;
  }
}
