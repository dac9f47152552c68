/** The gateway's version: package.json's `version`, what `--version`, logs and metrics show. */
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from './project-root';

let cached: string | undefined;

export function gatewayVersion(): string {
  cached ??= (
    JSON.parse(fs.readFileSync(path.join(projectRoot(), 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  return cached;
}
