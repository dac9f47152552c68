/**
 * The email index of the Fineract adapter: which clients had an address, when the client list was
 * last read. Fineract has no search by email address (fineract-customers.ts), so the adapter reads
 * the client list once and keeps this map; a search then reads only the clients it names.
 *
 * Bounded in bytes: an address is kept as the first 32 bits of its SHA-256, never as text, and
 * each client costs 16 bytes in two typed arrays (the key and its position, sorted, and the client
 * id), whatever its address. Two addresses may share a key: a lookup's candidates are read and
 * their current address compared before anything is answered, so a shared key costs one read and
 * is never a wrong answer. Clients added after the build (read by their ids, above the highest one
 * indexed) are kept in a small map until the next build replaces the whole index.
 */
import { hash } from 'node:crypto';

/** Bytes each indexed client takes (key-and-position and client id, 8 bytes each). */
export const BYTES_PER_CLIENT = 16;

const CLIENT_ID = /^[1-9][0-9]{0,17}$/;
const LOW_32 = 0xffffffffn;

/** An address as the search compares it: trimmed, lower-cased; '' for none. */
export function normalisedAddress(email: string | undefined): string {
  return email?.trim().toLowerCase() ?? '';
}

/** The key of a normalised address: the first 32 bits of its SHA-256. */
export function addressKey(address: string): number {
  return hash('sha256', address, 'buffer').readUInt32BE(0);
}

/** A client as the index reads it: its id and address, nothing else. */
export interface IndexedClient {
  id?: unknown;
  emailAddress?: unknown;
}

/** The client id as text, when it is one (a positive whole number of at most 18 digits). */
function clientIdOf(client: IndexedClient): string | undefined {
  const id = client.id === undefined || client.id === null ? '' : String(client.id);
  return CLIENT_ID.test(id) ? id : undefined;
}

/** An immutable map of address keys to client ids, plus the clients added since it was built. */
export class EmailIndex {
  /** Key in the high 32 bits, the client's position in `ids` in the low 32; sorted. */
  private readonly entries: BigUint64Array;
  private readonly ids: BigUint64Array;
  /** Clients added after the build (by key), and their ids, so that none is added twice. */
  private readonly added = new Map<number, string[]>();
  private readonly addedIds = new Set<string>();
  /** The highest client id read: clients above it are new. */
  private top: bigint;

  /** Use {@link EmailIndexBuilder}. */
  constructor(entries: BigUint64Array, ids: BigUint64Array, top: bigint) {
    this.entries = entries;
    this.ids = ids;
    this.top = top;
  }

  /** Clients indexed, with an address (the build's and those added since). */
  get size(): number {
    return this.entries.length + this.addedIds.size;
  }

  /** Bytes the index holds: the typed arrays, and about 100 bytes per client added since. */
  get bytes(): number {
    return this.entries.byteLength + this.ids.byteLength + this.addedIds.size * 100;
  }

  /** The highest client id the index has read. */
  get highestClientId(): bigint {
    return this.top;
  }

  /** The ids of the clients whose address had `address`'s key (each once; maybe none). */
  lookup(address: string): string[] {
    const key = BigInt(addressKey(address));
    const found = new Set<string>();
    for (let i = this.firstAtOrAbove(key << 32n); i < this.entries.length; i += 1) {
      const entry = this.entries[i]!;
      if (entry >> 32n !== key) break;
      found.add(String(this.ids[Number(entry & LOW_32)]));
    }
    for (const id of this.added.get(Number(key)) ?? []) found.add(id);
    return [...found];
  }

  /**
   * Adds a client read after the build (above {@link highestClientId}); one without an address
   * only moves the highest id. Returns false when it was read already.
   */
  add(client: IndexedClient): boolean {
    const id = clientIdOf(client);
    if (id === undefined || BigInt(id) <= this.top || this.addedIds.has(id)) return false;
    this.addedIds.add(id);
    const address = normalisedAddress(
      typeof client.emailAddress === 'string' ? client.emailAddress : undefined,
    );
    if (address !== '') {
      const key = addressKey(address);
      this.added.set(key, [...(this.added.get(key) ?? []), id]);
    }
    return true;
  }

  /** Takes the highest id read after adding a page of new clients (see `add`). */
  raiseTop(id: bigint): void {
    if (id > this.top) this.top = id;
  }

  /** The first position whose entry is at or above `value` (binary search). */
  private firstAtOrAbove(value: bigint): number {
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.entries[middle]! < value) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** Collects the clients of one read of the client list, up to `maxClients`, into an index. */
export class EmailIndexBuilder {
  private entries: BigUint64Array;
  private ids: BigUint64Array;
  private count = 0;
  private top = 0n;

  /**
   * @param expected clients the list says it has (the arrays' first size)
   * @param maxClients clients with an address the index may hold at most
   */
  constructor(
    expected: number,
    private readonly maxClients: number,
  ) {
    const size = Math.max(1, Math.min(expected, maxClients));
    this.entries = new BigUint64Array(size);
    this.ids = new BigUint64Array(size);
  }

  /** Adds one client; false when the index is full (more than `maxClients` with an address). */
  add(client: IndexedClient): boolean {
    const id = clientIdOf(client);
    if (id === undefined) return true;
    const value = BigInt(id);
    if (value > this.top) this.top = value;
    const address = normalisedAddress(
      typeof client.emailAddress === 'string' ? client.emailAddress : undefined,
    );
    if (address === '') return true;
    if (this.count === this.entries.length && !this.grow()) return false;
    this.entries[this.count] = (BigInt(addressKey(address)) << 32n) | BigInt(this.count);
    this.ids[this.count] = value;
    this.count += 1;
    return true;
  }

  /**
   * The index: the entries sorted (natively: a typed array sorts by value), in place when every
   * slot is used, else copied to their count. The builder is spent.
   */
  build(): EmailIndex {
    const full = this.count === this.entries.length;
    const entries = full ? this.entries : this.entries.slice(0, this.count);
    const ids = full ? this.ids : this.ids.slice(0, this.count);
    return new EmailIndex(entries.sort(), ids, this.top);
  }

  /** Doubles the arrays, up to `maxClients`; false when they are that size already. */
  private grow(): boolean {
    const size = Math.min(this.maxClients, this.entries.length * 2);
    if (size <= this.entries.length) return false;
    const entries = new BigUint64Array(size);
    const ids = new BigUint64Array(size);
    entries.set(this.entries);
    ids.set(this.ids);
    this.entries = entries;
    this.ids = ids;
    return true;
  }
}
