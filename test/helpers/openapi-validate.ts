/**
 * Validates an OpenAPI document with @seriousme/openapi-schema-validator. The package is ESM-only,
 * so it runs in a child Node process rather than inside jest's CommonJS module system.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SCRIPT = `
import { Validator } from '@seriousme/openapi-schema-validator';
import fs from 'node:fs';
const doc = JSON.parse(fs.readFileSync(process.argv[1], 'utf8'));
const result = await new Validator().validate(doc);
process.stdout.write(JSON.stringify({ valid: result.valid, errors: result.errors ?? [] }));
`;

export async function validateOpenApi(
  doc: unknown,
): Promise<{ valid: boolean; errors: unknown[] }> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-openapi-')), 'openapi.json');
  fs.writeFileSync(file, JSON.stringify(doc));
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', SCRIPT, file], {
    cwd: path.resolve(__dirname, '../..'),
  });
  return JSON.parse(stdout) as { valid: boolean; errors: unknown[] };
}
