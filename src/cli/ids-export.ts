/**
 * `data-holder-gateway ids export`: the gateway's ids of what the configured cores list for some
 * customers, beside the core records they name, as CSV `kind,external id,core ref`. What it is
 * for: telling an operator (or a migration's alias file) which record an id the platform holds
 * names, and checking the ids a deployment hands out. Each core instance's adapter is asked
 * directly (id-walk.ts); the ids are made as this deployment makes them (`ID_ENCODING`,
 * `ID_KEY_FILE`, the aliases in Redis), so it loads the adapters as the gateway does.
 */
import { parseArgs } from 'node:util';
import { createCoreInstances } from '../adapters';
import type { Config } from '../config/config';
import { ConfigError } from '../config/config';
import type { GatewayIds } from '../ids/gateway-ids';
import { refText } from '../ids/aliases';
import { ID_KINDS, type IdKind } from '../ids/id-codec';
import { IdKeyError } from '../ids/id-key';
import { gatewayIdsOf } from '../ids/ids-of-config';
import { csvLine } from '../ids/csv';
import { createLogger } from '../observability/logger';
import type { RedisClient } from '../stores/redis';
import { redisKeysOf } from '../stores/redis-keys';
import { withCommandRedis } from './command-redis';
import {
  CoreCallFailedError,
  type CustomerWalk,
  walkCustomer,
  type WalkedInstance,
} from './id-walk';
import { configOf } from './env-config';
import type { IdsIo } from './ids-io';

export const EXPORT_USAGE = `usage: data-holder-gateway ids export [--customer <core customer id>]...
  Prints CSV kind,external id,core ref (a header first): the id this deployment hands out for
  each record the configured cores list for the customers, beside the record as
  <core instance id>:<core id>. Records: the customer, their accounts, payees, scheduled
  payments, instalment plans, transactions (every date), FDX statements and transactions, energy
  service points, and the customers related to their accounts. Ids as ID_ENCODING, ID_KEY_FILE
  and the aliases in Redis make them (raw ids: the core ids as they are). Rows sorted by kind,
  then external id. Without --customer, core customer ids are read from stdin, one a line.
  Each core is asked directly, one call at a time (no cache); a customer's core id is asked of
  every core.
Exit codes: 0 done, 1 a customer no core knows (named on stderr; the other rows are printed), a
failed core call, a refused configuration or id key (nothing printed), 2 usage, or Redis
configured but not answering.`;

/** One row: an id the gateway hands out, its kind, and the core record it names. */
export interface IdRow {
  readonly kind: IdKind;
  readonly external: string;
  readonly ref: string;
}

export interface ExportDeps {
  readonly instances: readonly WalkedInstance[];
  readonly ids: GatewayIds;
  readonly now: number;
}

/** What an export found: its rows, the customers no core knows, notes for stderr. */
export interface IdExport {
  readonly rows: IdRow[];
  readonly unknown: string[];
  readonly notes: string[];
}

/** Families whose cores hold customers (a core of products alone holds none). */
const CUSTOMER_FAMILIES = ['banking', 'energy', 'common', 'fdx'];

/**
 * The instance whose id of the customer the platform holds: the consent flow's search asks the
 * cores that can search, the one serving `common` first, and keeps the first core's answer
 * (src/core-call/fan-out/customer-cores.ts); without a searching core, the first that knows them.
 */
function homeOf(knowing: readonly WalkedInstance[]): WalkedInstance {
  const searching = knowing.filter(
    (i) =>
      i.adapter.customer?.searchCustomersByEmail !== undefined &&
      i.families.some((f) => CUSTOMER_FAMILIES.includes(f)),
  );
  return searching.find((i) => i.families.includes('common')) ?? searching[0] ?? knowing[0]!;
}

/** The rows of one customer over every instance; undefined when no instance knows them. */
async function customerRows(customer: string, deps: ExportDeps, notes: string[]) {
  const walks: [WalkedInstance, CustomerWalk][] = [];
  for (const instance of deps.instances) {
    const walk = await walkCustomer(instance, customer, deps.now);
    if (walk.found === 'refused')
      notes.push(
        `customer ${customer}: core ${instance.id} refuses to share their data; their records there are not listed`,
      );
    if (walk.found !== 'none') walks.push([instance, walk]);
  }
  if (walks.length === 0) return undefined;
  const home = homeOf(walks.map(([i]) => i));
  const [platformId] = await deps.ids.of(home.id).externalIds([{ kind: 'customer', id: customer }]);
  const rows: IdRow[] = [
    { kind: 'customer', external: platformId!, ref: refText({ instance: home.id, id: customer }) },
  ];
  for (const [instance, walk] of walks) {
    if (walk.found !== 'listed') continue;
    // The customer themselves keep the platform's id in every answer (gateway-ids.ts).
    const found = walk.ids.filter((i) => !(i.kind === 'customer' && i.id === customer));
    const items = found.map((i) => ({ ...i, customer: platformId }));
    const external = await deps.ids.of(instance.id).externalIds(items);
    found.forEach((item, n) =>
      rows.push({
        kind: item.kind,
        external: external[n]!,
        ref: refText({ instance: instance.id, id: item.id }),
      }),
    );
  }
  return rows;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Rows once each, by kind (in the codec's order), then external id, then core ref. */
function sortedRows(rows: readonly IdRow[]): IdRow[] {
  const unique = new Map(rows.map((r) => [`${r.kind}\u0000${r.external}\u0000${r.ref}`, r]));
  return [...unique.values()].sort(
    (a, b) =>
      ID_KINDS.indexOf(a.kind) - ID_KINDS.indexOf(b.kind) ||
      compare(a.external, b.external) ||
      compare(a.ref, b.ref),
  );
}

/** The ids of what the instances list for `customers` (core customer ids). */
export async function exportIds(customers: readonly string[], deps: ExportDeps): Promise<IdExport> {
  const rows: IdRow[] = [];
  const unknown: string[] = [];
  const notes: string[] = [];
  for (const customer of new Set(customers)) {
    const found = await customerRows(customer, deps, notes);
    if (found) rows.push(...found);
    else unknown.push(customer);
  }
  return { rows: sortedRows(rows), unknown, notes };
}

/** The export over the configuration's cores and ids; prints it. Returns the exit code. */
async function run(config: Config, redis: RedisClient | undefined, customers: string[], io: IdsIo) {
  const logger = createLogger(config.logLevel, process.stderr);
  let result: IdExport;
  try {
    const ids = await gatewayIdsOf(config, { redis, keys: redisKeysOf(config), logger });
    const instances = await createCoreInstances(config, logger);
    try {
      result = await exportIds(customers, { instances, ids, now: Date.now() });
    } finally {
      await Promise.allSettled(instances.map((i) => i.adapter.close?.()));
    }
  } catch (err) {
    if (!(
      err instanceof IdKeyError ||
      err instanceof ConfigError ||
      err instanceof CoreCallFailedError
    ))
      throw err;
    io.err(err.message);
    return 1;
  }
  io.out(csvLine(['kind', 'external id', 'core ref']));
  for (const row of result.rows) io.out(csvLine([row.kind, row.external, row.ref]));
  for (const note of result.notes) io.err(note);
  for (const customer of result.unknown)
    io.err(`customer ${customer}: no configured core knows them`);
  return result.unknown.length > 0 ? 1 : 0;
}

/** `ids export <args>` with the configuration of `env`. Returns the exit code. */
export async function idsExportCommand(
  args: readonly string[],
  io: IdsIo,
  env: Record<string, string | undefined> | undefined,
): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.out(EXPORT_USAGE);
    return 0;
  }
  let customers: string[];
  try {
    const { values } = parseArgs({
      args: [...args],
      options: { customer: { type: 'string', multiple: true } },
    });
    customers = values.customer ?? [];
  } catch (err) {
    io.err(`${(err as Error).message}\n${EXPORT_USAGE}`);
    return 2;
  }
  if (customers.length === 0)
    customers = (await io.input())
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean);
  if (customers.length === 0) {
    io.err(
      'no customer: give --customer <core customer id>, or core customer ids on stdin, one a line',
    );
    return 2;
  }
  const config = configOf(env, io);
  if (!config) return 1;
  return withCommandRedis(config, io, (redis) => run(config, redis, customers, io));
}
