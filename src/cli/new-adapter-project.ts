/**
 * The files of a new adapter project besides the template's own: its package.json, TypeScript and
 * jest configuration, the contract suite wired to `npm test`, and a README. Pure text: the
 * command (new-adapter.ts) writes them.
 */

/** The gateway's own dependency versions, so the project builds with what the gateway tests. */
export interface GatewayVersions {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

/** The names an adapter id takes in code: `acme-bank` → acmeBank, AcmeBank, ACME_BANK. */
export interface AdapterNames {
  id: string;
  camel: string;
  pascal: string;
  screaming: string;
}

export function adapterNames(id: string): AdapterNames {
  const words = id.split('-');
  const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  return {
    id,
    camel: words[0] + words.slice(1).map(capital).join(''),
    pascal: words.map(capital).join(''),
    screaming: words.join('_').toUpperCase(),
  };
}

function versionOf(versions: GatewayVersions, name: string): string {
  const version = versions.dependencies[name] ?? versions.devDependencies[name];
  if (version === undefined) throw new Error(`the gateway's package.json does not list ${name}`);
  return version;
}

export function projectPackageJson(
  names: AdapterNames,
  sdkTarball: string,
  versions: GatewayVersions,
): string {
  const pin = (list: string[]) =>
    Object.fromEntries(list.map((name) => [name, versionOf(versions, name)]));
  const manifest = {
    name: `${names.id}-dhg-adapter`,
    version: '0.1.0',
    private: true,
    description: `Data Holder Gateway core adapter "${names.id}".`,
    main: 'dist/index.js',
    types: 'dist/index.d.ts',
    files: ['dist'],
    scripts: {
      build: 'tsc -p tsconfig.build.json',
      test: 'tsc -p tsconfig.json --noEmit && jest',
      core: `ts-node --transpile-only test/${names.id}-core.ts`,
    },
    dependencies: {
      '@data-holder-gateway/adapter-sdk': `file:./${sdkTarball}`,
      ...pin(['lossless-json', 'undici']),
    },
    devDependencies: pin([
      '@types/jest',
      '@types/node',
      'jest',
      'ts-jest',
      'ts-node',
      'typescript',
    ]),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'commonjs',
    moduleResolution: 'node',
    lib: ['ES2022'],
    types: ['node', 'jest'],
    rootDir: '.',
    outDir: 'dist',
    strict: true,
    noImplicitOverride: true,
    noFallthroughCasesInSwitch: true,
    noUnusedLocals: true,
    noUnusedParameters: true,
    esModuleInterop: true,
    resolveJsonModule: true,
    forceConsistentCasingInFileNames: true,
    skipLibCheck: true,
    isolatedModules: true,
    declaration: true,
    sourceMap: true,
  },
  include: ['*.ts', 'mappers', 'test'],
};

/** tsconfig.json (everything, for the editor and `npm test`) and tsconfig.build.json (no tests). */
export function projectTsconfigs(): { main: string; build: string } {
  const build = {
    extends: './tsconfig.json',
    compilerOptions: { types: ['node'] },
    include: ['*.ts', 'mappers'],
  };
  return {
    main: `${JSON.stringify(TSCONFIG, null, 2)}\n`,
    build: `${JSON.stringify(build, null, 2)}\n`,
  };
}

export const PROJECT_JEST_CONFIG = `/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  transform: { '^.+\\\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
};
`;

export const PROJECT_GITIGNORE = 'node_modules\ndist\n';

/** The contract suite over the project's loopback core, with the fixtures it ships. */
export function projectContractTest(names: AdapterNames): string {
  const { id, camel, pascal, screaming } = names;
  return `/**
 * The adapter contract suite (the SDK's) on the ${id} adapter over its loopback core
 * (test/${id}-core.ts, serving fixtures/core-data.json), with the fixtures in
 * fixtures/contract-fixtures.json. Replace the loopback core with a test core of your own as the
 * adapter grows.
 */
import {
  describeAdapterContract,
  type AdapterContractFixtures,
  type AdapterContractOptions,
} from '@data-holder-gateway/adapter-sdk/contract';
import contract from '../fixtures/contract-fixtures.json';
// The source entry, never the package's \`main\` (dist/): the suite tests the code as it is now.
import { adapterModule, type ${pascal}Config } from '../index';
import { start${pascal}Core, ${screaming}_CORE_API_KEY } from './${id}-core';

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

describeAdapterContract({
  name: contract.name,
  ports: contract.ports as AdapterContractOptions['ports'],
  // JSON reads its strings as plain strings: the refusal reasons are the SDK's names.
  fixtures: contract.fixtures as AdapterContractFixtures,
  setup: async () => {
    const core = await start${pascal}Core();
    // What the gateway would read from ${screaming}_* variables, defaults included.
    const config: ${pascal}Config = {
      baseUrl: core.url,
      apiKey: ${screaming}_CORE_API_KEY,
      connections: 4,
      connectTimeoutMs: 2000,
      headersTimeoutMs: 5000,
      bodyTimeoutMs: 10000,
      keepAliveTimeoutMs: 4000,
      maxResponseBytes: 10485760,
    };
    const ${camel}Adapter = await adapterModule.create({
      config: { ...config },
      log: silentLog,
    });
    return { adapter: ${camel}Adapter, teardown: () => core.close() };
  },
});
`;
}

/** Where the project came from: the gateway's clone and the project's own folder. */
export interface ProjectPlaces {
  clone: string;
  folder: string;
}

export function projectReadme(names: AdapterNames, places: ProjectPlaces): string {
  const { id, screaming } = names;
  return `# ${id}: a Data Holder Gateway core adapter

Made by \`data-holder-gateway new-adapter\` from the gateway's template: a complete, small adapter
over a made-up REST core (\`${id}-client.ts\`, \`${id}.adapter.ts\`, \`mappers/\`), with the
made-up core itself for tests (\`test/${id}-core.ts\` over \`fixtures/core-data.json\`). Replace
the client's calls and the mappers with your core's; the gateway's docs/adapters.md describes
the ports, the errors and every check of the contract suite.

\`\`\`sh
npm test              # strict tsc, then the SDK's contract suite on the sources (never dist/)
npm run build         # compiles into dist/
npm run core -- 8089  # the made-up core on port 8089, to try the adapter in a gateway
\`\`\`

The gateway loads the compiled adapter by path, with its configuration from \`${screaming}_*\`
variables. To try it, follow the gateway's docs/adapters.md ("A new adapter project in one
command") in the gateway's clone (${places.clone}), with \`CORE_ADAPTER=${places.folder}/dist\`,
\`${screaming}_BASE_URL\` the made-up core's address and \`${screaming}_API_KEY=${id}-test-key\`. To
ship it in the gateway's container image: its docs/operations.md, "An adapter of your own in the
image".
`;
}
