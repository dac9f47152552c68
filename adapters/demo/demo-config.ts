/**
 * The demo adapter's configuration block (id `demo`): its settings table, a JSON Schema written
 * with TypeBox. Both variables, `DEMO_DATA_FILE` and `DEMO_PERSIST_PRODUCTS`, are also gateway
 * settings (the gateway resolves the data file's path and gives it the bundled sample by
 * default), so the block receives the gateway's validated values for them.
 */
import { Type, type Static } from '@sinclair/typebox';

/** JSON Schema of the `demo` configuration block. */
export const demoConfigSchema = Type.Object({
  dataFile: Type.String({
    minLength: 1,
    description: 'Path of the data set (DEMO_DATA_FILE).',
  }),
  persistProducts: Type.Boolean({
    default: false,
    description: 'Whether product writes are saved back to the data file (DEMO_PERSIST_PRODUCTS).',
  }),
});

/** The validated configuration block of the demo adapter. */
export type DemoConfig = Static<typeof demoConfigSchema>;
