/** An adapter instance as the fan-out over several cores sees it. */
import type { CoreFamily } from '../../config/core-layout';
import type { CoreAdapter } from '../../ports';
import type { OperationName } from '../../ports/operations';
import type { Step } from '../core-call';

/** One adapter instance: what it serves, what it implements, and its calls. */
export interface Instance {
  readonly id: string;
  /** The families the layout has it serve. */
  readonly families: readonly CoreFamily[];
  /** The operations its adapter implements. */
  readonly operations: ReadonlySet<OperationName>;
  /** Its calls, through its own layers. */
  readonly step: Step;
}

/** An instance the gateway serves: also its ports, for its readiness and its close. */
export interface ServingInstance extends Instance {
  readonly adapter: CoreAdapter;
}
