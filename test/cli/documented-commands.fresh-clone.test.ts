/**
 * The documented commands meant for a clone, run as written from a fresh clone: every ```sh block
 * a page marks `<!-- runs in a clone ... -->` (test/helpers/documented.ts), each command on its
 * own, first after `npm ci` alone (no dist/: the package's launcher runs the sources), then after
 * `npm run build`, then with a source changed after that build (the change runs, not the stale
 * build). And `npx data-holder-gateway` from a folder below the clone's root, as the Kubernetes
 * production overlay's block runs it. No page calls the command by its bare name, which is on
 * PATH neither in a clone nor in a production copy.
 *
 * Slow (a clone, an install, a build): `npm run test:fresh-clone`, which .ci/run runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  bareGatewayCommands,
  cloneBlocks,
  commandsOf,
  shellBlocks,
  userPages,
} from '../helpers/documented';
import { freshClone, mustSh, removeNpxEntries, sh, tempFolder } from '../helpers/fresh-clone';

const ROOT = path.resolve(__dirname, '../..');
const marked = cloneBlocks();
const commands = marked.flatMap(({ page, block }) =>
  commandsOf(block).map((command) => ({ page, command })),
);

let work: { dir: string; remove: () => void };
let clone: string;

beforeAll(async () => {
  work = tempFolder('dhg-fresh-commands-');
  clone = await freshClone(work.dir);
  await mustSh('npm ci', clone);
}, 300_000);

afterAll(async () => {
  if (work) await removeNpxEntries(work.dir);
  work?.remove();
});

/** Runs every marked command in the clone; answers those that did not exit 0, with their output. */
async function failing(): Promise<{ page: string; command: string; output: string }[]> {
  const failed = [];
  for (const { page, command } of commands) {
    const outcome = await sh(command, clone);
    if (outcome.code !== 0)
      failed.push({ page, command, output: `${outcome.stdout}${outcome.stderr}`.slice(-2000) });
  }
  return failed;
}

describe('the commands the docs mark for a clone, from a fresh clone', () => {
  test('when the pages are read, then none calls data-holder-gateway by its bare name', () => {
    const bare = userPages().flatMap((page) =>
      bareGatewayCommands(fs.readFileSync(path.join(ROOT, page), 'utf8')).map((command) => ({
        page,
        command,
      })),
    );
    expect(bare).toEqual([]);
  });

  test('when the pages are read, then the command line section marks its block', () => {
    expect(marked.map((m) => m.page)).toContain('docs/operations.md');
    expect(commands.map((c) => c.command)).toContain('npx data-holder-gateway --help');
  });

  test('when the clone was never built, then each marked command exits 0 on the sources', async () => {
    expect(fs.existsSync(path.join(clone, 'dist'))).toBe(false);
    expect(await failing()).toEqual([]);
  }, 300_000);

  test('when the clone was built, then each marked command exits 0', async () => {
    await mustSh('npm run build', clone);
    expect(fs.existsSync(path.join(clone, 'dist', 'src', 'cli', 'main.js'))).toBe(true);
    expect(await failing()).toEqual([]);
  }, 300_000);

  test('when a source changed after the build, then npx data-holder-gateway runs the change', async () => {
    const main = path.join(clone, 'src', 'cli', 'main.ts');
    const source = fs.readFileSync(main, 'utf8');
    const usage = 'usage: data-holder-gateway <command> [arguments]';
    fs.writeFileSync(main, source.replace(usage, `${usage} (changed)`));
    try {
      const help = await mustSh('npx data-holder-gateway --help', clone);
      expect(help.split('\n')[0]).toBe(`${usage} (changed)`);
    } finally {
      fs.writeFileSync(main, source);
    }
  }, 120_000);

  test("when the production overlay's block writes the platform key in its folder, then npx finds the gateway from there", async () => {
    const [block] = shellBlocks('docs/operations.md', '### Kubernetes').filter((b) =>
      b.includes('clients signing-key'),
    );
    const cd = commandsOf(block!).find((command) => command.startsWith('cd '))!;
    const keyCommand = commandsOf(block!).find((command) => command.includes('signing-key'))!;
    expect(keyCommand).toBe(
      'npx data-holder-gateway clients signing-key platform-signing-key.json',
    );
    const folder = path.join(clone, cd.slice('cd '.length));
    const outcome = await sh(keyCommand, folder);
    const key = path.join(folder, 'platform-signing-key.json');
    expect({ code: outcome.code, stdout: outcome.stdout }).toEqual({
      code: 0,
      stdout: `wrote ${key}; set PLATFORM_SIGNING_KEY_FILE=${key}\n`,
    });
    expect(fs.statSync(key).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(key, 'utf8'))).toHaveProperty('d');
  }, 120_000);
});
