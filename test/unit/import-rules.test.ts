/**
 * The import rules of .dependency-cruiser.cjs catch what they are meant to: a small tree in the
 * repository's layout, with one wrong arrow per rule beside arrows that are allowed, is cruised
 * with the real configuration, and exactly the wrong arrows are reported, each by its rule.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cruise, REPOSITORY as ROOT } from '../helpers/depcruise';

const SDK = '@data-holder-gateway/adapter-sdk';

/** The tree: file -> source. Allowed arrows first, then one wrong arrow per rule. */
const TREE: Record<string, string> = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      module: 'commonjs',
      moduleResolution: 'node',
      esModuleInterop: true,
      paths: { [SDK]: ['./packages/adapter-sdk/src/index.ts'] },
    },
  }),
  'packages/adapter-sdk/src/errors.ts': 'export class GatewayError extends Error {}\n',
  'packages/adapter-sdk/src/index.ts':
    "export { GatewayError } from './errors';\nexport interface CorePort { id: string }\nexport const pick = (v: object): object => v;\n",
  'src/errors/index.ts': `export { GatewayError } from '${SDK}';\n`,
  'src/ports/index.ts': `export type { CorePort } from '${SDK}';\n`,
  'src/config/config.ts': 'export interface Config { port: number }\n',
  'contracts/index.ts': 'export const refOf = (name: string): string => name;\n',
  'src/api/query-values.ts':
    "import { GatewayError } from '../errors';\nexport type QueryValues = Record<string, string>;\nexport const E = GatewayError;\n",
  'src/http/router.ts':
    "import express from 'express';\nimport type { QueryValues } from '../api/query-values';\nexport const app = express();\nexport type Q = QueryValues;\n",
  'src/routes/route-spec.ts': 'export interface RouteSpec { path: string }\n',
  'src/endpoints/good/good.service.ts':
    "import type { QueryValues } from '../../api/query-values';\nimport type { CorePort } from '../../ports';\nexport type S = [QueryValues, CorePort];\n",
  'src/endpoints/good/good.routes.ts':
    "import type { RouteSpec } from '../../routes/route-spec';\nimport type { S } from './good.service';\nexport type R = [RouteSpec, S];\n",
  'src/adapters.ts': "export { demo } from '../adapters/demo/index';\n",
  'src/gateway.ts': "export { demo } from './adapters';\n",
  'adapters/other/index.ts': 'export const other = 1;\n',
  'adapters/demo/client.ts': `import { GatewayError } from '${SDK}';\nexport const E = GatewayError;\n`,
  'adapters/demo/index.ts': `import type { CorePort } from '${SDK}';\nimport { E } from './client';\nimport { toX } from './mappers/x.mapper';\nexport const demo = [E, toX] as unknown as CorePort;\n`,
  'adapters/demo/mappers/x.mapper.ts': `import { pick, type CorePort } from '${SDK}';\nimport type { E } from '../client';\nexport const toX = (p: CorePort): object => pick(p);\nexport type T = typeof E;\n`,
  'adapters/demo/mappers/values.ts': 'export const one = 1;\n',
  'adapters/demo/test/demo.test.ts':
    "import { app } from '../../../src/http/router';\nimport { demo } from '../index';\nexport const t = [app, demo];\n",

  'src/endpoints/bad/bad-http.service.ts':
    "import type { RouteSpec } from '../../routes/route-spec';\nexport type R = RouteSpec;\n",
  'src/api/bad-import.ts':
    "import type { Config } from '../config/config';\nexport type C = Config;\n",
  'src/api/bad-network.ts': "import http from 'node:http';\nexport const s = http.createServer;\n",
  'src/auth/bad-express.ts': "import type { Request } from 'express';\nexport type R = Request;\n",
  'src/proxy/room.ts':
    "import type { RouteSpec } from '../routes/route-spec';\nexport type P = RouteSpec;\n",
  'src/proxy/bad-express.ts':
    "import type { Response } from 'express';\nexport type R = Response;\n",
  'src/http/proxy/bad-split.ts': "import type { P } from '../../proxy/room';\nexport type S = P;\n",
  'src/http/bad-router.ts': "import type { S } from './proxy/bad-split';\nexport type R = S;\n",
  'src/proxy/bad-circuit.ts':
    "import CircuitBreaker from 'opossum';\nexport const c = CircuitBreaker;\n",
  'adapters/bad/index.ts': "import { app } from '../../src/http/router';\nexport const a = app;\n",
  'adapters/bad/errors.ts':
    "import { GatewayError } from '../../src/errors';\nexport const E = GatewayError;\n",
  'adapters/bad/deep.ts':
    "import { GatewayError } from '../../packages/adapter-sdk/src/errors';\nexport const E = GatewayError;\n",
  'adapters/bad/contracts.ts':
    "import { refOf } from '../../contracts/index';\nexport const r = refOf;\n",
  'adapters/demo/mappers/y.mapper.ts': "import { E } from '../client';\nexport const y = E;\n",
  'src/endpoints/bad/bad-adapter.service.ts':
    "import { other } from '../../../adapters/other/index';\nexport const o = other;\n",
  'src/auth/bad-registry.ts': "import { demo } from '../adapters';\nexport const d = demo;\n",
  'adapters/cross/test/cross.test.ts':
    "import { other } from '../../other/index';\nexport const o = other;\n",
  'adapters/demo/mappers/z.mapper.ts':
    "import fs from 'node:fs';\nimport { one } from './values';\nexport const z = [fs, one];\n",
  'packages/adapter-sdk/src/bad.ts':
    "import type { Config } from '../../../src/config/config';\nexport type C = Config;\n",
  'src/observability/metrics.ts': 'export const count = (): void => undefined;\n',
  'src/core-call/bad-layer.ts':
    "import { count } from '../observability/metrics';\nexport const c = count;\n",
};

/** Each wrong arrow and the rule that must report it. */
const EXPECTED = [
  ['src/endpoints/bad/bad-http.service.ts', 'src/routes/route-spec.ts', 'services-not-http'],
  ['src/api/bad-import.ts', 'src/config/config.ts', 'api-transport-free'],
  ['src/api/bad-network.ts', 'http', 'api-no-network'],
  ['src/auth/bad-express.ts', 'express', 'express-only-in-http'],
  ['src/proxy/bad-express.ts', 'express', 'express-only-in-http'],
  ['src/http/proxy/bad-split.ts', 'src/proxy/room.ts', 'proxy-in-one-room'],
  ['src/http/bad-router.ts', 'src/http/proxy/bad-split.ts', 'proxy-in-one-room'],
  ['src/proxy/bad-circuit.ts', 'opossum', 'proxy-on-the-resilience-stack'],
  ['adapters/bad/index.ts', 'src/http/router.ts', 'adapters-import-only-the-sdk'],
  ['adapters/bad/errors.ts', 'src/errors/index.ts', 'adapters-import-only-the-sdk'],
  ['adapters/bad/deep.ts', 'packages/adapter-sdk/src/errors.ts', 'adapters-import-only-the-sdk'],
  ['adapters/bad/contracts.ts', 'contracts/index.ts', 'adapters-import-only-the-sdk'],
  ['adapters/demo/mappers/y.mapper.ts', 'adapters/demo/client.ts', 'mappers-pure'],
  [
    'src/endpoints/bad/bad-adapter.service.ts',
    'adapters/other/index.ts',
    'adapters-loaded-by-composition-root',
  ],
  ['src/auth/bad-registry.ts', 'src/adapters.ts', 'adapter-registry-in-composition-root'],
  ['adapters/cross/test/cross.test.ts', 'adapters/other/index.ts', 'adapters-stay-in-their-folder'],
  ['adapters/demo/mappers/z.mapper.ts', 'fs', 'mappers-no-io'],
  ['packages/adapter-sdk/src/bad.ts', 'src/config/config.ts', 'sdk-stands-alone'],
  ['src/core-call/bad-layer.ts', 'src/observability/metrics.ts', 'core-call-layers-publish-only'],
] as const;

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/** Packages resolve to their real files (through the node_modules link); name them by package. */
function shortTarget(to: string): string {
  const match = /node_modules\/(express|opossum)\//.exec(to);
  return match ? match[1]! : to;
}

let violations: { from: string; to: string; rule: string }[];
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-rules-'));
  for (const [file, source] of Object.entries(TREE)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), source);
  }
  // The tree resolves `express` as the repository does.
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const result = cruise(dir, ['src', 'adapters', 'packages']) as {
    summary: { violations: Violation[] };
  };
  violations = result.summary.violations.map((v) => ({
    from: v.from,
    to: shortTarget(v.to),
    rule: v.rule.name,
  }));
}, 60_000);

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('import rules', () => {
  it.each(EXPECTED)('when %s imports %s, then %s reports it', (from, to, rule) => {
    expect(violations).toContainEqual({ from, to, rule });
  });

  it('when every other arrow points inward, then nothing else is reported', () => {
    const expected = EXPECTED.map(([from, to, rule]) => ({ from, to, rule }));
    expect(violations).toHaveLength(expected.length);
    expect(violations).toEqual(expect.arrayContaining(expected));
  });
});
