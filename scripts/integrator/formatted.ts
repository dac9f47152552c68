/**
 * Generated files as Prettier writes them, so that `npm run lint` (`prettier --check .`) accepts
 * them and a test can compare a committed file with a fresh one byte for byte. Prettier runs in a
 * child process: its API is ESM inside, which jest's CommonJS modules cannot load.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const PRETTIER = require.resolve('prettier/bin/prettier.cjs', { paths: [ROOT] });

/** `text` formatted as Prettier formats `file` (by its name and the repository's settings). */
export function formatted(file: string, text: string): string {
  return execFileSync(process.execPath, [PRETTIER, '--stdin-filepath', file], {
    cwd: ROOT,
    input: text,
    encoding: 'utf8',
  });
}
