#!/usr/bin/env node
/**
 * `prestart`: builds dist/ when TypeScript is installed (a clone after `npm ci`), so that
 * `npm ci && npm start` works from a fresh clone; with production dependencies only
 * (`npm ci --omit=dev`) there is no compiler and the shipped dist/ is used as it is.
 */
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
let tsc;
try {
  tsc = require.resolve('typescript/bin/tsc', { paths: [root] });
} catch {
  tsc = undefined;
}
if (tsc) {
  // What `npm run build` does: the adapter SDK (a workspace the gateway imports), then the gateway.
  for (const args of [
    ['-b', 'packages/adapter-sdk'],
    ['-p', 'tsconfig.build.json'],
  ]) {
    const built = spawnSync(process.execPath, [tsc, ...args], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  process.exit(0);
}
if (!fs.existsSync(path.join(root, 'dist', 'src', 'main.js'))) {
  process.stderr.write(
    'dist/ is missing and TypeScript is not installed: run `npm ci` (with dev dependencies) first.\n',
  );
  process.exit(1);
}
