/**
 * Import rules: imports point inwards (docs/decisions/0022-imports-point-inward.md).
 * `npm run lint` fails on a wrong arrow; test/unit/import-rules.test.ts proves each rule fires.
 * Type-only imports count too (`tsPreCompilationDeps`): a type is a dependency of the design.
 */

/** What adapters and mappers may import from src/: the modules the adapter SDK will carry. */
const ADAPTER_FACING = ['^src/ports/', '^src/errors\\.ts$'];
/** The composition root: the one place that chooses and loads adapters (and `check`, validating it). */
const COMPOSITION_ROOT = ['^src/gateway\\.ts$', '^src/adapters\\.ts$', '^src/cli/check\\.ts$'];
/**
 * Mappers: the shared ones (mappers/) and each core system's own (adapters/<system>/mappers/).
 * The second form captures the system id as $1 for rules that name the mapper's own folder.
 */
const MAPPERS = '^(?:mappers/|adapters/([^/]+)/mappers/)';
/** A core system's own tests (adapters/<system>/test/) may read src/ as test/ does. */
const ADAPTER_TESTS = '^adapters/[^/]+/test/';
/** Express and its type packages. */
const EXPRESS = 'node_modules/(@types/)?express(-serve-static-core)?/';

module.exports = {
  forbidden: [
    {
      name: 'services-not-http',
      comment:
        'Endpoint services (and their shared helpers) are transport-free: paging, query values and paging tokens come from src/api, never src/http. Only the routes files beside them may import src/http.',
      severity: 'error',
      from: { path: '^src/endpoints/', pathNot: '\\.routes\\.ts$' },
      to: { path: '^src/http/' },
    },
    {
      name: 'api-transport-free',
      comment:
        'src/api is used by services and http alike: it imports src/errors and itself, and no network module.',
      severity: 'error',
      from: { path: '^src/api/' },
      to: { path: '^src/', pathNot: ['^src/api/', '^src/errors\\.ts$'] },
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
      from: { path: '^(src|adapters|mappers)/', pathNot: '^src/http/' },
      to: { path: EXPRESS },
    },
    {
      name: 'adapters-only-adapter-facing',
      comment:
        'Adapters and mappers import only src/ports and src/errors from src/ (plus their own files, contracts/ and npm modules).',
      severity: 'error',
      from: { path: '^(adapters|mappers)/', pathNot: ADAPTER_TESTS },
      to: { path: '^src/', pathNot: ADAPTER_FACING },
    },
    {
      name: 'mappers-types-only',
      comment: 'Mappers are pure: they may import only types (type-only imports are not followed).',
      severity: 'error',
      from: { path: MAPPERS },
      to: {
        path: '^(src|adapters)/',
        pathNot: ['^src/ports/', '^adapters/$1/mappers/'],
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
      from: { path: '^(src|mappers)/', pathNot: COMPOSITION_ROOT },
      to: { path: '^adapters/' },
    },
    {
      name: 'adapter-registry-in-composition-root',
      comment: 'The adapter registry (src/adapters.ts) loads adapters: only the gateway calls it.',
      severity: 'error',
      from: { path: '^(src|adapters|mappers)/', pathNot: COMPOSITION_ROOT },
      to: { path: '^src/adapters\\.ts$' },
    },
    {
      name: 'adapters-stay-in-their-folder',
      comment: 'One adapter never loads another: each folder stands alone.',
      severity: 'error',
      from: { path: '^adapters/([^/]+)/' },
      to: { path: '^adapters/', pathNot: '^adapters/$1/' },
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
