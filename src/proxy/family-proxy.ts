/**
 * Pass-through of a core family to an upstream that already speaks the interface: the step that
 * replaces a route's handler once the gateway's own front (route match, token, body and query
 * checks) has passed. It is the innermost step of the instance's resilience stack (`pass`): the
 * maintenance windows, the circuit of the route's operation group, the timeout and the core-call
 * metrics are the adapters' own. The upstream gets a request built from what the gateway checked
 * (upstream-request.ts), with its own credentials; its answer comes back streamed, with
 * allow-listed headers (upstream-answer.ts). With opaque ids, the request's ids are the upstream's
 * own and its JSON answer's the gateway's (proxy-ids.ts): such an answer is read whole.
 */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import { Pool, type Dispatcher } from 'undici';
import { coreAnswerFailure, transportFailure } from '@data-holder-gateway/adapter-sdk';
import type { QueryValues } from '../api/query-values';
import { CoreAnswerInvalidError, GatewayError } from '../errors';
import type { GatewayIds } from '../ids/gateway-ids';
import { UnencodableRefError } from '../ids/id-codec';
import type { RouteSpec } from '../routes/route-spec';
import type { GatewayMetrics } from '../observability/metrics';
import type { CallContext } from '../ports';
import type { SharingRefusals } from '../refusals/sharing-refusals';
import type { OperationName } from '../ports/operations';
import type { CoreCallStack } from '../core-call/stack';
import { AccountListAnswers, accountListKind, MAX_PAGE_BYTES } from './account-lists';
import { CORE_FAMILY_SPACES } from './family-spaces';
import type { ProxySettings } from './proxy-settings';
import { type ContractMismatch, ResponseCheck, isCheckable } from './response-check';
import { ProxyIds, type RequestIds } from './proxy-ids';
import {
  isRefusal,
  passAnswerOn,
  readWhole,
  sendOwnJson,
  type UpstreamAnswer,
} from './upstream-answer';
import {
  bodyFor,
  forwardedQuery,
  RequestHeaderPolicy,
  type UpstreamRequest,
  UpstreamPath,
  validatedQueryNames,
} from './upstream-request';

export interface FamilyProxyDeps {
  /** The instance id: the `adapter` label of its metrics and circuits. */
  id: string;
  settings: ProxySettings;
  /**
   * Longest pause within an upstream body before the answer is cut off, milliseconds: the
   * instance's `timeoutMs`, which its stack also gives the upstream to send its headers.
   */
  timeoutMs: number;
  /** The instance's resilience stack, whose innermost step the upstream call is. */
  stack: Pick<CoreCallStack, 'pass'>;
  metrics: GatewayMetrics;
  logger: Logger;
  /**
   * The deployment's ids: with opaque ids, a request's ids are decoded into the instance's and
   * its answer's encoded into the gateway's (proxy-ids.ts); default raw (nothing translated).
   */
  ids?: GatewayIds;
}

/** What the router hands the proxy of one request: the checked parts, nothing else. */
export interface CheckedRequest {
  /** As received: `HEAD` on a GET route asks the upstream for the headers only. */
  method: string;
  /** The route's matched parameters, decoded. */
  params: Readonly<Record<string, string>>;
  /** The query, of which only the parameters the route validated are forwarded. */
  rawQuery: Readonly<Record<string, unknown>>;
  /** The route's `/v1` query as validated, defaults applied (the page of a list the gateway cuts). */
  query?: QueryValues;
  /** The parsed body of a route that takes one. */
  body?: unknown;
  headers: IncomingHttpHeaders;
  ctx: CallContext;
  /** The operator's refusals, applied to the account lists (account-lists.ts); default none. */
  refusals?: SharingRefusals;
}

/** A route's last step when its family is passed through: answers, or throws a gateway error. */
export type ForwardStep = (
  request: CheckedRequest,
  res: ServerResponse & { locals?: Record<string, unknown> },
) => Promise<void>;

/** Upstream statuses that are its own trouble or the gateway's credentials, never the caller's. */
const NOT_THE_CALLERS = new Set([401, 403, 407, 408, 429]);
const CREDENTIALS_REFUSED = new Set([401, 403, 407]);

/**
 * An upstream's answer below 500 that refuses the caller's request (a documented 404, 422...):
 * passed on as it is, and thrown through the stack as a GatewayError below 500 so that the stack
 * classifies it as every adapter's refusal is classified (`client_error`, never a circuit failure).
 */
class UpstreamRefusal extends GatewayError {
  constructor(readonly answer: UpstreamAnswer) {
    super('GW_ERR_PROXY_UPSTREAM_REFUSAL', answer.statusCode, 'Upstream refused the request');
  }
}

const answerOf = (response: Dispatcher.ResponseData): UpstreamAnswer => ({
  statusCode: response.statusCode,
  headers: response.headers,
  body: response.body,
});

type Res = ServerResponse & { locals?: Record<string, unknown> };

/** The ids of one request whose JSON answer is translated, and whether it came as a HEAD. */
interface Translation {
  ids: RequestIds;
  head: boolean;
}

/** Drops a body the gateway will not read; its abort is nobody's error. */
function discard(body: Readable): void {
  body.on('error', () => undefined).destroy();
}

const firstOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export class FamilyProxy {
  readonly id: string;
  private readonly pool: Pool;
  private readonly basePath: string;
  private readonly requestHeaders: RequestHeaderPolicy;
  private readonly responseHeaders: ReadonlySet<string>;
  private readonly check?: ResponseCheck;
  /** The check of the account lists the gateway reads whole, whatever `check` says. */
  private listCheck?: ResponseCheck;
  /** The instance's opaque ids; undefined with raw ids. */
  private readonly ids?: ProxyIds;

  constructor(private readonly deps: FamilyProxyDeps) {
    const { settings } = deps;
    this.id = deps.id;
    const base = new URL(settings.baseUrl);
    this.pool = new Pool(base.origin);
    this.basePath = base.pathname;
    this.requestHeaders = new RequestHeaderPolicy(settings);
    this.responseHeaders = new Set(settings.responseHeaders.map((h) => h.toLowerCase()));
    if (settings.check === 'log') this.check = new ResponseCheck();
    this.ids = ProxyIds.of(deps.ids, deps.id);
  }

  /**
   * The step that replaces the handler of `route`.
   * @throws Error when the route has no core family or operation, or lies outside its space
   */
  forward(route: RouteSpec): ForwardStep {
    const { coreFamily: family, coreOperation: operation } = route;
    if (!family || !operation) {
      throw new Error(`route ${route.operationId} has no core family and operation to proxy`);
    }
    const path = new UpstreamPath(route, CORE_FAMILY_SPACES[family], this.basePath);
    const queryNames = validatedQueryNames(route);
    const list = accountListKind(route);
    const ids = this.ids?.translates(route) ? this.ids : undefined;
    // A JSON answer whose ids are translated is read whole: a HEAD asks for it too.
    const readsJson = ids !== undefined && route.responseContentType === undefined;
    return async (request, res) => {
      // Before anything is sent: an id that names nothing of the instance never reaches it.
      const requestIds = ids ? await ids.request(route, request.params, request.body) : undefined;
      const sent = requestIds ? requestIds.body : request.body;
      const body = bodyFor(route, sent, request.headers['content-type']);
      const headers = this.requestHeaders.headersFor(
        request.headers,
        request.ctx.requestId,
        body !== undefined,
      );
      if (body) headers['content-type'] = body.type;
      if (readsJson) headers['accept-encoding'] = 'identity';
      const upstreamPath = path.for(requestIds?.params ?? request.params);
      const head = request.method === 'HEAD';
      const upstream: UpstreamRequest = {
        method: head && !readsJson ? 'HEAD' : route.method,
        path: upstreamPath + forwardedQuery(queryNames, request.rawQuery),
        headers,
        ...(body ? { body: body.text } : {}),
      };
      const customerId = request.params.customerId;
      if (list && customerId !== undefined && request.refusals?.names(customerId)) {
        const filters = queryNames.filter((name) => name !== 'page' && name !== 'page-size');
        await this.lists(route, operation, request, res, requestIds).answer(
          list,
          {
            route,
            customerId,
            query: request.query ?? {},
            refusals: request.refusals,
            // Read whole by the gateway: asked uncompressed.
            upstream: { ...upstream, headers: { ...headers, 'accept-encoding': 'identity' } },
            pagesPath: upstreamPath + forwardedQuery(filters, request.rawQuery),
            head,
          },
          res,
        );
        return;
      }
      const answer = await this.call(operation, upstream, request.ctx, requestIds);
      const translation = requestIds && readsJson ? { ids: requestIds, head } : undefined;
      // No answer: the caller went away first, and there is nobody to answer.
      if (answer) await this.passOn(route, operation, answer, res, translation);
    };
  }

  /** Closes the upstream connections. */
  close(): Promise<void> {
    return this.pool.close();
  }

  /**
   * One upstream request through the instance's stack as `operation`: its answer, a documented
   * 4xx included, its `Link` header with the gateway's ids when `ids` are given; undefined when
   * the caller went away first.
   */
  private async call(
    operation: OperationName,
    upstream: UpstreamRequest,
    ctx: CallContext,
    ids?: RequestIds,
  ): Promise<UpstreamAnswer | undefined> {
    let answer: UpstreamAnswer | undefined;
    try {
      answer = await this.deps.stack.pass(operation, (c) => this.send(upstream, c), ctx);
    } catch (err) {
      if (!(err instanceof UpstreamRefusal)) throw err;
      answer = err.answer;
    }
    const link = answer?.headers.link;
    // A deprecated route's successor, or a paging link, written with the upstream's ids.
    if (!ids || !answer || link === undefined) return answer;
    return { ...answer, headers: { ...answer.headers, link: ids.linkHeader(link) } };
  }

  /**
   * Passes an answer on, streamed (or read whole and checked, in check mode); a JSON success
   * whose ids are translated, with the gateway's ids.
   */
  private passOn(
    route: RouteSpec,
    operation: OperationName,
    answer: UpstreamAnswer,
    res: Res,
    translation?: Translation,
  ): Promise<void> {
    if (translation && answer.statusCode >= 200 && answer.statusCode < 300)
      return this.passOnWithIds(route, operation, answer, res, translation);
    return passAnswerOn(answer, res, {
      allowedHeaders: this.responseHeaders,
      idleMs: this.deps.timeoutMs,
      inspect: this.inspector(route, operation, answer, res),
    });
  }

  /**
   * A JSON success with the gateway's ids: read whole, checked as it came in check mode, its ids
   * translated. One the gateway cannot read (not JSON, compressed, too large) or whose ids no
   * record can have would hand out the upstream's ids: 502, never passed on.
   */
  private async passOnWithIds(
    route: RouteSpec,
    operation: OperationName,
    answer: UpstreamAnswer,
    res: Res,
    { ids, head }: Translation,
  ): Promise<void> {
    const { json } = await this.jsonOf(route, operation, answer, res);
    const mismatches = this.check?.mismatches(route, json) ?? [];
    if (mismatches.length > 0) this.report(route, operation, answer.statusCode, mismatches, res);
    const translated = await this.translated(route, operation, answer.statusCode, json, ids, res);
    sendOwnJson(res, answer, JSON.stringify(translated), this.responseHeaders, head);
  }

  /** `json` with the gateway's ids. @throws CoreAnswerInvalidError for an id no record has */
  private async translated(
    route: RouteSpec,
    operation: OperationName,
    status: number,
    json: unknown,
    ids: RequestIds,
    res: Res,
  ): Promise<unknown> {
    try {
      return await ids.answer(route, json);
    } catch (err) {
      if (!(err instanceof UnencodableRefError)) throw err;
      this.report(route, operation, status, [{ path: '/', keyword: 'id' }], res);
      throw new CoreAnswerInvalidError();
    }
  }

  /** The list answers of one request, on this proxy's calls, checks and header policy. */
  private lists(
    route: RouteSpec,
    operation: OperationName,
    request: CheckedRequest,
    res: Res,
    ids: RequestIds | undefined,
  ): AccountListAnswers {
    return new AccountListAnswers({
      call: (upstream) => this.call(operation, upstream, request.ctx, ids),
      passOn: (answer) => this.passOn(route, operation, answer, res),
      checkedBody: (answer) => this.checkedBody(route, operation, answer, res, ids),
      allowedHeaders: this.responseHeaders,
      onRefusedListed: () =>
        this.deps.logger.warn(
          { operationId: route.operationId, reqId: res.locals?.requestId },
          'proxied account list names an account the operator refuses and the body did not name: not passed on',
        ),
    });
  }

  /**
   * The body of a 200 JSON answer, read whole and checked against the route's contract; with
   * `ids`, with the gateway's ids (`text` then written again).
   * @throws CoreAnswerInvalidError for any other answer, or a body out of contract
   */
  private async checkedBody(
    route: RouteSpec,
    operation: OperationName,
    answer: UpstreamAnswer,
    res: Res,
    ids?: RequestIds,
  ): Promise<{ json: unknown; text: Buffer }> {
    if (answer.statusCode !== 200) {
      discard(answer.body);
      this.report(route, operation, answer.statusCode, [{ path: '/', keyword: 'status' }], res);
      throw new CoreAnswerInvalidError();
    }
    const { json, text } = await this.jsonOf(route, operation, answer, res);
    this.listCheck ??= this.check ?? new ResponseCheck();
    const mismatches = this.listCheck.mismatches(route, json);
    if (mismatches.length > 0) {
      this.report(route, operation, answer.statusCode, mismatches, res);
      throw new CoreAnswerInvalidError();
    }
    if (!ids) return { json, text };
    const translated = await this.translated(route, operation, 200, json, ids, res);
    return { json: translated, text: Buffer.from(JSON.stringify(translated)) };
  }

  /**
   * The JSON of a success answer, read whole (at most MAX_PAGE_BYTES).
   * @throws CoreAnswerInvalidError for a body that is compressed, or not JSON
   */
  private async jsonOf(
    route: RouteSpec,
    operation: OperationName,
    answer: UpstreamAnswer,
    res: Res,
  ): Promise<{ json: unknown; text: Buffer }> {
    const encoding = answer.headers['content-encoding'];
    const type = firstOf(answer.headers['content-type']);
    if ((encoding !== undefined && encoding !== 'identity') || !isCheckable(route, 200, type)) {
      discard(answer.body);
      this.report(
        route,
        operation,
        answer.statusCode,
        [{ path: '/', keyword: 'content-type' }],
        res,
      );
      throw new CoreAnswerInvalidError();
    }
    const text = await readWhole(answer.body, this.deps.timeoutMs, MAX_PAGE_BYTES);
    try {
      return { json: JSON.parse(text.toString('utf8')) as unknown, text };
    } catch {
      this.report(route, operation, answer.statusCode, [{ path: '/', keyword: 'json' }], res);
      throw new CoreAnswerInvalidError();
    }
  }

  /** A body's JSON and its mismatches; a body that is not JSON is one mismatch at `/`. */
  private parsed(
    check: ResponseCheck,
    route: RouteSpec,
    text: Buffer,
  ): { json?: unknown; mismatches: ContractMismatch[] } {
    let json: unknown;
    try {
      json = JSON.parse(text.toString('utf8'));
    } catch {
      return { mismatches: [{ path: '/', keyword: 'json' }] };
    }
    return { json, mismatches: check.mismatches(route, json) };
  }

  /** Counts and logs an answer out of contract: paths and keywords, never a value. */
  private report(
    route: RouteSpec,
    operation: OperationName,
    status: number,
    mismatches: ContractMismatch[],
    res: Res,
  ): void {
    this.deps.metrics.proxyNonconforming.inc({ adapter: this.id, operation });
    this.deps.logger.warn(
      { operationId: route.operationId, status, mismatches, reqId: res.locals?.requestId },
      'proxied answer does not match its contract',
    );
  }

  /**
   * Sends the request and resolves with the upstream's answer once its headers are in (a 2xx or
   * 3xx); a refusal of the caller's request throws an UpstreamRefusal, a 5xx, a refused credential
   * or a transport failure the gateway's error. Resolves empty when the caller left first.
   */
  private async send(request: UpstreamRequest, ctx: CallContext) {
    let response: Dispatcher.ResponseData;
    try {
      response = await this.pool.request({ ...request, signal: ctx.signal });
    } catch (err) {
      // The caller's leaving (not the gateway's timeout) is no failure of the upstream.
      if (ctx.signal.aborted && !(ctx.signal.reason instanceof GatewayError)) return undefined;
      throw transportFailure(err, ctx.signal);
    }
    const status = response.statusCode;
    const answer = answerOf(response);
    // A 403 marked as a refusal to share is the interface's own answer, not a refused credential.
    if (status >= 500 || (NOT_THE_CALLERS.has(status) && !isRefusal(answer))) {
      await response.body.dump().catch(() => undefined);
      if (CREDENTIALS_REFUSED.has(status)) {
        this.deps.logger.error(
          { status },
          'the upstream refused the gateway credentials (check <ID>_AUTHORIZATION and <ID>_HEADERS)',
        );
      }
      throw coreAnswerFailure(
        status,
        response.headers['retry-after'],
        new Error(`upstream answered ${status}`),
      );
    }
    if (status >= 400) throw new UpstreamRefusal(answer);
    return answer;
  }

  /** The response check of one answer, when check mode is on and the answer is checkable. */
  private inspector(
    route: RouteSpec,
    operation: OperationName,
    answer: UpstreamAnswer,
    res: Res,
  ): ((body: Buffer) => void) | undefined {
    const check = this.check;
    const status = answer.statusCode;
    const encoding = answer.headers['content-encoding'];
    if (!check || (encoding && encoding !== 'identity')) return undefined;
    if (!isCheckable(route, status, firstOf(answer.headers['content-type']))) {
      return undefined;
    }
    return (body) => {
      const { mismatches } = this.parsed(check, route, body);
      if (mismatches.length > 0) this.report(route, operation, status, mismatches, res);
    };
  }
}
