/**
 * `data-holder-gateway new-adapter <id> <folder>` (`npm run new-adapter -- ...` in a clone): starts
 * a holder's adapter project outside the gateway's tree. The folder gets the template adapter
 * (adapters/template/) renamed to the id, the adapter SDK packed from packages/adapter-sdk (`npm
 * pack`, whose prepack builds it) and installed from that tarball, the contract suite wired to
 * `npm test`, and its dependencies installed. It needs a clone of the gateway with its dev
 * dependencies (the template's sources and the compiler that builds the SDK).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { type Output, PROCESS_OUTPUT } from './clients';
import { invokedFrom } from '../config/invoked-from';
import {
  adapterNames,
  PROJECT_GITIGNORE,
  PROJECT_JEST_CONFIG,
  projectContractTest,
  projectPackageJson,
  projectReadme,
  projectTsconfigs,
  type AdapterNames,
  type GatewayVersions,
} from './new-adapter-project';

export const NEW_ADAPTER_USAGE = `usage: data-holder-gateway new-adapter <id> <folder> [--no-install]   (npm run new-adapter -- ...)
  Starts an adapter project in <folder> (new or empty, outside the gateway's tree): the template
  adapter renamed to <id> (lower-case letters, digits and dashes), the adapter SDK packed from
  this clone and installed from its tarball, and the contract suite wired to npm test.
  --no-install  write the files and the SDK tarball, but do not run npm install
Run it in a clone of the gateway after npm ci. Exit codes: 0 done, 1 failed, 2 usage.`;

const ID = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const exec = promisify(execFile);

/** The gateway's root: the nearest folder above this file whose package.json is the gateway's. */
function gatewayRoot(): string {
  for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (!fs.existsSync(manifest)) continue;
    if (
      (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name ===
      'data-holder-gateway'
    )
      return dir;
  }
  throw new Error('new-adapter: the gateway package.json was not found above the command line');
}

interface Request {
  names: AdapterNames;
  folder: string;
  install: boolean;
}

/** The request in the arguments, or a message saying what is wrong with them. */
function requestOf(args: readonly string[], root: string): Request | string {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: { 'no-install': { type: 'boolean' } },
    });
  } catch (err) {
    return (err as Error).message;
  }
  const [id, target, ...rest] = parsed.positionals;
  if (id === undefined || target === undefined) return 'an adapter id and a folder are needed';
  if (rest.length > 0) return 'too many arguments';
  if (!ID.test(id)) return `"${id}" is not an adapter id: lower-case letters, digits and dashes`;
  const folder = path.resolve(invokedFrom('new-adapter'), target);
  const relative = path.relative(root, folder);
  if (relative === '' || !relative.startsWith('..'))
    return `${folder} is inside the gateway's tree: choose a folder outside it`;
  if (fs.existsSync(folder) && fs.readdirSync(folder).length > 0) return `${folder} is not empty`;
  return { names: adapterNames(id), folder, install: parsed.values['no-install'] !== true };
}

/** Template text with `template` renamed to the id, in each of its spellings. */
function renamed(text: string, names: AdapterNames): string {
  return text
    .replace(
      /copy the folder `adapters\/template\/` \(it imports nothing of the\n \* gateway but `@data-holder-gateway\/adapter-sdk`\), rename `template` to your adapter's id, and\n \* replace/,
      "made by new-adapter from the gateway's example (it imports nothing of the\n * gateway but `@data-holder-gateway/adapter-sdk`); replace",
    )
    .replace(
      '`CORE_ADAPTER=./dist/adapters/template` (a path)',
      '`CORE_ADAPTER=<this project>/dist` (a path)',
    )
    .replace(/The template's /g, "The adapter's ")
    .replace('docs/adapters.md walks', "The gateway's docs/adapters.md walks")
    .replace(/`adapters\/template\/`/g, 'this project')
    .replace(/adapters\/template\//g, '')
    .replace(/TEMPLATE/g, names.screaming)
    .replace(/Template/g, names.pascal)
    .replace(/template(?=[A-Z])/g, names.camel)
    .replace(/(?<!route )template/g, names.id);
}

/** The template's files to copy, from the template folder, with the name each gets. */
function templateFiles(template: string, names: AdapterNames): { from: string; to: string }[] {
  const files: { from: string; to: string }[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(template, relative), { withFileTypes: true })) {
      const from = path.join(relative, entry.name);
      // The template's unit tests import the gateway's own test kit: they stay in the gateway.
      if (from === path.join('test', 'unit')) continue;
      if (entry.isDirectory()) walk(from);
      else files.push({ from, to: from.replace(/template/g, names.id) });
    }
  };
  walk('');
  return files;
}

function writeTemplate(root: string, request: Request): void {
  const template = path.join(root, 'adapters', 'template');
  for (const { from, to } of templateFiles(template, request.names)) {
    const text = fs.readFileSync(path.join(template, from), 'utf8');
    const target = path.join(request.folder, to);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, from.endsWith('.json') ? text : renamed(text, request.names));
  }
  const fixtures = path.join(request.folder, 'fixtures', 'contract-fixtures.json');
  const contract = JSON.parse(fs.readFileSync(fixtures, 'utf8')) as Record<string, unknown>;
  contract.name = `${request.names.id} over its loopback core`;
  fs.writeFileSync(fixtures, `${JSON.stringify(contract, null, 2)}\n`);
}

/** Packs the SDK into the folder (its prepack builds it); answers the tarball's file name. */
async function packSdk(root: string, folder: string): Promise<string> {
  const { stdout } = await exec(
    'npm',
    ['pack', './packages/adapter-sdk', '--json', '--pack-destination', folder],
    { cwd: root, maxBuffer: 16 * 1024 * 1024 },
  );
  // npm prints the lifecycle scripts' output before the JSON report.
  const report = JSON.parse(stdout.slice(stdout.indexOf('\n[') + 1)) as { filename: string }[];
  return report[0]!.filename;
}

function writeProject(root: string, request: Request, tarball: string): void {
  const { names, folder } = request;
  const gateway = JSON.parse(
    fs.readFileSync(path.join(root, 'package.json'), 'utf8'),
  ) as GatewayVersions;
  const tsconfigs = projectTsconfigs();
  const files: Record<string, string> = {
    'package.json': projectPackageJson(names, tarball, gateway),
    'tsconfig.json': tsconfigs.main,
    'tsconfig.build.json': tsconfigs.build,
    'jest.config.js': PROJECT_JEST_CONFIG,
    '.gitignore': PROJECT_GITIGNORE,
    'README.md': projectReadme(names, { clone: root, folder }),
    [path.join('test', `${names.id}.contract.test.ts`)]: projectContractTest(names),
  };
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(folder, name), text);
}

/** Runs `new-adapter <args>`. Returns the exit code. */
export async function newAdapterCommand(
  args: readonly string[],
  io: Output = PROCESS_OUTPUT,
): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.out(NEW_ADAPTER_USAGE);
    return 0;
  }
  const root = gatewayRoot();
  const request = requestOf(args, root);
  if (typeof request === 'string') {
    io.err(`new-adapter: ${request}\n${NEW_ADAPTER_USAGE}`);
    return 2;
  }
  if (!fs.existsSync(path.join(root, 'adapters', 'template', 'index.ts'))) {
    io.err('new-adapter: the template adapter is missing: run it in a clone of the gateway');
    return 1;
  }
  fs.mkdirSync(request.folder, { recursive: true });
  writeTemplate(root, request);
  let tarball: string;
  try {
    tarball = await packSdk(root, request.folder);
  } catch (err) {
    const detail = (err as { stderr?: string }).stderr?.trim() ?? String(err);
    io.err(
      `new-adapter: packing the adapter SDK failed (run npm ci in the clone first):\n${detail}`,
    );
    return 1;
  }
  writeProject(root, request, tarball);
  if (request.install) {
    io.err(`new-adapter: installing the project's dependencies (npm install)`);
    try {
      await exec('npm', ['install', '--no-audit', '--no-fund'], {
        cwd: request.folder,
        maxBuffer: 16 * 1024 * 1024,
      });
    } catch (err) {
      io.err(
        `new-adapter: npm install failed in ${request.folder}:\n${(err as { stderr?: string }).stderr ?? String(err)}`,
      );
      return 1;
    }
  }
  io.out(
    `adapter "${request.names.id}" in ${request.folder} (SDK from ${tarball})\n` +
      `next: cd ${request.folder} && ${request.install ? '' : 'npm install && '}npm test`,
  );
  return 0;
}
