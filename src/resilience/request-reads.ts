/**
 * The reads an adapter shares between the port calls of one request (`CallContext.reads`, see
 * docs/decisions/0048-request-scoped-core-reads.md): the account check and the data call of one
 * request need the same core records, and read them once.
 *
 * A scope is one request, one customer and one adapter instance:
 * - the request is the `CallContext` object the route made for it (one per request, never
 *   reused): scopes hang off it in a WeakMap and go with it;
 * - each adapter instance (one resilience stack each) has its own `RequestScopes`;
 * - within a request, each customer id has its own memo, so a call for another customer never
 *   sees the first customer's records.
 * Only values read below the cache are kept, and only until the request ends: the cache and
 * single-flight stay the only things shared between requests.
 */
import type { CallContext, RequestReads } from '../ports';

/** One scope's reads: each key read once, a failed read forgotten. */
export class RequestMemo implements RequestReads {
  private readonly values = new Map<string, Promise<unknown>>();

  once<T>(key: string, read: () => Promise<T>): Promise<T> {
    const known = this.values.get(key);
    if (known) return known as Promise<T>;
    const value = read();
    this.values.set(key, value);
    // A failure is the caller's to handle; the memo only forgets it, so a retry reads again.
    value.catch(() => {
      if (this.values.get(key) === value) this.values.delete(key);
    });
    return value;
  }

  /** Keys read so far (for tests). */
  get size(): number {
    return this.values.size;
  }
}

/** The scopes of one adapter instance, per request and customer. */
export class RequestScopes {
  private readonly byRequest = new WeakMap<object, Map<string, RequestMemo>>();

  /** The memo of `customerId` in the request of `ctx`. */
  of(ctx: CallContext, customerId: string): RequestMemo {
    let customers = this.byRequest.get(ctx);
    if (!customers) {
      customers = new Map();
      this.byRequest.set(ctx, customers);
    }
    let memo = customers.get(customerId);
    if (!memo) {
      memo = new RequestMemo();
      customers.set(customerId, memo);
    }
    return memo;
  }
}
