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
 *
 * Bounded by bytes, whatever an adapter names its reads with: a scope's keys take at most
 * `READ_KEYS_BYTES` (a read past it, or of a key longer than `READ_KEY_MAX_LENGTH`, is made each
 * time, as without the memo), and a request has scopes for at most `CUSTOMERS_PER_REQUEST`
 * customers (another customer's calls read without one). The values are the core's answers to
 * the request, which it holds while it runs in any case.
 */
import type { RequestReads } from '../ports';

/** Bytes the keys of one scope may take, as {@link readKeyBytes} counts them: 256 KiB. */
export const READ_KEYS_BYTES = 256 * 1024;
/** Characters of the longest key remembered (a core path and query). */
export const READ_KEY_MAX_LENGTH = 1024;
/** Customers of one request with a scope each (a request names one customer). */
export const CUSTOMERS_PER_REQUEST = 4;

/** What a remembered key costs, at most: two bytes a character, and the memo's share of an entry. */
export const readKeyBytes = (key: string): number => 2 * key.length + 64;

/** Reads without a memo: each made when asked. */
const UNREMEMBERED: RequestReads = { once: (_key, read) => read() };

/** One scope's reads: each key read once, a failed read forgotten. */
export class RequestMemo implements RequestReads {
  private readonly values = new Map<string, Promise<unknown>>();
  private keyBytes = 0;

  once<T>(key: string, read: () => Promise<T>): Promise<T> {
    const known = this.values.get(key);
    if (known) return known as Promise<T>;
    const bytes = readKeyBytes(key);
    if (key.length > READ_KEY_MAX_LENGTH || this.keyBytes + bytes > READ_KEYS_BYTES) return read();
    const value = read();
    this.values.set(key, value);
    this.keyBytes += bytes;
    // A failure is the caller's to handle; the memo only forgets it, so a retry reads again.
    value.catch(() => {
      if (this.values.get(key) !== value) return;
      this.values.delete(key);
      this.keyBytes -= bytes;
    });
    return value;
  }

  /** Keys read so far (for tests). */
  get size(): number {
    return this.values.size;
  }

  /** Bytes the keys read so far take, as {@link readKeyBytes} counts them (for tests). */
  get bytes(): number {
    return this.keyBytes;
  }
}

/** The scopes of one adapter instance, per request and customer. */
export class RequestScopes {
  private readonly byRequest = new WeakMap<object, Map<string, RequestMemo>>();

  /**
   * The memo of `customerId` in `request` (its call context); reads without a memo for a customer past
   * the request's `CUSTOMERS_PER_REQUEST`.
   */
  of(request: object, customerId: string): RequestReads {
    let customers = this.byRequest.get(request);
    if (!customers) {
      customers = new Map();
      this.byRequest.set(request, customers);
    }
    let memo = customers.get(customerId);
    if (!memo) {
      if (customers.size >= CUSTOMERS_PER_REQUEST) return UNREMEMBERED;
      memo = new RequestMemo();
      customers.set(customerId, memo);
    }
    return memo;
  }
}
