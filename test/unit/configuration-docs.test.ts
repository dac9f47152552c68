/**
 * docs/configuration.md is generated from the settings tables. Prettier lays it out, and Prettier
 * cannot run inside jest's module sandbox, so the check runs the script in a child process.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fineractAdapterModule } from '../../adapters/fineract';
import { adapterEnvName, blockProperties } from '../../src/config/adapter-config';
import { SETTINGS } from '../../src/config/config';

const ROOT = path.join(__dirname, '..', '..');
const DOC = path.join(ROOT, 'docs', 'configuration.md');

/** Runs `npm run config:docs` writing to a temporary file; returns what it wrote. */
function generated(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-docs-')), 'configuration.md');
  const run = spawnSync(
    process.execPath,
    ['-r', 'ts-node/register/transpile-only', 'scripts/config-docs.ts', '--file', file],
    { cwd: ROOT, encoding: 'utf8' },
  );
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return fs.readFileSync(file, 'utf8');
}

describe('docs/configuration.md', () => {
  it('when the settings tables change, then the committed document must be regenerated (npm run config:docs)', () => {
    expect(fs.readFileSync(DOC, 'utf8')).toBe(generated());
  }, 120_000);

  it('every setting of the gateway and of the built-in adapters has a row with its meaning', () => {
    const doc = fs.readFileSync(DOC, 'utf8');
    const variables = [
      ...SETTINGS.map((s) => s.env),
      ...Object.keys(blockProperties(fineractAdapterModule.configSchema)).map((p) =>
        adapterEnvName('fineract', p),
      ),
    ];
    for (const name of variables) expect(doc).toMatch(new RegExp(`^\\| \`${name}\` +\\|`, 'm'));
    for (const s of SETTINGS) expect(String(s.schema.description ?? '').length).toBeGreaterThan(10);
  });
});
