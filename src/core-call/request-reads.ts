/**
 * The per-request reads layer: a call for a customer gets the reads its request shares with its
 * other calls to this instance for that customer (docs/decisions/0048); a call without a customer
 * (products, the customer search) gets none.
 */
import type { RequestScopes } from '../resilience/request-reads';
import type { Layer } from './core-call';

export function requestReadsLayer(scopes: RequestScopes): Layer {
  return (next) => (call) => {
    const [customerId] = call.args;
    if (!call.operation.takesCustomer || typeof customerId !== 'string') return next(call);
    return next({ ...call, reads: scopes.of(call.scope.request, customerId) });
  };
}
