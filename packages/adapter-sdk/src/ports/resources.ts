/**
 * The documented resource shapes, as TypeScript types generated from the JSON Schemas of this package's `schemas/` (the
 * schemas are the authority). Import them from here; `npm run types:generate` rewrites the
 * generated file after a schema changes.
 */
export type * from './resources.generated';
