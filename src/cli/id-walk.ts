/**
 * The core ids one core instance lists for one customer (`ids export`): its adapter asked
 * directly, core ids in and out, with no gateway layer between (no cache, no circuit, no ids
 * layer), for the customer's accounts, payees, scheduled payments, instalment plans, transactions
 * (every date), FDX statements and transactions, and the energy service points. Every id of each
 * answer is found by the answer's id plan (src/ids/id-fields.ts), with its kind, so a record type
 * the SDK adds is covered by its schema. Calls run one after another: an export must not load a
 * core as a burst of requests would.
 */
import crypto from 'node:crypto';
import type { CoreFamily } from '../config/core-layout';
import {
  type BankingPort,
  type CallContext,
  type CoreAdapter,
  CustomerNotFoundError,
  type FdxPage,
  type FdxPageRequest,
  type FdxPort,
  GatewayError,
  SharingRefusedError,
} from '../ports';
import type { OperationName } from '../ports/operations';
import type { IdKind } from '../ids/id-codec';
import { eachId, idPlanOfOperation } from '../ids/id-fields';

/** What the walk needs of a created core instance. */
export interface WalkedInstance {
  readonly id: string;
  readonly families: readonly CoreFamily[];
  readonly adapter: CoreAdapter;
}

/** A record as the instance names it. */
export interface CoreId {
  readonly kind: IdKind;
  readonly id: string;
}

/** What one instance said of one customer. */
export type CustomerWalk =
  | { readonly found: 'listed'; readonly ids: CoreId[] }
  /** The instance knows the customer and refuses to share their data (harm). */
  | { readonly found: 'refused' }
  /** The instance does not know the customer, or serves no family of customers. */
  | { readonly found: 'none' };

/** A core call failed: the export stops, naming the core and the operation. */
export class CoreCallFailedError extends Error {
  constructor(instance: string, operation: string, cause: unknown) {
    super(
      `core ${instance}, ${operation}: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
    this.name = 'CoreCallFailedError';
  }
}

/** Time one core call may take. */
const CALL_MS = 60_000;
/** Records a page (the FDX limit, and the most a banking transaction query may ask). */
const PAGE = 1000;
const DAY_MS = 86_400_000;

/** A refusal about one record or account (unsupported, closed, blocked): its data is skipped. */
const isRecordRefusal = (err: unknown) =>
  err instanceof GatewayError && err.status < 500 && !(err instanceof CustomerNotFoundError);

/** One customer's calls to one instance, and the ids their answers name. */
class Walk {
  readonly ids = new Map<string, CoreId>();
  /** The operation under way: named when a call fails. */
  current: OperationName | undefined;
  readonly #requestId = `ids-export-${crypto.randomBytes(6).toString('hex')}`;
  readonly #reads = new Map<string, Promise<unknown>>();

  constructor(
    readonly instance: WalkedInstance,
    readonly customer: string,
    readonly now: number,
  ) {}

  /** A context per call; the reads of one customer are shared, as in one request. */
  #ctx(): CallContext {
    const reads = this.#reads;
    return {
      requestId: this.#requestId,
      signal: AbortSignal.timeout(CALL_MS),
      reads: {
        once<T>(key: string, read: () => Promise<T>): Promise<T> {
          let kept = reads.get(key) as Promise<T> | undefined;
          if (!kept) {
            kept = read();
            reads.set(key, kept);
            kept.catch(() => reads.delete(key));
          }
          return kept;
        },
      },
    };
  }

  /** Calls the core and keeps the ids of the answer. */
  async ask<T>(operation: OperationName, call: (ctx: CallContext) => Promise<T>): Promise<T> {
    const answer = await this.call(operation, call);
    this.keep(operation, answer);
    return answer;
  }

  /** As {@link ask}, undefined when the core refuses this record or account. */
  async optional<T>(operation: OperationName, call: (ctx: CallContext) => Promise<T>) {
    try {
      return await this.ask(operation, call);
    } catch (err) {
      if (isRecordRefusal(err)) return undefined;
      throw err;
    }
  }

  async call<T>(operation: OperationName, call: (ctx: CallContext) => Promise<T>): Promise<T> {
    this.current = operation;
    return call(this.#ctx());
  }

  /** Keeps the ids the plan of `operation` finds in `answer` (a page's cursor is no record). */
  keep(operation: OperationName, answer: unknown): void {
    const plan = idPlanOfOperation(operation);
    if (!plan || answer === null || answer === undefined) return;
    eachId(plan, answer, (kind, id) => {
      if (kind !== 'cursor') this.ids.set(`${kind}\u0000${id}`, { kind, id });
    });
  }
}

/** Every transaction of a banking account, in pages (`offset`), over every date. */
async function bankingTransactions(w: Walk, banking: BankingPort, accountId: string) {
  const query = {
    oldest: new Date(0).toISOString(),
    newest: new Date(w.now + DAY_MS).toISOString(),
    offset: 0,
    limit: PAGE,
  };
  for (;;) {
    const page = await w.optional('banking.listTransactions', (ctx) =>
      banking.listTransactions!(w.customer, accountId, { ...query }, ctx),
    );
    if (!page || page.records.length === 0) return;
    query.offset += page.records.length;
    if (query.offset >= page.total) return;
  }
}

async function walkBanking(w: Walk, banking: BankingPort): Promise<void> {
  const accounts = await w.ask('banking.listAccounts', (ctx) =>
    banking.listAccounts(w.customer, ctx),
  );
  await w.ask('banking.listPayees', (ctx) => banking.listPayees(w.customer, ctx));
  // The gateway asks for the data of shared accounts only: a refused one would fail the call.
  const ids = accounts.filter((a) => a.sharingRefusal === undefined).map((a) => a.accountId);
  if (ids.length === 0) return;
  await w.optional('banking.listScheduledPayments', (ctx) =>
    banking.listScheduledPayments(w.customer, ids, ctx),
  );
  await w.optional('banking.listInstalmentPlans', (ctx) =>
    banking.listInstalmentPlans(w.customer, ids, ctx),
  );
  if (banking.listTransactions) for (const id of ids) await bankingTransactions(w, banking, id);
}

/** Every page of an FDX list (`after` the position key of the page before). */
async function fdxPages(
  w: Walk,
  operation: OperationName,
  read: (page: FdxPageRequest, ctx: CallContext) => Promise<FdxPage<unknown>>,
) {
  let after: string | undefined;
  do {
    const request = { limit: PAGE, ...(after !== undefined ? { after } : {}) };
    const page = await w.optional(operation, (ctx) => read(request, ctx));
    after = page?.next;
  } while (after !== undefined);
}

/** The FDX data of the accounts (its descriptors', else the authorisation list's), every date. */
async function walkFdx(w: Walk, fdx: FdxPort, listed: () => Promise<string[]>): Promise<void> {
  const accounts = fdx.listAccountDescriptors
    ? (
        await w.ask('fdx.listAccountDescriptors', (ctx) =>
          fdx.listAccountDescriptors!(w.customer, ctx),
        )
      ).map((d) => d.accountId)
    : await listed();
  for (const accountId of accounts) {
    const info = await w.optional('fdx.getAccountInfo', (ctx) =>
      fdx.getAccountInfo(w.customer, accountId, ctx),
    );
    if (!info?.supportsFdx || info.sharingRefusal !== undefined) continue;
    // No window: every date, as the gateway asks when the platform gives none.
    await fdxPages(w, 'fdx.listTransactions', (page, ctx) =>
      fdx.listTransactions(w.customer, accountId, {}, page, ctx),
    );
    await fdxPages(w, 'fdx.listStatements', (page, ctx) =>
      fdx.listStatements(w.customer, accountId, {}, page, ctx),
    );
  }
}

/** The accounts of the authorisation list this instance serves (the gateway's `industry` filter). */
async function shareable(w: Walk): Promise<string[]> {
  const { adapter, families } = w.instance;
  if (!adapter.authorisation) return [];
  const records = await w.call('authorisation.listShareableAccounts', (ctx) =>
    adapter.authorisation!.listShareableAccounts(w.customer, ctx),
  );
  const served = records.filter((r) => r.industry === undefined || families.includes(r.industry));
  w.keep('authorisation.listShareableAccounts', served);
  return served.map((r) => r.accountId);
}

/** Asks every port of the families the instance serves. */
async function walkPorts(w: Walk): Promise<void> {
  const { adapter, families } = w.instance;
  const serves = (family: CoreFamily) => families.includes(family);
  let listed: Promise<string[]> | undefined;
  const accounts = () => (listed ??= shareable(w));
  if (serves('banking') || serves('energy')) await accounts();
  if (serves('common') && adapter.customer) {
    await w.ask('customer.getCustomerDetail', (ctx) =>
      adapter.customer!.getCustomerDetail(w.customer, ctx),
    );
  }
  if (serves('banking') && adapter.banking) await walkBanking(w, adapter.banking);
  if (serves('energy') && adapter.energy) {
    await w.ask('energy.listAccounts', (ctx) => adapter.energy!.listAccounts(w.customer, ctx));
  }
  if (serves('fdx') && adapter.fdx) await walkFdx(w, adapter.fdx, accounts);
}

/**
 * The core ids `instance` lists for the customer of core id `customer`.
 * @throws CoreCallFailedError when a core call fails
 */
export async function walkCustomer(
  instance: WalkedInstance,
  customer: string,
  now: number,
): Promise<CustomerWalk> {
  const w = new Walk(instance, customer, now);
  try {
    await walkPorts(w);
  } catch (err) {
    if (err instanceof CustomerNotFoundError) return { found: 'none' };
    if (err instanceof SharingRefusedError) return { found: 'refused' };
    throw new CoreCallFailedError(instance.id, w.current ?? 'a call', err);
  }
  // An instance of products alone asks nothing: it holds no customer.
  return w.current === undefined
    ? { found: 'none' }
    : { found: 'listed', ids: [...w.ids.values()] };
}
