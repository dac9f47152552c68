/**
 * The README's quick start from a fresh clone, as its blocks write it: `npm ci && npm start`,
 * then each `npm run --silent token -- ... | sh` line in another shell, every answer a document
 * and no error. (The README's other command, `npm test`, is what CI runs on a fresh machine; its
 * set-up step is test/unit/test-tools.test.ts.)
 *
 * Slow (a clone, an install, a build): `npm run test:fresh-clone`, which .ci/run runs.
 */
import { commandsOf, shellBlocks } from '../helpers/documented';
import {
  freshClone,
  gatewayOnSomePort,
  mustSh,
  tempFolder,
  userEnv,
  type Background,
} from '../helpers/fresh-clone';

const [setUp, calls] = shellBlocks('README.md', '## Quick start');

let work: { dir: string; remove: () => void };
let clone: string;
let server: Background | undefined;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  work = tempFolder('dhg-fresh-quick-start-');
  clone = await freshClone(work.dir);
  const start = commandsOf(setUp!).find((command) => command.includes('npm start'))!;
  // A port of its own, not 0: `npm run token` in the other shell reads the same PORT.
  ({ server, env } = await gatewayOnSomePort(
    start,
    clone,
    (port) => userEnv({ PORT: String(port) }),
    420_000,
  ));
}, 480_000);

afterAll(async () => {
  await server?.stop('SIGKILL');
  work?.remove();
});

describe("the README's quick start from a fresh clone", () => {
  test('when read, then it starts with npm ci && npm start and calls through npm run token', () => {
    expect(commandsOf(setUp!)[0]).toMatch(/^npm ci && npm start\b/);
    expect(commandsOf(calls!).length).toBeGreaterThanOrEqual(3);
  });

  test('when each token line runs in another shell, then each answers a document, not an error', async () => {
    for (const command of commandsOf(calls!)) {
      expect(command).toMatch(/^npm run --silent token -- .* \| sh$/);
      const answer = JSON.parse(await mustSh(command, clone, env)) as Record<string, unknown>;
      const keys = Object.keys(answer);
      expect({ command, error: keys.includes('error') || keys.includes('errors') }).toEqual({
        command,
        error: false,
      });
      expect(keys.length).toBeGreaterThan(0);
    }
  }, 300_000);
});
