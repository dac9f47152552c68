import type { CallContext } from './ports';

/**
 * `read()` at most once per request, through the request's shared reads (`ctx.reads`) when the
 * gateway gives them, else `read()` itself: an adapter wraps each core read that another port
 * call of the same request may repeat (the customer's account list, an account's detail).
 * `key` names what is read, unique within the adapter (e.g. the core path and query).
 */
export function readOnce<T>(ctx: CallContext, key: string, read: () => Promise<T>): Promise<T> {
  return ctx.reads ? ctx.reads.once(key, read) : read();
}
