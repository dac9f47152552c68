/**
 * A holder's path to an adapter of their own, run from a fresh clone exactly as docs/adapters.md
 * writes it (its shell blocks are read from the page and run, only the port of the made-up core
 * changed to 0, one it picks): `npm ci`; `npm run new-adapter -- acme ../acme-adapter`, `cd`,
 * `npm test` in a folder outside the tree; build, start the made-up core, `npm start` the gateway
 * on the compiled adapter and call it with `npm run token ... | sh`; a mapper broken after that
 * build fails `npm test` (the suite runs the sources, never dist/); and the template copied by
 * hand, with the packages the page names, compiling against the SDK packed by
 * `npm pack -w @data-holder-gateway/adapter-sdk`.
 *
 * Slow (a clone, three installs, two builds): `npm run test:fresh-clone`, which .ci/run runs.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { bareGatewayCommands, commandsOf, partsOf, shellBlocks } from '../helpers/documented';
import {
  background,
  freshClone,
  gatewayOnSomePort,
  mustSh,
  sh,
  tempFolder,
  userEnv,
  type Background,
} from '../helpers/fresh-clone';

const exec = promisify(execFile);
const PAGE = 'docs/adapters.md';
const blocks = shellBlocks(PAGE, '### A new adapter project in one command');
const [newProject, tryInGateway, handCopy] = blocks;
const TARBALL_BLOCK = shellBlocks(PAGE, '# Writing a core adapter').find((b) =>
  b.includes('npm pack ./packages/adapter-sdk'),
)!;

let work: { dir: string; remove: () => void };
let clone: string;
let project: string;

beforeAll(async () => {
  work = tempFolder('dhg-fresh-sdk-');
  clone = await freshClone(work.dir);
  project = path.join(work.dir, 'acme-adapter');
  // The page's first command in a clone: its `npm ci` line.
  const install = TARBALL_BLOCK.split('\n').find((line) => line.startsWith('npm ci'))!;
  await mustSh(install, clone);
}, 300_000);

afterAll(() => work?.remove());

describe('docs/adapters.md from a fresh clone', () => {
  test('when read, then the page holds the blocks this test runs', () => {
    expect(blocks).toHaveLength(3);
    expect(newProject).toBe(
      'npm run new-adapter -- acme ../acme-adapter\ncd ../acme-adapter\nnpm test\n',
    );
    expect(TARBALL_BLOCK).toContain('npm pack ./packages/adapter-sdk');
  });

  test('when its new-project commands run, then a project outside the tree passes its npm test on the packed SDK', async () => {
    const outcome = await sh(newProject!, clone);
    expect({ code: outcome.code, output: outcome.stdout + outcome.stderr }).toMatchObject({
      code: 0,
    });
    // The contract suite ran and passed (jest reports on stderr).
    expect(outcome.stderr).toMatch(/Tests: +\d+ passed, \d+ total/);
    expect(outcome.stderr).not.toMatch(/failed/);
    // The SDK is the tarball's, installed in the project, declarations and all: a clone that was
    // never built packs a built SDK (its prepack).
    const entry = (
      await mustSh(`node -p "require.resolve('@data-holder-gateway/adapter-sdk')"`, project)
    ).trim();
    expect(entry).toBe(
      path.join(project, 'node_modules/@data-holder-gateway/adapter-sdk/dist/index.js'),
    );
    expect(fs.existsSync(entry.replace(/\.js$/, '.d.ts'))).toBe(true);
    const manifest = JSON.parse(fs.readFileSync(path.join(project, 'package.json'), 'utf8'));
    expect(manifest.dependencies['@data-holder-gateway/adapter-sdk']).toBe(
      'file:./data-holder-gateway-adapter-sdk-0.1.0.tgz',
    );
    const { stdout: listing } = await exec(
      'tar',
      ['-tzf', 'data-holder-gateway-adapter-sdk-0.1.0.tgz'],
      { cwd: project },
    );
    for (const file of [
      'package/LICENSE',
      'package/README.md',
      'package/dist/index.d.ts',
      'package/dist/contract/index.js',
      'package/schemas',
    ])
      expect(listing).toContain(file);
    expect(listing).not.toContain('package/src/');
    expect(listing).not.toContain('.tsbuildinfo');
  }, 420_000);

  describe('when the project is built and the gateway started on it as the page says', () => {
    let core: Background | undefined;
    let gateway: Background | undefined;
    let gatewayEnv: NodeJS.ProcessEnv;
    let corePort: number;

    beforeAll(async () => {
      const [build, serve] = partsOf(tryInGateway!, ['# in the gateway', '# in a third terminal']);
      // The made-up core on a port it picks (0), read back from the line it prints.
      core = background(build!.replaceAll('8089', '0'), project);
      const [, bound] = await core.waitFor(/acme core on http:\/\/127\.0\.0\.1:(\d+)/, 180_000);
      corePort = Number(bound);
      // The gateway on a port of its own, not 0: `npm run token` reads the same PORT.
      ({ server: gateway, env: gatewayEnv } = await gatewayOnSomePort(
        serve!.replaceAll('8089', String(corePort)),
        clone,
        (port) => userEnv({ PORT: String(port), LOG_LEVEL: 'warn' }),
        300_000,
      ));
    }, 500_000);

    afterAll(async () => {
      await gateway?.stop();
      await core?.stop();
    });

    test("then a development token from npm run token reads the customer's accounts through the adapter", async () => {
      const [, serve, call] = partsOf(tryInGateway!, ['# in the gateway', '# in a third terminal']);
      // "with the same exports": the second terminal's lines without its `npm start`.
      const exports = serve!.replaceAll('8089', String(corePort)).replace(/\nnpm start\n?$/, '\n');
      const answer = await mustSh(`${exports}${call}`, clone, gatewayEnv);
      const body = JSON.parse(answer) as { accounts?: { accountId: string }[] };
      // Customer 1001's accounts in the made-up core's data (fixtures/core-data.json).
      expect(body.accounts?.map((a) => a.accountId)).toEqual([
        'a-1001-01',
        'a-1001-02',
        'a-1001-03',
        'a-1001-04',
        'a-1001-05',
        'a-joint-01',
      ]);
      expect(gateway!.output()).toContain('serving the acme adapter');
    });
  });

  test('when a mapper is broken after the build, then npm test fails: it tests the sources, not dist/', async () => {
    // The build of the describe above is in dist/, made from the unbroken sources.
    expect(fs.existsSync(path.join(project, 'dist', 'mappers', 'account.mapper.js'))).toBe(true);
    const mapper = path.join(project, 'mappers', 'account.mapper.ts');
    const source = fs.readFileSync(mapper, 'utf8');
    const broken = source.replaceAll(
      'accountId: account.id,',
      'accountId: account.id.toUpperCase(),',
    );
    expect(broken).not.toBe(source);
    fs.writeFileSync(mapper, broken);
    try {
      const outcome = await sh('npm test', project);
      expect(outcome.code).not.toBe(0);
      expect(outcome.stderr).toMatch(/Tests: +\d+ failed, \d+ passed, \d+ total/);
    } finally {
      fs.writeFileSync(mapper, source);
    }
  }, 300_000);

  test("when made, then the project's README names only commands that run where it says", () => {
    const readme = fs.readFileSync(path.join(project, 'README.md'), 'utf8');
    expect(bareGatewayCommands(readme)).toEqual([]);
    const scripts = Object.keys(
      JSON.parse(fs.readFileSync(path.join(project, 'package.json'), 'utf8')).scripts,
    );
    const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
    const commands = blocks.flatMap(commandsOf).map((line) => line.replace(/ +#.*$/, ''));
    expect(commands).toEqual(['npm test', 'npm run build', 'npm run core -- 8089']);
    for (const command of commands)
      expect(scripts).toContain(command === 'npm test' ? 'test' : command.split(' ')[2]);
    expect(readme).toContain(`in the gateway's clone (${clone})`);
    expect(readme).toContain(`\`CORE_ADAPTER=${project}/dist\``);
  });

  test("when the template is copied by hand and the page's packages installed, then it compiles with the options the page names", async () => {
    const copy = path.join(work.dir, 'copied-adapter');
    fs.cpSync(path.join(clone, 'adapters', 'template'), copy, {
      recursive: true,
      filter: (src) => !src.startsWith(path.join(clone, 'adapters', 'template', 'test', 'unit')),
    });
    // The documented alternative way to pack: the workspace by name, into the clone's root.
    await mustSh('npm pack -w @data-holder-gateway/adapter-sdk', clone);
    const tarball = path.join(clone, 'data-holder-gateway-adapter-sdk-0.1.0.tgz');
    expect(fs.existsSync(tarball)).toBe(true);
    await mustSh('npm init -y', copy);
    await mustSh(handCopy!.replaceAll('/path/to/', `${clone}/`), copy);
    const options = {
      target: 'ES2022',
      module: 'commonjs',
      strict: true,
      esModuleInterop: true,
      resolveJsonModule: true,
      skipLibCheck: true,
      types: ['node'],
      outDir: 'dist',
    };
    const page = fs
      .readFileSync(path.resolve(__dirname, '../..', PAGE), 'utf8')
      .replace(/\s+/g, ' ');
    for (const [name, value] of Object.entries(options))
      expect(page).toContain(`\`"${name}": ${JSON.stringify(value).replace(/,/g, ', ')}\``);
    fs.writeFileSync(
      path.join(copy, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: options }),
    );
    const compiled = await sh('npx tsc', copy);
    expect(compiled).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(fs.existsSync(path.join(copy, 'dist', 'index.js'))).toBe(true);
  }, 300_000);
});
