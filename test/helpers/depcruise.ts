/** dependency-cruiser as the import tests run it: the repository's own binary and configuration. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const DEPCRUISE = path.join(
  ROOT,
  'node_modules',
  'dependency-cruiser',
  'bin',
  'dependency-cruise.mjs',
);

/**
 * The JSON report of cruising `paths` in `cwd` with the repository's configuration.
 * @throws when dependency-cruiser writes no report (its stderr in the message)
 */
export function cruise(cwd: string, paths: readonly string[]): unknown {
  const run = spawnSync(
    process.execPath,
    [
      DEPCRUISE,
      ...paths,
      '--config',
      path.join(ROOT, '.dependency-cruiser.cjs'),
      '--output-type',
      'json',
    ],
    { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (!run.stdout) throw new Error(`dependency-cruiser gave no output: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

/** The repository's root. */
export const REPOSITORY = ROOT;
