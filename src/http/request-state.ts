/**
 * Express's `res.locals` is the request's state (src/routes/request-state.ts): typed, so that a
 * step reads what an earlier one wrote without a cast.
 */
import type { RequestState } from '../routes/request-state';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Express declares Locals here
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged with Express's
    interface Locals extends RequestState {}
  }
}
