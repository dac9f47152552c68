/**
 * `data-holder-gateway new-adapter`: what it refuses before it writes anything, and the names an
 * adapter id takes in code. The whole path (a project that tests, builds and is served) is
 * test/sdk/new-adapter.fresh-clone.test.ts, from a fresh clone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { NEW_ADAPTER_USAGE, newAdapterCommand } from '../../src/cli/new-adapter';
import {
  adapterNames,
  projectContractTest,
  projectPackageJson,
  projectTsconfigs,
} from '../../src/cli/new-adapter-project';

const ROOT = path.resolve(__dirname, '../..');

async function outcome(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await newAdapterCommand(args, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('new-adapter: arguments', () => {
  let outside: string;
  beforeAll(() => {
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-new-adapter-'));
  });
  afterAll(() => fs.rmSync(outside, { recursive: true, force: true }));

  test('when asked for help, then it prints its usage and exits 0', async () => {
    expect(await outcome(['--help'])).toEqual({ code: 0, out: NEW_ADAPTER_USAGE, err: '' });
  });

  test.each([
    [[], 'an adapter id and a folder are needed'],
    [['acme'], 'an adapter id and a folder are needed'],
    [['acme', 'a', 'b'], 'too many arguments'],
    [['Acme', 'x'], '"Acme" is not an adapter id: lower-case letters, digits and dashes'],
    [
      ['acme--core', 'x'],
      '"acme--core" is not an adapter id: lower-case letters, digits and dashes',
    ],
    [['9acme', 'x'], '"9acme" is not an adapter id: lower-case letters, digits and dashes'],
  ])('when called with %j, then it exits 2 saying what is wrong', async (args, problem) => {
    expect(await outcome(args)).toEqual({
      code: 2,
      out: '',
      err: `new-adapter: ${problem}\n${NEW_ADAPTER_USAGE}`,
    });
  });

  test('when the folder is inside the gateway tree, then it exits 2 and writes nothing', async () => {
    const inside = path.join(ROOT, 'adapters', 'acme-new');
    expect(await outcome(['acme', inside])).toEqual({
      code: 2,
      out: '',
      err: `new-adapter: ${inside} is inside the gateway's tree: choose a folder outside it\n${NEW_ADAPTER_USAGE}`,
    });
    expect(fs.existsSync(inside)).toBe(false);
  });

  test('when the folder is not empty, then it exits 2 and leaves it as it was', async () => {
    fs.writeFileSync(path.join(outside, 'mine.txt'), 'kept');
    expect(await outcome(['acme', outside])).toEqual({
      code: 2,
      out: '',
      err: `new-adapter: ${outside} is not empty\n${NEW_ADAPTER_USAGE}`,
    });
    expect(fs.readdirSync(outside)).toEqual(['mine.txt']);
  });
});

describe('new-adapter: a relative folder under npm run', () => {
  const saved = { event: process.env.npm_lifecycle_event, initCwd: process.env.INIT_CWD };
  let typedIn: string;
  beforeAll(() => {
    typedIn = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-typed-in-'));
    fs.mkdirSync(path.join(typedIn, 'acme'));
    fs.writeFileSync(path.join(typedIn, 'acme', 'mine.txt'), 'kept');
  });
  afterAll(() => {
    fs.rmSync(typedIn, { recursive: true, force: true });
    for (const [name, value] of [
      ['npm_lifecycle_event', saved.event],
      ['INIT_CWD', saved.initCwd],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  test('when npm was started in another folder, then the folder is read against that one', async () => {
    // npm runs the script in the clone's root and says where the user was in INIT_CWD.
    process.env.npm_lifecycle_event = 'new-adapter';
    process.env.INIT_CWD = typedIn;
    const folder = path.join(typedIn, 'acme');
    expect(await outcome(['acme', 'acme'])).toEqual({
      code: 2,
      out: '',
      err: `new-adapter: ${folder} is not empty\n${NEW_ADAPTER_USAGE}`,
    });
  });
});

describe('new-adapter: the names of an id', () => {
  test('when the id has dashes, then each spelling joins its words', () => {
    expect(adapterNames('acme-core-2')).toEqual({
      id: 'acme-core-2',
      camel: 'acmeCore2',
      pascal: 'AcmeCore2',
      screaming: 'ACME_CORE_2',
    });
  });
});

describe('new-adapter: what the contract suite tests', () => {
  let project: string;
  let suite: string;
  beforeAll(() => {
    // A project as new-adapter writes it, built once (dist/) and changed since: the build is stale.
    project = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-project-')));
    const names = adapterNames('acme');
    const gateway = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    const files: Record<string, string> = {
      'package.json': projectPackageJson(names, 'sdk.tgz', gateway),
      'tsconfig.json': projectTsconfigs().main,
      'index.ts': 'export const adapterModule = {};\n',
      'dist/index.js': 'exports.adapterModule = {};\n',
      'dist/index.d.ts': 'export declare const adapterModule: object;\n',
      'test/acme.contract.test.ts': projectContractTest(names),
    };
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(project, name)), { recursive: true });
      fs.writeFileSync(path.join(project, name), text);
    }
    suite = path.join(project, 'test', 'acme.contract.test.ts');
  });
  afterAll(() => fs.rmSync(project, { recursive: true, force: true }));

  /** Where the suite's import of the adapter module points. */
  const adapterImport = () =>
    /^import \{ adapterModule\b[^}]*\} from '([^']+)';$/m.exec(fs.readFileSync(suite, 'utf8'))![1]!;

  test('when the project has a build in dist/, then jest loads the adapter from its source entry', () => {
    // Under jest, require.resolve is jest's resolver, with jest's default extensions.
    expect(require.resolve(path.resolve(path.dirname(suite), adapterImport()))).toBe(
      path.join(project, 'index.ts'),
    );
  });

  test('when the project has a build in dist/, then strict tsc checks the suite against the source entry', () => {
    const { options } = ts.convertCompilerOptionsFromJson(
      JSON.parse(projectTsconfigs().main).compilerOptions,
      project,
    );
    const resolved = ts.resolveModuleName(adapterImport(), suite, options, ts.sys);
    expect(resolved.resolvedModule?.resolvedFileName).toBe(path.join(project, 'index.ts'));
  });
});
