/**
 * Keeps the Fineract adapter's email index (email-index.ts) over Fineract's client list, so that a
 * customer search costs a few calls whatever the number of clients:
 * - **Built** at the first search, by reading the whole list
 *   (`GET /v1/clients?offset&limit&orderBy=id&sortOrder=ASC`, FINERACT_PAGE_SIZE a page, the
 *   adapter's parallel calls at once); searches wait for it, each within its own deadline.
 * - **New clients** are read by every search: the newest page of the list
 *   (`orderBy=id&sortOrder=DESC`), down to the highest id already read. More new clients than a
 *   page starts a rebuild.
 * - **Rebuilt** in the background every FINERACT_EMAIL_INDEX_REFRESH_SECONDS (an address changed
 *   on an existing client is found after it), with half the parallel calls, searches answering
 *   from the last index meanwhile.
 * - **Bounded**: a list of more than FINERACT_EMAIL_INDEX_MAX_CLIENTS clients is not read; the
 *   index is dropped, searches fail (503) and the log names the setting, until a rebuild after
 *   the refresh interval finds the list within the bound.
 * The build is no port call: its calls are outside the resilience stack, so a failing build
 * counts toward no circuit; a search waiting for it fails as the build did.
 */
import { setMaxListeners } from 'node:events';
import {
  CoreUnavailableError,
  mapLimit,
  transportErrorCode,
  transportFailure,
  type AdapterContext,
  type CallContext,
} from '@data-holder-gateway/adapter-sdk';
import { EmailIndex, EmailIndexBuilder, type IndexedClient } from './email-index';
import type { FineractAccounts } from './fineract-accounts';

/** A failed build is tried again after at most this long (ms), not at every search. */
const RETRY_FAILED_BUILD_MS = 30_000;
/** The request id the index's own calls carry (they belong to no request). */
const INDEX_REQUEST_ID = 'fineract-email-index';

/** A page of the client list, as the index reads it (ids and addresses only). */
interface ClientListPage {
  totalFilteredRecords?: number;
  pageItems?: IndexedClient[];
}

export interface EmailIndexSettings {
  /** Clients the list may hold for the index to be built (16 bytes each with an address). */
  maxClients: number;
  /** Seconds between two reads of the whole list. */
  refreshSeconds: number;
  /** Clock (ms); tests move it. */
  now?: () => number;
}

/** The list holds more clients than the index may: never read, never partial. */
class OverCapacity extends Error {
  constructor(readonly clients: number) {
    super(`the client list holds ${clients} clients`);
  }
}

/** `promise`, or the reason `signal` aborts with first (the caller's deadline). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(transportFailure(signal.reason, signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(transportFailure(signal.reason, signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export class FineractEmailIndex {
  private index: EmailIndex | undefined;
  private building: Promise<EmailIndex> | undefined;
  /** When the next read of the whole list is due (ms). */
  private dueAt = 0;
  private overCapacity = false;
  private readonly closed = new AbortController();
  private readonly now: () => number;

  constructor(
    private readonly fineract: FineractAccounts,
    private readonly log: AdapterContext['log'],
    private readonly settings: EmailIndexSettings,
  ) {
    this.now = settings.now ?? Date.now;
    // Every page call of a build listens on this one signal (undici until the body is read):
    // more than Node's default of 10 at once is expected, not a leak.
    setMaxListeners(4 * fineract.parallel + 8, this.closed.signal);
  }

  /**
   * The clients whose address had the key of `address` when the list was read, with those added
   * since: candidates only (the caller compares each one's current address).
   */
  async candidates(address: string, ctx: CallContext): Promise<string[]> {
    const { index, fresh } = await this.current(ctx);
    if (!fresh) await this.readNewClients(index, ctx);
    if (!this.index) throw new CoreUnavailableError(); // over the bound since: never partial
    return index.lookup(address).sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  }

  /** Starts the first build now rather than at the first search (FINERACT_EMAIL_INDEX_AT_START). */
  warm(): void {
    // A failure is logged by build(); the first search tries again.
    this.rebuild().catch(() => undefined);
  }

  /** Stops a build under way (its calls are aborted). */
  close(): void {
    this.closed.abort(new CoreUnavailableError());
  }

  /** The index to search; `fresh` when this call waited for its build. */
  private async current(ctx: CallContext): Promise<{ index: EmailIndex; fresh: boolean }> {
    const due = this.now() >= this.dueAt;
    if (this.index) {
      // A rebuild's failure is logged by build(); the search answers from the last index.
      if (due) this.rebuild().catch(() => undefined);
      return { index: this.index, fresh: false };
    }
    if (this.overCapacity && !due) throw new CoreUnavailableError();
    return { index: await untilAborted(this.rebuild(), ctx.signal), fresh: true };
  }

  private rebuild(): Promise<EmailIndex> {
    this.building ??= this.build().finally(() => {
      this.building = undefined;
    });
    return this.building;
  }

  private async build(): Promise<EmailIndex> {
    const started = this.now();
    try {
      const { index, pages } = await this.readClientList();
      this.index = index;
      this.overCapacity = false;
      this.dueAt = this.now() + this.settings.refreshSeconds * 1000;
      const ms = this.now() - started;
      this.log.info({ clients: index.size, bytes: index.bytes, pages, ms }, 'email index built');
      return index;
    } catch (err) {
      if (this.closed.signal.aborted) throw err; // shutting down: nothing to report
      if (err instanceof OverCapacity) return this.refuse(err.clients);
      this.dueAt =
        this.now() + Math.min(RETRY_FAILED_BUILD_MS, this.settings.refreshSeconds * 1000);
      this.log.warn(
        { operation: 'clients.list', code: transportErrorCode(err) ?? 'error' },
        'email index could not be read from Fineract; the last one is kept',
      );
      throw err;
    }
  }

  /** Drops the index of a list over the bound, and says which setting to raise. */
  private refuse(clients: number): never {
    this.index = undefined;
    this.overCapacity = true;
    this.dueAt = this.now() + this.settings.refreshSeconds * 1000;
    this.log.error(
      { clients, maxClients: this.settings.maxClients },
      'Fineract holds more clients than the email index may (raise FINERACT_EMAIL_INDEX_MAX_CLIENTS): customer searches fail',
    );
    throw new CoreUnavailableError();
  }

  /** Reads the whole list into a new index; its pages after the first in parallel. */
  private async readClientList(): Promise<{ index: EmailIndex; pages: number }> {
    const ctx: CallContext = { signal: this.closed.signal, requestId: INDEX_REQUEST_ID };
    const first = await this.page(0, 'ASC', ctx);
    const items = first.pageItems ?? [];
    const total = first.totalFilteredRecords ?? items.length;
    const { maxClients } = this.settings;
    if (total > maxClients) throw new OverCapacity(total);
    const builder = new EmailIndexBuilder(total, maxClients);
    const addAll = (clients: IndexedClient[]) => {
      for (const client of clients) if (!builder.add(client)) throw new OverCapacity(total);
    };
    addAll(items);
    // Fineract may serve fewer than asked: the first page says how many a page holds.
    const step = items.length;
    const offsets: number[] = [];
    for (let offset = step; step > 0 && offset < total; offset += step) offsets.push(offset);
    // The first build with the adapter's parallel calls (searches wait for it); a rebuild with
    // half, leaving the pool to the requests served meanwhile.
    const { parallel: all } = this.fineract;
    const parallel = this.index ? Math.max(1, Math.floor(all / 2)) : all;
    await mapLimit(offsets, parallel, async (offset) =>
      addAll((await this.page(offset, 'ASC', ctx)).pageItems ?? []),
    );
    return { index: builder.build(), pages: 1 + offsets.length };
  }

  /** The newest page of the list, down to the highest id the index has read. */
  private async readNewClients(index: EmailIndex, ctx: CallContext): Promise<void> {
    const known = index.highestClientId;
    const items = (await this.page(0, 'DESC', ctx)).pageItems ?? [];
    let top = known;
    let reachedKnown = items.length < this.fineract.config.pageSize;
    for (const client of items) {
      const id = /^[0-9]{1,18}$/.test(String(client.id)) ? BigInt(String(client.id)) : 0n;
      if (id <= known) reachedKnown = true;
      else if (index.add(client) && id > top) top = id;
    }
    index.raiseTop(top);
    // More new clients than a page: the ones between are read by a rebuild, started now.
    if (!reachedKnown) this.dueAt = 0;
    if (index.size > this.settings.maxClients) this.refuse(index.size);
  }

  private async page(
    offset: number,
    sortOrder: 'ASC' | 'DESC',
    ctx: CallContext,
  ): Promise<ClientListPage> {
    const limit = this.fineract.config.pageSize;
    const page = await this.fineract.http.getPlain<ClientListPage>(
      'clients.list',
      '/v1/clients',
      { offset, limit, orderBy: 'id', sortOrder },
      ctx,
    );
    if (!page) throw new Error('Fineract clients.list answered 404');
    return page;
  }
}
