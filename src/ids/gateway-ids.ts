/**
 * The ids the gateway hands out and takes back (docs/api.md, "Ids"): with `ID_ENCODING=opaque`,
 * each record's core reference sealed by the id codec, aliases followed on a core migration; with
 * `raw`, the cores' own ids as they are.
 *
 * Two places use it. The router's input step checks that a path or body id is one of the
 * gateway's, for the customer of the path, before anything else is asked (`rejects`). The ids
 * layer of each core instance's calls turns the ids of a call's arguments into the instance's own
 * and the ids of its answer into the gateway's (`of(instance)`), so services, links, the cache and
 * the platform only ever see the gateway's ids.
 */
import { GatewayError } from '../errors';
import type { OperationName } from '../ports/operations';
import { type AliasDirection, type AliasLookup, NO_ALIASES } from './aliases';
import { argumentsWithIds, customerArgument } from './id-arguments';
import { type CoreRef, type IdCodec, type IdKind, type IdRejection } from './id-codec';
import { eachId, type IdPlan, idPlanOfOperation, withIds } from './id-fields';

export type IdEncoding = 'opaque' | 'raw';

/** Why an id was refused: it did not decode, or it names a record of a core that is not asked. */
export type IdRefusal = IdRejection | 'other-core';

/**
 * An id of the gateway's that names nothing the asked core holds: the route answers it as its
 * family answers an unknown value of the parameter (src/routes/path-ids.ts).
 */
export class UnknownIdError extends GatewayError {
  constructor(readonly kind: IdKind) {
    super('GW_ERR_UNKNOWN_ID', 404, `unknown ${kind} id`, { expose: false });
  }
}

/** One id to translate: its kind, the id, and the external customer it is bound to. */
export interface IdItem {
  readonly kind: IdKind;
  readonly id: string;
  /** For account-level kinds: the customer (an external id) the id is given to. */
  readonly customer?: string | undefined;
}

/** One core instance's side of the ids. */
export interface InstanceIds {
  /** The core ids of external ids. @throws UnknownIdError for the first that names nothing here */
  coreIds(items: readonly IdItem[]): Promise<string[]>;
  /** The gateway's ids of this instance's records (each `id` a core id). */
  externalIds(items: readonly IdItem[]): Promise<string[]>;
  /** `args` (external ids) of `operation` with the ids the instance's core knows. */
  args(operation: OperationName, args: readonly unknown[]): Promise<unknown[]>;
  /** `answer` of `operation` to `args` (external ids) with the gateway's ids. */
  answer(operation: OperationName, args: readonly unknown[], answer: unknown): Promise<unknown>;
}

export interface GatewayIds {
  readonly encoding: IdEncoding;
  /** Why `id` is not an id of `kind` given to `customer`; undefined when it is (or raw ids). */
  rejects(kind: IdKind, id: string, customer?: string): IdRefusal | undefined;
  /** The ids of the instance `instance`. */
  of(instance: string): InstanceIds;
  /**
   * What is the same for one person's ids from several cores (their core id, every core naming a
   * person by the same id unless an alias says otherwise): the joined search keeps each once.
   */
  customerKey(id: string): string;
  /** The core id `id` was made from (before any alias); undefined for raw ids or not an id. */
  madeFrom(kind: IdKind, id: string, customer?: string): string | undefined;
}

/** Counts each refusal by kind and reason (never the id). */
export type OnIdRefused = (kind: IdKind, reason: IdRefusal) => void;

/** The cores' own ids: nothing to check or translate. */
export const RAW_IDS: GatewayIds = {
  encoding: 'raw',
  rejects: () => undefined,
  customerKey: (id) => id,
  madeFrom: () => undefined,
  of: () => ({
    coreIds: async (items) => items.map((i) => i.id),
    externalIds: async (items) => items.map((i) => i.id),
    args: async (_operation, args) => [...args],
    answer: async (_operation, _args, answer) => answer,
  }),
};

/** The most alias hops followed (a record migrated more than once). */
const MAX_HOPS = 4;
/**
 * Codec results remembered at most, each way (the ids of a cache hit are checked again on every
 * request): about 5 MB at the longest ids.
 */
const MEMO_MAX = 10_000;

/** A bounded memo: the oldest entry goes first. */
class Memo<V> {
  readonly #entries = new Map<string, V>();
  get(key: string): V | undefined {
    return this.#entries.get(key);
  }
  set(key: string, value: V): V {
    if (this.#entries.size >= MEMO_MAX) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, value);
    return value;
  }
}

const ACCOUNT_LEVEL = (kind: IdKind) => kind !== 'customer';
const SEP = '\u0000';

export interface OpaqueIdsOptions {
  codec: IdCodec;
  aliases?: AliasLookup;
  onRefused?: OnIdRefused;
  /**
   * The core instances the deployment serves from. A customer id made by one of them names the
   * same person in the others (one person, one core id in every core) unless an alias says
   * otherwise; one made by a core no longer served names nobody without an alias, so that a
   * retired core's customer number never reaches a new core where it may be someone else's.
   * Default: every instance.
   */
  instances?: ReadonlySet<string>;
}

/** Opaque ids: sealed core references, aliases followed. */
export class OpaqueIds implements GatewayIds {
  readonly encoding = 'opaque' as const;
  readonly #codec: IdCodec;
  readonly #aliases: AliasLookup;
  readonly #onRefused: OnIdRefused;
  readonly #decoded = new Memo<CoreRef>();
  readonly #encoded = new Memo<string>();
  readonly #instances = new Map<string, InstanceIds>();
  readonly #served: ReadonlySet<string> | undefined;

  constructor(options: OpaqueIdsOptions) {
    this.#codec = options.codec;
    this.#served = options.instances;
    this.#aliases = options.aliases ?? NO_ALIASES;
    this.#onRefused = options.onRefused ?? (() => undefined);
  }

  rejects(kind: IdKind, id: string, customer?: string): IdRefusal | undefined {
    const ref = this.decode(kind, id, customer);
    if (typeof ref !== 'string') return undefined;
    this.#onRefused(kind, ref);
    return ref;
  }

  madeFrom(kind: IdKind, id: string, customer?: string): string | undefined {
    const ref = this.decode(kind, id, customer);
    return typeof ref === 'string' ? undefined : ref.id;
  }

  customerKey(id: string): string {
    const ref = this.decode('customer', id, undefined);
    return typeof ref === 'string' ? id : ref.id;
  }

  of(instance: string): InstanceIds {
    let ids = this.#instances.get(instance);
    if (!ids) {
      ids = this.#instanceIds(instance);
      this.#instances.set(instance, ids);
    }
    return ids;
  }

  /** The reference an id names, or why it names none (remembered). */
  decode(kind: IdKind, id: string, customer: string | undefined): CoreRef | IdRejection {
    const boundTo = ACCOUNT_LEVEL(kind) ? customer : undefined;
    const key = `${kind}${SEP}${id}${SEP}${boundTo ?? ''}`;
    const known = this.#decoded.get(key);
    if (known) return known;
    const ref = this.#codec.decode(kind, id, boundTo);
    // Only ids of the gateway's are kept: what a caller makes up never fills the memo.
    return typeof ref === 'string' ? ref : this.#decoded.set(key, ref);
  }

  /** The id of a reference (remembered). */
  encode(kind: IdKind, ref: CoreRef, customer: string | undefined): string {
    const boundTo = ACCOUNT_LEVEL(kind) ? customer : undefined;
    const key = `${kind}${SEP}${ref.instance}${SEP}${ref.id}${SEP}${boundTo ?? ''}`;
    return this.#encoded.get(key) ?? this.#encoded.set(key, this.#codec.encode(kind, ref, boundTo));
  }

  /** The plan of where `operation`'s answer holds ids (compiled once). */
  planOf(operation: OperationName): IdPlan | undefined {
    return idPlanOfOperation(operation);
  }

  /**
   * Each reference after the alias chain it starts, in `direction`: up to {@link MAX_HOPS} hops,
   * ending early at a reference `arrived` accepts, or where no alias goes on.
   */
  async #follow(
    kind: IdKind,
    refs: readonly CoreRef[],
    direction: AliasDirection,
    arrived: (ref: CoreRef) => boolean,
  ): Promise<CoreRef[]> {
    const current = [...refs];
    let open = refs.map((_ref, i) => i).filter((i) => !arrived(current[i]!));
    for (let hop = 0; hop < MAX_HOPS && open.length > 0; hop += 1) {
      const next = await this.#aliases.find(
        kind,
        open.map((i) => current[i]!),
        direction,
      );
      const still: number[] = [];
      open.forEach((i, n) => {
        const to = next[n];
        if (!to) return;
        current[i] = to;
        if (!arrived(to)) still.push(i);
      });
      open = still;
    }
    return current;
  }

  /** For each reference, the one an alias chain leads to in `instance` (undefined: none). */
  async #followTo(kind: IdKind, refs: readonly CoreRef[], instance: string) {
    const here = (ref: CoreRef) => ref.instance === instance;
    const ends = await this.#follow(kind, refs, 'forward', here);
    return ends.map((ref) => (here(ref) ? ref : undefined));
  }

  /** For each reference of an instance, the first reference an alias chain leads back to. */
  #followBack(kind: IdKind, refs: readonly CoreRef[]): Promise<CoreRef[]> {
    return this.#follow(kind, refs, 'backward', () => false);
  }

  #instanceIds(instance: string): InstanceIds {
    const coreIds = (items: readonly IdItem[]) => this.#coreIds(instance, items);
    const externalIds = (items: readonly IdItem[]) => this.#externalIds(instance, items);
    return {
      coreIds,
      externalIds,
      args: (operation, args) => this.#args(operation, args, coreIds),
      answer: (operation, args, answer) =>
        this.#answer(instance, operation, args, answer, externalIds),
    };
  }

  async #coreIds(instance: string, items: readonly IdItem[]): Promise<string[]> {
    const refs = items.map(({ kind, id, customer }) => {
      const ref = this.decode(kind, id, customer);
      if (typeof ref === 'string') {
        this.#onRefused(kind, ref);
        throw new UnknownIdError(kind);
      }
      return ref;
    });
    const out: string[] = new Array<string>(items.length);
    for (const [kind, indexes] of byKind(items)) {
      const found = await this.#followTo(
        kind,
        indexes.map((i) => refs[i]!),
        instance,
      );
      indexes.forEach((i, n) => {
        const ref = found[n];
        if (ref) out[i] = ref.id;
        // One person has one id in every core unless an alias says otherwise.
        else if (kind === 'customer' && this.#serves(refs[i]!.instance)) out[i] = refs[i]!.id;
        else {
          this.#onRefused(kind, 'other-core');
          throw new UnknownIdError(kind);
        }
      });
    }
    return out;
  }

  #serves(instance: string): boolean {
    return this.#served === undefined || this.#served.has(instance);
  }

  async #externalIds(instance: string, items: readonly IdItem[]): Promise<string[]> {
    const out: string[] = new Array<string>(items.length);
    for (const [kind, indexes] of byKind(items)) {
      const refs = await this.#followBack(
        kind,
        indexes.map((i) => ({ instance, id: items[i]!.id })),
      );
      indexes.forEach((i, n) => {
        out[i] = this.encode(kind, refs[n]!, items[i]!.customer);
      });
    }
    return out;
  }

  async #args(
    operation: OperationName,
    args: readonly unknown[],
    coreIds: InstanceIds['coreIds'],
  ): Promise<unknown[]> {
    const items: IdItem[] = [];
    argumentsWithIds(operation, args, (kind, id, customer) => {
      items.push({ kind, id, customer });
      return id;
    });
    if (items.length === 0) return [...args];
    const translated = await coreIds(items);
    let n = 0;
    return argumentsWithIds(operation, args, () => translated[n++]!);
  }

  async #answer(
    instance: string,
    operation: OperationName,
    args: readonly unknown[],
    answer: unknown,
    externalIds: InstanceIds['externalIds'],
  ): Promise<unknown> {
    const plan = this.planOf(operation);
    if (!plan || answer === null || answer === undefined) return answer;
    const customer = customerArgument(operation, args);
    const items: IdItem[] = [];
    eachId(plan, answer, (kind, id) => items.push({ kind, id, customer }));
    if (items.length === 0) return answer;
    const ownId = await this.#customerHere(instance, customer);
    const translated = await externalIds(items);
    let n = 0;
    return withIds(plan, answer, (kind, id) => {
      const external = translated[n++]!;
      // The call's customer keeps the id the call named them by, whichever core answers.
      return kind === 'customer' && customer !== undefined && id === ownId ? customer : external;
    });
  }

  /** The core id the call's customer has in `instance`. */
  async #customerHere(instance: string, customer: string | undefined) {
    if (customer === undefined) return undefined;
    const [id] = await this.#coreIds(instance, [{ kind: 'customer', id: customer }]);
    return id;
  }
}

/** The indexes of `items` by kind, in order. */
function byKind(items: readonly IdItem[]): Map<IdKind, number[]> {
  const groups = new Map<IdKind, number[]>();
  items.forEach((item, i) => {
    const group = groups.get(item.kind);
    if (group) group.push(i);
    else groups.set(item.kind, [i]);
  });
  return groups;
}
