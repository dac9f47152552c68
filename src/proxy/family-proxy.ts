/**
 * Pass-through of a core family to an upstream that already speaks the interface: the step that
 * replaces a route's handler once the gateway's own front (route match, token, body and query
 * checks) has passed. It is the innermost step of the instance's resilience stack (`pass`): the
 * maintenance windows, the circuit of the route's operation group, the timeout and the core-call
 * metrics are the adapters' own. The upstream gets a request built from what the gateway checked
 * (upstream-request.ts), with its own credentials; its answer comes back streamed, with
 * allow-listed headers (upstream-answer.ts).
 */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { Pool, type Dispatcher } from 'undici';
import { coreAnswerFailure, transportFailure } from '@data-holder-gateway/adapter-sdk';
import type { QueryValues } from '../api/query-values';
import { CoreAnswerInvalidError, GatewayError } from '../errors';
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
import { isRefusal, passAnswerOn, readWhole, type UpstreamAnswer } from './upstream-answer';
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

export class FamilyProxy {
  readonly id: string;
  private readonly pool: Pool;
  private readonly basePath: string;
  private readonly requestHeaders: RequestHeaderPolicy;
  private readonly responseHeaders: ReadonlySet<string>;
  private readonly check?: ResponseCheck;
  /** The check of the account lists the gateway reads whole, whatever `check` says. */
  private listCheck?: ResponseCheck;

  constructor(private readonly deps: FamilyProxyDeps) {
    const { settings } = deps;
    this.id = deps.id;
    const base = new URL(settings.baseUrl);
    this.pool = new Pool(base.origin);
    this.basePath = base.pathname;
    this.requestHeaders = new RequestHeaderPolicy(settings);
    this.responseHeaders = new Set(settings.responseHeaders.map((h) => h.toLowerCase()));
    if (settings.check === 'log') this.check = new ResponseCheck();
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
    return async (request, res) => {
      const body = bodyFor(route, request.body, request.headers['content-type']);
      const headers = this.requestHeaders.headersFor(
        request.headers,
        request.ctx.requestId,
        body !== undefined,
      );
      if (body) headers['content-type'] = body.type;
      const upstreamPath = path.for(request.params);
      const upstream: UpstreamRequest = {
        method: request.method === 'HEAD' ? 'HEAD' : route.method,
        path: upstreamPath + forwardedQuery(queryNames, request.rawQuery),
        headers,
        ...(body ? { body: body.text } : {}),
      };
      const customerId = request.params.customerId;
      if (list && customerId !== undefined && request.refusals?.names(customerId)) {
        const filters = queryNames.filter((name) => name !== 'page' && name !== 'page-size');
        await this.lists(route, operation, request, res).answer(
          list,
          {
            route,
            customerId,
            query: request.query ?? {},
            refusals: request.refusals,
            // Read whole by the gateway: asked uncompressed.
            upstream: { ...upstream, headers: { ...headers, 'accept-encoding': 'identity' } },
            pagesPath: upstreamPath + forwardedQuery(filters, request.rawQuery),
            head: request.method === 'HEAD',
          },
          res,
        );
        return;
      }
      const answer = await this.call(operation, upstream, request.ctx);
      // No answer: the caller went away first, and there is nobody to answer.
      if (answer) await this.passOn(route, operation, answer, res);
    };
  }

  /** Closes the upstream connections. */
  close(): Promise<void> {
    return this.pool.close();
  }

  /**
   * One upstream request through the instance's stack as `operation`: its answer, a documented
   * 4xx included; undefined when the caller went away first.
   */
  private async call(
    operation: OperationName,
    upstream: UpstreamRequest,
    ctx: CallContext,
  ): Promise<UpstreamAnswer | undefined> {
    try {
      return await this.deps.stack.pass(operation, (c) => this.send(upstream, c), ctx);
    } catch (err) {
      if (!(err instanceof UpstreamRefusal)) throw err;
      return err.answer;
    }
  }

  /** Passes an answer on, streamed (or read whole and checked, in check mode). */
  private passOn(route: RouteSpec, operation: OperationName, answer: UpstreamAnswer, res: Res) {
    return passAnswerOn(answer, res, {
      allowedHeaders: this.responseHeaders,
      idleMs: this.deps.timeoutMs,
      inspect: this.inspector(route, operation, answer, res),
    });
  }

  /** The list answers of one request, on this proxy's calls, checks and header policy. */
  private lists(
    route: RouteSpec,
    operation: OperationName,
    request: CheckedRequest,
    res: Res,
  ): AccountListAnswers {
    return new AccountListAnswers({
      call: (upstream) => this.call(operation, upstream, request.ctx),
      passOn: (answer) => this.passOn(route, operation, answer, res),
      checkedBody: (answer) => this.checkedBody(route, operation, answer, res),
      allowedHeaders: this.responseHeaders,
      onRefusedListed: () =>
        this.deps.logger.warn(
          { operationId: route.operationId, reqId: res.locals?.requestId },
          'proxied account list names an account the operator refuses and the body did not name: not passed on',
        ),
    });
  }

  /**
   * The body of a 200 JSON answer, read whole and checked against the route's contract.
   * @throws CoreAnswerInvalidError for any other answer, or a body out of contract
   */
  private async checkedBody(
    route: RouteSpec,
    operation: OperationName,
    answer: UpstreamAnswer,
    res: Res,
  ): Promise<{ json: unknown; text: Buffer }> {
    const encoding = answer.headers['content-encoding'];
    const type = answer.headers['content-type'];
    if (
      answer.statusCode !== 200 ||
      (encoding !== undefined && encoding !== 'identity') ||
      !isCheckable(route, 200, Array.isArray(type) ? type[0] : type)
    ) {
      answer.body.destroy();
      const keyword = answer.statusCode === 200 ? 'content-type' : 'status';
      this.report(route, operation, answer.statusCode, [{ path: '/', keyword }], res);
      throw new CoreAnswerInvalidError();
    }
    const text = await readWhole(answer.body, this.deps.timeoutMs, MAX_PAGE_BYTES);
    this.listCheck ??= this.check ?? new ResponseCheck();
    const { json, mismatches } = this.parsed(this.listCheck, route, text);
    if (mismatches.length > 0) {
      this.report(route, operation, answer.statusCode, mismatches, res);
      throw new CoreAnswerInvalidError();
    }
    return { json, text };
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
    const contentType = answer.headers['content-type'];
    if (!isCheckable(route, status, Array.isArray(contentType) ? contentType[0] : contentType)) {
      return undefined;
    }
    return (body) => {
      const { mismatches } = this.parsed(check, route, body);
      if (mismatches.length > 0) this.report(route, operation, status, mismatches, res);
    };
  }
}
