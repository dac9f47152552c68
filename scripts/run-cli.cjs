#!/usr/bin/env node
/**
 * `npm run clients` and `npm run token`: the built command line in dist/ when it is at least as new
 * as every source it is built from (after `npm start` or `npm run build`: answers in about a
 * second); else the sources through ts-node when the dev dependencies are installed (a change
 * needs no build, at some seconds a call); else dist/ as it is, which is what a production install
 * (`npm ci --omit=dev`) has.
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
/** What dist/ is built from (tsconfig.build.json and the SDK it imports). */
const SOURCES = [
  'src',
  'adapters',
  'contracts',
  'packages/adapter-sdk/src',
  'packages/adapter-sdk/schemas',
];
/** Written by every build that changed anything (incremental tsc). */
const STAMP = path.join('dist', '.tsbuildinfo');
const BUILT_CLI = path.join('dist', 'src', 'cli', 'main.js');

/** Whether any file under `dir` (tests and dependencies aside) changed after `sinceMs`. */
function changedSince(dir, sinceMs) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  for (const entry of entries) {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name === 'test' || entry.name === 'dist') continue;
      if (changedSince(at, sinceMs)) return true;
    } else if (fs.statSync(at).mtimeMs > sinceMs) {
      return true;
    }
  }
  return false;
}

/** Whether dist/ under `base` holds the command line built from the current sources. */
function builtIsCurrent(base = root) {
  const stamp = fs.statSync(path.join(base, STAMP), { throwIfNoEntry: false });
  if (!stamp || !fs.existsSync(path.join(base, BUILT_CLI))) return false;
  return !SOURCES.some((dir) => changedSince(path.join(base, dir), stamp.mtimeMs));
}

function tsNodeOf(base) {
  try {
    return require(require.resolve('ts-node', { paths: [base] }));
  } catch {
    return undefined;
  }
}

function run() {
  const tsNode = builtIsCurrent() ? undefined : tsNodeOf(root);
  if (tsNode) {
    tsNode.register({ transpileOnly: true, project: path.join(root, 'tsconfig.json') });
    require(path.join(root, 'src', 'cli', 'main.ts'));
  } else {
    require(path.join(root, BUILT_CLI));
  }
}

if (require.main === module) run();
module.exports = { builtIsCurrent };
