/**
 * The production install as docs/operations.md ("A production copy") writes it, from a fresh
 * clone: its shell block is read from the page and run, the clone's part in the clone and the
 * host's part in an empty folder holding only the archive. Then every command the page names runs
 * on the host as the page writes it, `npx data-holder-gateway <command>`: `--help` of each
 * command, `check`, `token`; `serve` directly (answers /livez and /readyz, exits 0 on SIGTERM),
 * `npm start` and `npm run clients -- list`, with only what a host's shell has.
 *
 * Slow (a clone, two installs, a build): `npm run test:fresh-clone`, which .ci/run runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { partsOf, shellBlocks } from '../helpers/documented';
import {
  background,
  freshClone,
  mustSh,
  removeNpxEntries,
  sh,
  tempFolder,
  userEnv,
  type Background,
} from '../helpers/fresh-clone';

const [block] = shellBlocks('docs/operations.md', '### A production copy');
const ARCHIVE = 'data-holder-gateway.tgz';

let work: { dir: string; remove: () => void };
let host: string;
let helpOutput: string;
let hostEnv: NodeJS.ProcessEnv;

beforeAll(async () => {
  work = tempFolder('dhg-fresh-production-');
  const clone = await freshClone(work.dir);
  const [inClone, onHost] = partsOf(block!, ['# on the host']);
  await mustSh(inClone!, clone);
  host = path.join(work.dir, 'host');
  fs.mkdirSync(host);
  fs.renameSync(path.join(clone, ARCHIVE), path.join(host, ARCHIVE));
  // The clone goes away: nothing on the host may reach back into it.
  fs.rmSync(clone, { recursive: true, force: true });
  hostEnv = userEnv({
    LOG_LEVEL: 'warn',
    DEV_KEYS_DIR: path.join(work.dir, 'keys'),
    PLATFORM_CLIENTS_FILE: path.join(work.dir, 'clients.json'),
  });
  helpOutput = await mustSh(onHost!, host, hostEnv);
}, 600_000);

afterAll(async () => {
  if (work) await removeNpxEntries(work.dir);
  work?.remove();
});

const cli = (args: string) => sh(`npx data-holder-gateway ${args}`, host, hostEnv);

describe('docs/operations.md, a production copy, from a fresh clone', () => {
  test('when its block ran, then the host holds production dependencies only, and --help answered', () => {
    expect(block).toContain('npm ci && npm run build');
    expect(block).toContain('\nnpx data-holder-gateway --help\n');
    expect(fs.existsSync(path.join(host, 'node_modules', 'express'))).toBe(true);
    expect(fs.existsSync(path.join(host, 'node_modules', 'typescript'))).toBe(false);
    expect(fs.existsSync(path.join(host, 'node_modules', 'ts-node'))).toBe(false);
    for (const command of ['serve', 'check', 'clients', 'token'])
      expect(helpOutput).toContain(`  ${command} `);
  });

  test('when each command is asked for help, then it answers its usage and exits 0', async () => {
    for (const command of ['serve', 'check', 'clients', 'token']) {
      const outcome = await cli(`${command} --help`);
      expect({ command, code: outcome.code }).toEqual({ command, code: 0 });
      expect(outcome.stdout).toContain(`usage: data-holder-gateway ${command}`);
    }
  });

  test('when check runs, then the demo configuration is valid', async () => {
    expect(await cli('check')).toEqual({
      code: 0,
      stdout: 'configuration valid (core adapter demo)\n',
      stderr: '',
    });
  });

  test('when npm run clients -- list runs, then it lists the (empty) registry', async () => {
    const listed = await sh('npm run --silent clients -- list', host, hostEnv);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^client_id\tscopes\tstate/m);
  });

  test('when token runs, then it prints a curl command with a signed token', async () => {
    const token = await cli('token GET /v1/common/customer/c-1001/detail');
    expect(token.code).toBe(0);
    expect(token.stdout).toMatch(
      /^curl -sS -X GET -H 'Authorization: Bearer [\w-]+\.[\w-]+\.[\w-]+' /,
    );
  });

  describe('when serve runs', () => {
    let server: Background;
    let origin: string;

    beforeAll(async () => {
      // exec: node is the script's own process, as under a process supervisor.
      server = background('exec node dist/src/cli/main.js serve', host, {
        ...hostEnv,
        PORT: '0',
        HOST: '127.0.0.1',
      });
      // The port it picked, from its start banner.
      const [, port] = await server.waitFor(
        /Data Holder Gateway on http:\/\/localhost:(\d+)/,
        60_000,
      );
      origin = `http://127.0.0.1:${port}`;
    }, 90_000);

    afterAll(async () => {
      await server?.stop('SIGKILL');
    });

    test('then it answers /livez and /readyz 200, and SIGTERM stops it with exit code 0', async () => {
      expect((await fetch(`${origin}/livez`)).status).toBe(200);
      expect((await fetch(`${origin}/readyz`)).status).toBe(200);
      expect(await server.stop('SIGTERM', false)).toBe(0);
    }, 30_000);
  });

  test('when npm start runs, then it serves the shipped dist/ without a compiler, and stops on SIGTERM', async () => {
    const server = background('npm start', host, { ...hostEnv, PORT: '0' });
    try {
      const [, port] = await server.waitFor(
        /Data Holder Gateway on http:\/\/localhost:(\d+)/,
        60_000,
      );
      expect((await fetch(`http://127.0.0.1:${port}/livez`)).status).toBe(200);
      expect(server.output()).not.toContain('dist/ is missing');
      await server.stop('SIGTERM');
      expect(server.child.exitCode !== null || server.child.signalCode !== null).toBe(true);
    } finally {
      await server.stop('SIGKILL');
    }
  }, 90_000);
});
