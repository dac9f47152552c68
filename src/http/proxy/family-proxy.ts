/**
 * Pass-through of a core family to an upstream that already speaks the interface, with
 * http-proxy-middleware: the step that replaces a route's handler once the gateway's own front
 * (route match, holder token, body and query checks) has passed. The upstream gets its own
 * credentials and allow-listed headers; its answer comes back streamed, with allow-listed
 * headers. Every call goes through a circuit of the instance (one per core family) and a
 * timeout, and is measured as every core call is (`dhg_core_call_duration_seconds`).
 */
import http, { type ClientRequest, type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { NextFunction, Request, Response } from 'express';
import { createProxyMiddleware, type RequestHandler } from 'http-proxy-middleware';
import type CircuitBreaker from 'opossum';
import type { Logger } from 'pino';
import type { Config } from '../../config/config';
import { CoreTimeoutError, CoreUnavailableError, GatewayError } from '../../errors';
import type { GatewayMetrics } from '../../observability/metrics';
import type { ProxySettings } from '../../proxy/proxy-settings';
import { Circuits } from '../../resilience/circuits';
import { retryAfterSeconds } from '@data-holder-gateway/adapter-sdk';
import { CORE_FAMILIES, type RouteSpec } from '../route-spec';
import { CORE_FAMILY_SPACES } from './family-spaces';
import { ResponseCheck, isCheckable } from './response-check';
import { passAnswerOn } from './upstream-answer';
import { RequestHeaderPolicy, upstreamPath, writeReadBody } from './upstream-request';

export interface FamilyProxyDeps {
  /** The instance id: the `adapter` label of its metrics and circuits. */
  id: string;
  settings: ProxySettings;
  /** The gateway's resilience settings (circuit thresholds, `CORE_TIMEOUT_MS`). */
  resilience: Config['resilience'];
  metrics: GatewayMetrics;
  logger: Logger;
}

/** A route step: runs after the front checks, answers or throws a gateway error. */
export type ProxyStep = (req: Request, res: Response, next: NextFunction) => Promise<void>;

export interface FamilyProxy {
  readonly id: string;
  /** The step that replaces the handler of `route` (a route with a core family). */
  forward(route: RouteSpec): ProxyStep;
  /** Circuit breakers by core family, for tests and readiness. */
  readonly circuits: ReadonlyMap<string, CircuitBreaker>;
  /** Stops the circuits' timers and closes idle upstream connections. */
  close(): void;
}

/** One proxied call under way: how its outcome reaches the step that started it. */
interface Exchange {
  route: RouteSpec;
  proxyReq?: ClientRequest;
  resolve(upstream: IncomingMessage | undefined): void;
  reject(err: unknown): void;
}

/** The outcome label of a failed call, as the resilience stack names them. */
const outcomeOf = (err: unknown) =>
  err instanceof CoreTimeoutError
    ? 'timeout'
    : err instanceof GatewayError && err.status < 500
      ? 'client_error'
      : 'failure';

/** A failed exchange as the gateway's error: a timeout stays one, anything else is unavailability. */
const asCoreError = (err: unknown) =>
  err instanceof GatewayError ? err : new CoreUnavailableError({ cause: err });

class HttpFamilyProxy implements FamilyProxy {
  readonly id: string;
  readonly circuits: ReadonlyMap<string, CircuitBreaker>;
  private readonly breakers: Circuits;
  private readonly exchanges = new WeakMap<IncomingMessage, Exchange>();
  private readonly agent: http.Agent;
  private readonly middleware: RequestHandler<Request, Response>;
  private readonly requestHeaders: RequestHeaderPolicy;
  private readonly responseHeaders: ReadonlySet<string>;
  private readonly timeoutMs: number;
  private readonly check?: ResponseCheck;

  constructor(private readonly deps: FamilyProxyDeps) {
    const { settings, resilience } = deps;
    this.id = deps.id;
    this.breakers = new Circuits({
      adapterId: deps.id,
      settings: resilience,
      metrics: deps.metrics,
      logger: deps.logger,
      // One circuit per family, named after it.
      circuitOf: new Map(CORE_FAMILIES.map((family) => [family, family])),
    });
    this.circuits = this.breakers.byName;
    this.timeoutMs = settings.timeoutMs ?? resilience.timeoutMs;
    this.requestHeaders = new RequestHeaderPolicy(settings);
    this.responseHeaders = new Set(settings.responseHeaders.map((h) => h.toLowerCase()));
    if (settings.check === 'log') this.check = new ResponseCheck();
    const base = new URL(settings.baseUrl);
    this.agent =
      base.protocol === 'https:'
        ? new https.Agent({ keepAlive: true })
        : new http.Agent({ keepAlive: true });
    this.middleware = this.createMiddleware(base);
  }

  forward(route: RouteSpec): ProxyStep {
    const family = route.coreFamily;
    if (!family) throw new Error(`route ${route.operationId} has no core family to proxy`);
    const operation = `${family}.${route.operationId}`;
    const { name, breaker } = this.breakers.for(family);
    return async (req, res) => {
      const started = process.hrtime.bigint();
      const observe = (outcome: string) =>
        this.deps.metrics.coreDuration.observe(
          { adapter: this.id, operation, outcome },
          Number(process.hrtime.bigint() - started) / 1e9,
        );
      const refused = this.breakers.refusal(name, breaker);
      if (refused) {
        observe('rejected');
        throw refused;
      }
      let upstream: IncomingMessage | undefined;
      try {
        upstream = (await breaker.fire(() => this.exchange(route, req, res))) as
          IncomingMessage | undefined;
      } catch (err) {
        observe(outcomeOf(err));
        throw err;
      }
      // No answer: the caller went away first, and there is nobody to answer.
      if (!upstream) return;
      observe((upstream.statusCode ?? 0) < 400 ? 'success' : 'client_error');
      await passAnswerOn(upstream, res, {
        allowedHeaders: this.responseHeaders,
        idleMs: this.timeoutMs,
        inspect: this.inspector(route, operation, upstream, res),
      });
    };
  }

  close(): void {
    this.breakers.close();
    this.agent.destroy();
  }

  /**
   * Sends the request and resolves with the upstream's answer once its headers are in (a 5xx,
   * a transport failure or the timeout reject); resolves empty when the caller leaves first.
   */
  private exchange(route: RouteSpec, req: Request, res: Response) {
    return new Promise<IncomingMessage | undefined>((resolve, reject) => {
      const exchange: Exchange = {
        route,
        resolve: (upstream) => {
          clearTimeout(timer);
          resolve(upstream);
        },
        reject: (err) => {
          clearTimeout(timer);
          reject(asCoreError(err));
        },
      };
      const timer = setTimeout(() => {
        const err = new CoreTimeoutError();
        exchange.reject(err);
        exchange.proxyReq?.destroy(err);
      }, this.timeoutMs);
      this.exchanges.set(req, exchange);
      // The gateway's server has answered the caller's `Expect: 100-continue` already; and
      // http-proxy skips its proxyReq hook (the header policy, the body) for a request that
      // still carries one.
      delete req.headers.expect;
      res.once('close', () => {
        // The caller left before the answer: the upstream call is of no use any more.
        if (!res.writableFinished) exchange.proxyReq?.destroy();
        exchange.resolve(undefined);
      });
      void this.middleware(req, res, (err?: unknown) =>
        exchange.reject(err ?? new Error('the proxy passed the request on')),
      );
    });
  }

  /** The response check of one answer, when check mode is on and the answer is checkable. */
  private inspector(
    route: RouteSpec,
    operation: string,
    upstream: IncomingMessage,
    res: Response,
  ): ((body: Buffer) => void) | undefined {
    const check = this.check;
    const status = upstream.statusCode ?? 0;
    const encoding = upstream.headers['content-encoding'];
    if (!check || (encoding && encoding !== 'identity')) return undefined;
    if (!isCheckable(route, status, upstream.headers['content-type'])) return undefined;
    return (body) => {
      let mismatches;
      try {
        mismatches = check.mismatches(route, JSON.parse(body.toString('utf8')));
      } catch {
        mismatches = [{ path: '/', keyword: 'json' }];
      }
      if (mismatches.length === 0) return;
      this.deps.metrics.proxyNonconforming.inc({ adapter: this.id, operation });
      this.deps.logger.warn(
        { operationId: route.operationId, status, mismatches, reqId: res.locals.requestId },
        'proxied answer does not match its contract',
      );
    };
  }

  private createMiddleware(base: URL): RequestHandler<Request, Response> {
    const basePath = base.pathname;
    return createProxyMiddleware<Request, Response>({
      target: base.origin,
      changeOrigin: true,
      agent: this.agent,
      // The gateway answers: the upstream's answer is passed on by passAnswerOn, never piped raw.
      selfHandleResponse: true,
      pathRewrite: (_path, req) => {
        const family = this.exchanges.get(req)!.route.coreFamily!;
        return upstreamPath(req.originalUrl, CORE_FAMILY_SPACES[family], basePath);
      },
      on: {
        proxyReq: (proxyReq, req, res) => {
          const exchange = this.exchanges.get(req);
          if (exchange) exchange.proxyReq = proxyReq;
          this.requestHeaders.apply(proxyReq, res.locals.requestId as string | undefined);
          writeReadBody(proxyReq, req);
        },
        proxyRes: (upstream, req) => {
          const exchange = this.exchanges.get(req);
          if (!exchange) return;
          const status = upstream.statusCode ?? 502;
          if (status < 500) {
            exchange.resolve(upstream);
            return;
          }
          upstream.resume();
          const retryAfter = retryAfterSeconds(upstream.headers['retry-after']);
          exchange.reject(
            new CoreUnavailableError({
              cause: new Error(`upstream answered ${status}`),
              ...(retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {}),
            }),
          );
        },
        error: (err, req) => this.exchanges.get(req as Request)?.reject(err),
      },
    });
  }
}

/** The pass-through of one proxy instance. */
export function createFamilyProxy(deps: FamilyProxyDeps): FamilyProxy {
  return new HttpFamilyProxy(deps);
}
