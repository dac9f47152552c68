/**
 * Walks a customer's data as the platform would: every holder route of the gateway's table, with
 * the ids earlier answers gave (accounts by family, then transactions and statements of a few
 * accounts). Each request and its answer is recorded, so that a second gateway can be asked the
 * same and its answers compared byte for byte.
 */
import type { RouteSpec } from '../../src/routes/route-spec';
import type { TestGateway } from './gateway';

/** One request the platform made, and its answer. */
export interface Visit {
  readonly method: string;
  readonly target: string;
  readonly body?: unknown;
  readonly status: number;
  /** The answer's JSON text, its paging positions taken out (they belong to the core). */
  readonly text: string;
}

/** Accounts asked about one by one, per family and customer. */
const ACCOUNTS_PER_FAMILY = 3;

/** Every string value of a field named `name`, anywhere in `value`. */
export function valuesOf(value: unknown, name: string, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) valuesOf(v, name, out);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === name && typeof v === 'string') out.push(v);
      else valuesOf(v, name, out);
    }
  }
  return out;
}

/** The answer without FDX `nextOffset`s: a paging position is its core's, not a record's id. */
function comparable(body: unknown): string {
  return JSON.stringify(body, (key, value: unknown) => (key === 'nextOffset' ? undefined : value));
}

/** The path parameters a route takes, in order. */
const paramsOf = (route: RouteSpec) => [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/** The end of every window: fixed, so that a request asked again is the same request. */
const NEWEST = new Date().toISOString();

/** A window wide enough for every record of the demo and simulated cores. */
function wideWindow(route: RouteSpec): string {
  if (route.timeWindow) return `?oldest-time=2020-01-01T00:00:00Z&newest-time=${NEWEST}`;
  if (route.dateWindow) return '?oldest-date=2020-01-01';
  if (route.family === 'fdx' && /\/(transactions|statements)$/.test(route.path))
    return '?startTime=2020-01-01';
  return '';
}

function fill(route: RouteSpec, values: Record<string, string>): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    encodeURIComponent(values[name]!),
  );
  return `${path}${wideWindow(route)}`;
}

/** The holder routes about one customer, GET first, each with what it needs beyond the customer. */
function customerRoutes(gw: TestGateway): RouteSpec[] {
  return gw.gateway.routes.filter((r) => r.auth === 'holder' && r.path.includes('{customerId}'));
}

export class PlatformCrawl {
  readonly visits: Visit[] = [];

  constructor(private readonly gw: TestGateway) {}

  async visit(method: string, target: string, body?: unknown): Promise<unknown> {
    const answer = await this.gw.request(method, target, body === undefined ? {} : { body });
    this.visits.push({
      method,
      target,
      ...(body === undefined ? {} : { body }),
      status: answer.status,
      text: answer.body === undefined ? answer.text : comparable(answer.body),
    });
    return answer.body;
  }

  /** Every route about `customerId`, with up to three accounts of each family. */
  async customer(customerId: string): Promise<void> {
    const routes = customerRoutes(this.gw);
    const accounts = new Map<string, string[]>();
    // Lists first: a body names the accounts they gave.
    const byCustomer = routes.filter((r) => paramsOf(r).length === 1);
    for (const route of [
      ...byCustomer.filter((r) => !r.body),
      ...byCustomer.filter((r) => r.body),
    ]) {
      const ids = accounts.get(route.family) ?? [];
      const body = route.body === 'accountIds' ? { data: { accountIds: ids } } : undefined;
      if (!body ? route.body : ids.length === 0) continue;
      const answer = await this.visit(route.method, fill(route, { customerId }), body);
      for (const id of valuesOf(answer, 'accountId')) if (!ids.includes(id)) ids.push(id);
      accounts.set(route.family, ids);
    }
    for (const route of routes.filter((r) => paramsOf(r).length === 2 && !r.body)) {
      for (const accountId of (accounts.get(route.family) ?? []).slice(0, ACCOUNTS_PER_FAMILY)) {
        const answer = await this.visit(route.method, fill(route, { customerId, accountId }));
        await this.records(routes, route, { customerId, accountId }, answer);
      }
    }
  }

  /** The routes of one record of an account (a transaction, a statement) that `answer` lists. */
  private async records(
    routes: readonly RouteSpec[],
    listed: RouteSpec,
    ids: Record<string, string>,
    answer: unknown,
  ): Promise<void> {
    for (const route of routes.filter((r) => r.path.startsWith(`${listed.path}/{`))) {
      const name = paramsOf(route)[2]!;
      const [first] = valuesOf(answer, name);
      if (first !== undefined)
        await this.visit(route.method, fill(route, { ...ids, [name]: first }));
    }
  }

  /** Asks `other` every request made here; the visits whose answers differ. */
  async replayOn(other: TestGateway): Promise<{ visit: Visit; now: Visit }[]> {
    const again = new PlatformCrawl(other);
    const differences: { visit: Visit; now: Visit }[] = [];
    for (const visit of this.visits) {
      await again.visit(visit.method, visit.target, visit.body);
      const now = again.visits.at(-1)!;
      if (now.status !== visit.status || now.text !== visit.text) differences.push({ visit, now });
    }
    return differences;
  }
}
