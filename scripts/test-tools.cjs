#!/usr/bin/env node
/**
 * `pretest`: the programs the test suite runs besides Node. promtool checks and unit-tests the
 * alert rules, prometheus scrapes a real gateway, redis-server backs the tests that start and kill
 * a Redis of their own (and the suite's shared Redis when none is running, test/helpers).
 *
 * Each is looked for on PATH. When one is missing and this runs as root with apt-get (a fresh CI
 * machine or container), the Debian packages are installed; otherwise, or when
 * DHG_TEST_TOOLS_INSTALL=no, it stops with one line saying what to install.
 */
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

/** Each program, and the Debian package that ships it. */
const TOOLS = [
  { program: 'promtool', debian: 'prometheus' },
  { program: 'prometheus', debian: 'prometheus' },
  { program: 'redis-server', debian: 'redis-server' },
];

function onPath(program) {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .some((dir) => dir !== '' && isExecutable(path.join(dir, program)));
}

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function missingTools() {
  return TOOLS.filter((tool) => !onPath(tool.program));
}

/** Why the packages cannot be installed here, or undefined when they can. */
function whyNoInstall() {
  if (process.env.DHG_TEST_TOOLS_INSTALL === 'no') return 'DHG_TEST_TOOLS_INSTALL=no';
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return 'not root';
  if (!onPath('apt-get')) return 'no apt-get';
  return undefined;
}

function aptGet(args) {
  const done = spawnSync('apt-get', args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return done.status === 0;
}

function install(packages) {
  process.stderr.write(`npm test: installing ${packages.join(' ')} (apt-get)\n`);
  return aptGet(['update', '-qq']) && aptGet(['install', '-y', '-qq', ...packages]);
}

function main() {
  let missing = missingTools();
  if (missing.length === 0) return 0;
  const packages = [...new Set(missing.map((tool) => tool.debian))];
  const reason = whyNoInstall();
  if (reason === undefined && install(packages)) missing = missingTools();
  if (missing.length === 0) return 0;
  const programs = missing.map((tool) => tool.program).join(', ');
  const wanted = [...new Set(missing.map((tool) => tool.debian))].join(' ');
  process.stderr.write(
    `npm test needs ${programs} on PATH: install them (Debian/Ubuntu: apt-get install ${wanted})` +
      `${reason === undefined ? '' : ` (not installed here: ${reason})`}, then run npm test again.\n`,
  );
  return 1;
}

process.exit(main());
