/** Import rules: imports point inwards (see README.md, "Where things are"). */
module.exports = {
  forbidden: [
    {
      name: 'adapters-only-ports-and-errors',
      comment:
        'Adapters may import src/ports and src/errors only (plus their own mappers and node/npm modules).',
      severity: 'error',
      from: { path: '^adapters/' },
      to: { path: '^src/', pathNot: ['^src/ports/', '^src/errors\\.ts$'] },
    },
    {
      name: 'mappers-types-only',
      comment: 'Mappers are pure: they may import only types (type-only imports are not followed).',
      severity: 'error',
      from: { path: '^mappers/' },
      to: { path: '^(src|adapters)/', pathNot: ['^src/ports/'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'mappers-no-io',
      severity: 'error',
      from: { path: '^mappers/' },
      to: { dependencyTypes: ['core', 'npm'] },
    },
    {
      name: 'express-only-in-http',
      comment: 'Nothing outside src/http (and the app/main wiring) imports Express.',
      severity: 'error',
      from: { pathNot: ['^src/http/', '^src/app\\.ts$', '^test/'] },
      to: { path: 'node_modules/express/' },
    },
    {
      name: 'src-does-not-import-adapters',
      comment: 'The core never depends on a concrete adapter except through the adapter registry.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/adapters\\.ts$'] },
      to: { path: '^adapters/' },
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
