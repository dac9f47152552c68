/** What every scenario group gets from the runner. */
import type { Measure } from '../measure';
import type { Row } from '../rows';
import type { Servers } from '../setup';
import type { Targets } from '../targets';

export interface Bench {
  servers: Servers;
  /** Measures one scenario and appends its row to `rows`. */
  measure: Measure;
  /** The results table, in order; median rows replace their runs in it. */
  rows: Row[];
  targets: Targets;
}
