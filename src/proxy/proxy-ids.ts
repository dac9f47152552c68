/**
 * The gateway's ids on passed-through routes, as served routes have them (src/ids/gateway-ids.ts):
 * the path's and the body's ids decoded into the upstream's own before the upstream request is
 * built, and each id of the upstream's JSON answer (and of its links) encoded into the gateway's,
 * account-level ids bound to the path's customer. An id that names nothing of the instance throws
 * UnknownIdError before any upstream call: the router answers it as the route's unknown id.
 * Only with opaque ids; raw ids make no instance of this (nothing is parsed or copied then).
 */
import type { GatewayIds, IdItem, InstanceIds } from '../ids/gateway-ids';
import { eachId, withIds } from '../ids/id-fields';
import { KIND_OF_PARAM } from '../routes/path-ids';
import type { RouteSpec } from '../routes/route-spec';
import { AnswerIdPlans, know, type KnownIds, linkHeaderWithIds, linksWithIds } from './answer-ids';

/** A specific-accounts body, as the router validated it. */
interface AccountIdsBody {
  data: { accountIds: string[] } & Record<string, unknown>;
}

function accountIdsOf(route: RouteSpec, body: unknown): string[] {
  if (route.body !== 'accountIds') return [];
  return (body as AccountIdsBody | undefined)?.data?.accountIds ?? [];
}

/** What one request's ids are: the path's and body's decoded, and what each record is named. */
interface Decoded {
  /** The route's parameters with the instance's ids. */
  params: Readonly<Record<string, string>>;
  /** The body with the instance's ids (a specific-accounts body), or as it came. */
  body: unknown;
  /** The path's customer: the gateway's id, and the instance's own. */
  customer: { external: string; core: string };
  /** The core ids and the gateway's of every record the path names. */
  known: KnownIds;
}

/** The ids of one passed-through request: its core ids, and its answer's gateway ids. */
export class RequestIds {
  constructor(
    private readonly ids: InstanceIds,
    private readonly plans: AnswerIdPlans,
    /** Its `known` grows with the records of the answer, for its links. */
    private readonly decoded: Decoded,
  ) {}

  /** The route's parameters with the instance's ids. */
  get params(): Readonly<Record<string, string>> {
    return this.decoded.params;
  }

  /** The body with the instance's ids (a specific-accounts body), or as it came. */
  get body(): unknown {
    return this.decoded.body;
  }

  /**
   * The upstream's JSON answer of `route` with the gateway's ids: each id field the route's
   * contract has, then every link. The call's customer keeps the id the path names them by.
   * @throws UnencodableRefError for an id no record can have (empty, or too long)
   */
  async answer(route: RouteSpec, json: unknown): Promise<unknown> {
    const plan = this.plans.of(route);
    const { customer, known } = this.decoded;
    let out = json;
    if (plan) {
      const items: IdItem[] = [];
      eachId(plan, json, (kind, id) => items.push({ kind, id, customer: customer.external }));
      const external = items.length > 0 ? await this.ids.externalIds(items) : [];
      items.forEach((item, i) => {
        const own = item.kind === 'customer' && item.id === customer.core;
        know(known, item.kind, item.id, own ? customer.external : external[i]!);
      });
      out = withIds(plan, json, (kind, id) => known.get(kind)?.get(id) ?? id);
    }
    return linksWithIds(out, known);
  }

  /** A `Link` header of the upstream's with the gateway's ids of the records known so far. */
  linkHeader(value: string | string[]): string | string[] {
    return Array.isArray(value)
      ? value.map((v) => linkHeaderWithIds(v, this.decoded.known))
      : linkHeaderWithIds(value, this.decoded.known);
  }
}

/** One pass-through instance's side of the gateway's opaque ids. */
export class ProxyIds {
  private readonly ids: InstanceIds;
  private readonly plans = new AnswerIdPlans();

  /** The instance's ids, when they are opaque; undefined with raw ids (nothing to translate). */
  static of(ids: GatewayIds | undefined, instance: string): ProxyIds | undefined {
    return ids && ids.encoding !== 'raw' ? new ProxyIds(ids, instance) : undefined;
  }

  private constructor(ids: GatewayIds, instance: string) {
    this.ids = ids.of(instance);
  }

  /** Whether `route`'s ids are translated: it names a customer, to whom its ids are bound. */
  translates(route: RouteSpec): boolean {
    return route.path.includes('{customerId}');
  }

  /**
   * The request's ids: the path's and the specific-accounts body's decoded, the body copied with
   * the instance's account ids.
   * @throws UnknownIdError when an id names nothing of the instance (no upstream is asked)
   */
  async request(
    route: RouteSpec,
    params: Readonly<Record<string, string>>,
    body: unknown,
  ): Promise<RequestIds> {
    const customer = params.customerId!;
    const names = Object.keys(params).filter((name) => KIND_OF_PARAM[name] !== undefined);
    const path = names.map((name): IdItem => ({
      kind: KIND_OF_PARAM[name]!,
      id: params[name]!,
      customer,
    }));
    const accountIds = accountIdsOf(route, body);
    const bodyItems = accountIds.map((id): IdItem => ({ kind: 'account', id, customer }));
    const core = await this.ids.coreIds([...path, ...bodyItems]);
    const coreParams: Record<string, string> = { ...params };
    const known: KnownIds = new Map();
    names.forEach((name, i) => {
      coreParams[name] = core[i]!;
      know(known, path[i]!.kind, core[i]!, path[i]!.id);
    });
    return new RequestIds(this.ids, this.plans, {
      params: coreParams,
      body:
        accountIds.length > 0
          ? withAccountIds(body as AccountIdsBody, core.slice(path.length))
          : body,
      customer: { external: customer, core: coreParams.customerId! },
      known,
    });
  }
}

/** A specific-accounts body with other account ids, the rest as it came. */
function withAccountIds(body: AccountIdsBody, accountIds: string[]): AccountIdsBody {
  return { ...body, data: { ...body.data, accountIds } };
}
