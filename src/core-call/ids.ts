/**
 * The ids layer: a call's arguments with the instance's own ids, its answer with the gateway's
 * (src/ids/gateway-ids.ts). Above it, services, the cache and the single flight see only the
 * gateway's ids, so a cached answer costs no translation; below it, the retry, the circuit and
 * the adapter see only the core's. An id that names nothing of this instance is refused here,
 * before any core call (UnknownIdError, answered as the route's unknown id).
 */
import type { InstanceIds } from '../ids/gateway-ids';
import type { Layer } from './core-call';

export function idsLayer(ids: InstanceIds): Layer {
  return (next) => async (call) => {
    const name = call.operation.name;
    const args = await ids.args(name, call.args);
    const answer = await next({ ...call, args });
    return ids.answer(name, call.args, answer);
  };
}
