/**
 * Import rules: imports point inwards (docs/decisions/0022-imports-point-inward.md).
 * `npm run lint` fails on a wrong arrow; test/unit/import-rules.test.ts proves each rule fires.
 * Type-only imports count too (`tsPreCompilationDeps`): a type is a dependency of the design.
 */

/**
 * The adapter SDK's entry point, as `@data-holder-gateway/adapter-sdk` resolves (tsconfig paths):
 * the one module of the repository an adapter may import outside its own folder.
 */
const SDK_ENTRY = '^packages/adapter-sdk/src/index\\.ts$';
/**
 * The composition root: the one place that chooses and loads adapters (and the start-up checks
 * `serve` and `check` share).
 */
const COMPOSITION_ROOT = [
  '^src/gateway\\.ts$',
  '^src/adapters\\.ts$',
  '^src/preflight\\.ts$',
  '^src/start-warnings\\.ts$',
  '^src/cli/check\\.ts$',
  // `ids export` makes the ids of what the configured cores list: it creates their instances.
  '^src/cli/ids-export\\.ts$',
];
/** Each core system's mappers (adapters/<system>/mappers/), the system id captured as $1. */
const MAPPERS = '^adapters/([^/]+)/mappers/';
/** A core system's own tests (adapters/<system>/test/) may read src/ as test/ does. */
const ADAPTER_TESTS = '^adapters/[^/]+/test/';
/** Express and its type packages. */
const EXPRESS = 'node_modules/(@types/)?express(-serve-static-core)?/';
/** A folder named `proxy` anywhere in src/ but src/proxy/ itself. */
const SPLIT_PROXY = '^src/.+/proxy/';

module.exports = {
  forbidden: [
    {
      name: 'services-not-http',
      comment:
        'Endpoint services (and their shared helpers) are transport-free: paging, query values and paging tokens come from src/api, never src/http or the route declarations of src/routes. Only the routes files beside them (and the family list) may import those.',
      severity: 'error',
      from: {
        path: '^src/endpoints/',
        pathNot: ['\\.routes\\.ts$', '^src/endpoints/families\\.ts$'],
      },
      to: { path: '^src/(http|routes)/' },
    },
    {
      name: 'api-transport-free',
      comment:
        'src/api is used by services and http alike: it imports src/errors and itself, and no network module.',
      severity: 'error',
      from: { path: '^src/api/' },
      to: { path: '^src/', pathNot: ['^src/api/', '^src/errors/'] },
    },
    {
      name: 'api-no-network',
      comment:
        'src/api knows no transport: no node:http (or any other network module), no Express.',
      severity: 'error',
      from: { path: '^src/api/' },
      to: { dependencyTypes: ['core'], path: '^(http|https|http2|net|tls|dgram)$' },
    },
    {
      name: 'express-only-in-http',
      comment: 'Nothing outside src/http imports Express, not even its types.',
      severity: 'error',
      from: { path: '^(src|adapters|packages)/', pathNot: '^src/http/' },
      to: { path: EXPRESS },
    },
    {
      name: 'adapters-import-only-the-sdk',
      comment:
        "An adapter imports, from the repository, only the adapter SDK (@data-holder-gateway/adapter-sdk) and its own folder, as an adapter in a holder's own repository does; npm and Node modules are allowed. Its own tests (adapters/<system>/test/) are left out.",
      severity: 'error',
      from: { path: '^adapters/([^/]+)/', pathNot: ADAPTER_TESTS },
      to: {
        pathNot: ['^adapters/$1/', SDK_ENTRY, '^node_modules/'],
        dependencyTypesNot: ['core'],
      },
    },
    {
      name: 'mappers-pure',
      comment:
        'Mappers are pure: at run time they import only their own mappers folder and the SDK (type-only imports are not followed).',
      severity: 'error',
      from: { path: MAPPERS },
      to: {
        path: '^adapters/',
        pathNot: '^adapters/$1/mappers/',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'mappers-no-io',
      severity: 'error',
      from: { path: MAPPERS },
      to: { dependencyTypes: ['core', 'npm'] },
    },
    {
      name: 'adapters-loaded-by-composition-root',
      comment: 'Only the composition root imports a concrete adapter.',
      severity: 'error',
      from: { path: '^(src|packages)/', pathNot: COMPOSITION_ROOT },
      to: { path: '^adapters/' },
    },
    {
      name: 'core-call-layers-publish-only',
      comment:
        'The layers of the core call publish what they decide (src/core-call/events.ts); metrics and tracing subscribe in src/observability/, which no layer imports.',
      severity: 'error',
      from: { path: '^src/core-call/' },
      to: { path: '^src/observability/' },
    },
    {
      name: 'adapter-registry-in-composition-root',
      comment: 'The adapter registry (src/adapters.ts) loads adapters: only the gateway calls it.',
      severity: 'error',
      from: { path: '^(src|adapters|packages)/', pathNot: COMPOSITION_ROOT },
      to: { path: '^src/adapters\\.ts$' },
    },
    {
      name: 'adapters-stay-in-their-folder',
      comment: 'One adapter never loads another: each folder stands alone.',
      severity: 'error',
      from: { path: '^adapters/([^/]+)/' },
      to: { path: '^adapters/', pathNot: '^adapters/$1/' },
    },
    {
      name: 'sdk-stands-alone',
      comment:
        'The adapter SDK is published on its own: it imports nothing of the gateway, only itself and npm and Node modules.',
      severity: 'error',
      from: { path: '^packages/adapter-sdk/' },
      to: { pathNot: ['^packages/adapter-sdk/', '^node_modules/'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'proxy-in-one-room',
      comment:
        'Pass-through lives in src/proxy/ alone (docs/decisions/0038-one-pipeline-for-pass-through.md): a second proxy folder (src/http/proxy/ was one) grew a second copy of circuits and metrics beside the resilience stack.',
      severity: 'error',
      from: { path: SPLIT_PROXY },
      to: {},
    },
    {
      name: 'proxy-in-one-room',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: SPLIT_PROXY },
    },
    {
      name: 'proxy-on-the-resilience-stack',
      comment:
        "The proxy is the innermost step of its instance's resilience stack (ResilientAdapter.pass): it makes no circuit, window or timeout of its own.",
      severity: 'error',
      from: { path: '^src/proxy/' },
      to: {
        path: [
          '^src/resilience/(circuits|circuit-groups|maintenance|timeout|retry-budget)\\.ts$',
          'node_modules/opossum/',
        ],
      },
    },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(dist|node_modules)/' },
  },
};
