/**
 * What a proxied request looks like on its way to the upstream, built from what the gateway
 * checked and from nothing else of the caller's request: its path from the route's template and
 * matched parameters (each one percent-encoded segment, never a value that cannot be an id), its
 * query from the parameters the route validated (re-serialised), its headers from the allow-list
 * (never a hop-by-hop one, nor one the caller's `Connection` names) and the upstream's own
 * credentials, and a body only on a route that takes one (the one the router read, written again).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { stringify as stringifyForm } from 'qs';
import { isImpossibleId, unknownIdError } from '../routes/path-ids';
import type { RouteSpec } from '../routes/route-spec';
import { NEVER_FORWARDED, type ProxySettings } from './proxy-settings';
import { tracingOn } from '../observability/tracing';

/**
 * The trace context headers: with tracing on, the upstream gets the gateway's own (its client
 * span's), never the caller's beside it, whatever `forwardHeaders` says.
 */
const TRACE_CONTEXT = ['traceparent', 'tracestate', 'baggage'];

/** A request as the upstream gets it. */
export interface UpstreamRequest {
  method: string;
  /** Path and query, under the base URL's path. */
  path: string;
  headers: Record<string, string | string[]>;
  body?: string;
}

/**
 * Headers of one connection, never of the request (RFC 9110, 7.6.1), and the framing the HTTP
 * client sets itself: none is ever copied from the caller's request, even when listed.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'expect',
]);

/**
 * A path parameter as one segment, encoded. A value that cannot be an id (it decodes to hold `/`,
 * `\`, NUL, CR, LF or `;`, or is a dot segment, src/routes/path-ids.ts) never reaches the upstream,
 * whose server may decode `%2F` into path structure or resolve `%2e%2e`: it is answered as the
 * family's unknown id of that parameter.
 */
function segment(route: RouteSpec, name: string, value: string): string {
  if (isImpossibleId(value)) throw unknownIdError(route, name);
  return encodeURIComponent(value);
}

/** The upstream path of a route: its template below the family's space, under the base path. */
export class UpstreamPath {
  /** Literal text and parameter names, alternating (literals at even indexes). */
  private readonly parts: string[];

  /**
   * @param space the family's space on the gateway (`/fdx/v6`), replaced by `basePath`
   * @throws Error when the route is outside the space
   */
  constructor(
    private readonly route: RouteSpec,
    space: string,
    basePath: string,
  ) {
    if (!route.path.startsWith(`${space}/`)) {
      throw new Error(`route ${route.operationId} is outside its core family's space ${space}`);
    }
    const base = basePath.endsWith('/') ? basePath.slice(0, -1) : basePath;
    this.parts = (base + route.path.slice(space.length)).split(/\{(\w+)\}/);
  }

  /**
   * The path for matched parameters (decoded, as the router matched them).
   * @throws the family's unknown-id error for a parameter that cannot be an id
   */
  for(params: Readonly<Record<string, string>>): string {
    let path = '';
    for (let i = 0; i < this.parts.length; i += 1) {
      const part = this.parts[i]!;
      path += i % 2 === 0 ? part : segment(this.route, part, params[part] ?? '');
    }
    return path;
  }
}

/** The query parameters a route validates: its `/v1` ones and those its family checks itself. */
export function validatedQueryNames(route: RouteSpec): string[] {
  const documented = (route.parameters ?? []) as { name?: unknown; in?: unknown }[];
  return [
    ...route.query,
    ...documented
      .filter((p) => p.in === 'query' && typeof p.name === 'string')
      .map((p) => p.name as string),
  ];
}

/**
 * `?a=1&b=2` from the validated parameters the caller gave, each once, exactly by its name; `''`
 * when none. Unknown, case-variant or repeated parameters are not among them.
 */
export function forwardedQuery(
  names: readonly string[],
  rawQuery: Readonly<Record<string, unknown>>,
): string {
  let query = '';
  for (const name of names) {
    const value = rawQuery[name];
    if (typeof value !== 'string') continue;
    query += `${query === '' ? '?' : '&'}${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
  }
  return query;
}

/** The names a `Connection` header lists: hop-by-hop for this connection only. */
function connectionNames(value: string | string[] | undefined): Set<string> {
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  return new Set(
    text
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** The request headers policy of one proxy instance. */
export class RequestHeaderPolicy {
  private readonly allowed: readonly string[];
  private readonly fixed: Readonly<Record<string, string>>;

  constructor(settings: ProxySettings) {
    const never = new Set<string>([...NEVER_FORWARDED, ...(tracingOn() ? TRACE_CONTEXT : [])]);
    this.allowed = settings.forwardHeaders
      .map((h) => h.toLowerCase())
      .filter((h) => !never.has(h) && !HOP_BY_HOP.has(h));
    const fixed: Record<string, string> = {};
    for (const [name, value] of Object.entries(settings.headers)) {
      if (!HOP_BY_HOP.has(name.toLowerCase())) fixed[name.toLowerCase()] = value;
    }
    if (settings.authorization) fixed.authorization = settings.authorization;
    this.fixed = fixed;
  }

  /**
   * The allowed headers of the caller (without those its `Connection` names, and without
   * `content-type` when no body is sent), the gateway's request id, then the upstream's own
   * static headers and credentials, which nothing of the caller's can remove.
   */
  headersFor(
    caller: IncomingHttpHeaders,
    requestId: string,
    withBody: boolean,
  ): Record<string, string | string[]> {
    const named = connectionNames(caller.connection);
    const headers: Record<string, string | string[]> = {};
    for (const name of this.allowed) {
      const value = caller[name];
      if (value === undefined || named.has(name)) continue;
      if (name === 'content-type' && !withBody) continue;
      headers[name] = value;
    }
    // The gateway's id (the caller's, when it sent a usable one) correlates both logs.
    if (this.allowed.includes('x-request-id')) headers['x-request-id'] = requestId;
    return Object.assign(headers, this.fixed);
  }
}

/**
 * The body of a route that takes one, as the router read it (and so consumed it): JSON, or a form
 * when it came as one. Written decoded: whatever encoding the caller used is no longer true of it.
 */
export function bodyFor(
  route: RouteSpec,
  body: unknown,
  contentType: string | undefined,
): { text: string; type: string } | undefined {
  if (!route.body || body === undefined) return undefined;
  const form = /^application\/x-www-form-urlencoded/i.test(contentType ?? '');
  return form
    ? {
        text: stringifyForm(body as Record<string, unknown>),
        type: 'application/x-www-form-urlencoded',
      }
    : { text: JSON.stringify(body), type: 'application/json; charset=utf-8' };
}
