#!/usr/bin/env node
/**
 * `npm run clients` and `npm run token`: the command line from the sources (ts-node) when the dev
 * dependencies are installed, so a change needs no build; else the built one in dist/, which is
 * what a production install (`npm ci --omit=dev`) has.
 */
'use strict';
const path = require('node:path');

const root = path.join(__dirname, '..');
let tsNode;
try {
  tsNode = require(require.resolve('ts-node', { paths: [root] }));
} catch {
  tsNode = undefined;
}
if (tsNode) {
  tsNode.register({ transpileOnly: true, project: path.join(root, 'tsconfig.json') });
  require(path.join(root, 'src', 'cli', 'main.ts'));
} else {
  require(path.join(root, 'dist', 'src', 'cli', 'main.js'));
}
