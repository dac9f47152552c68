/**
 * Builds the gateway's API router from the route table: an Express router whose routes run, as
 * middleware, authentication, body checks (415, 413, malformed JSON), query and body validation,
 * the handler, deprecation headers, and JSON or streamed answers.
 */
import { pipeline } from 'node:stream/promises';
import express, {
  type ErrorRequestHandler,
  type NextFunction,
  type Request,
  type Response,
  type Router,
} from 'express';
import { withDateWindow } from '../api/date-window';
import { pathParamNames, tooLongId } from '../api/ids';
import type { QueryValues } from '../api/query-values';
import { withTimeWindow } from '../api/transaction-query';
import { type Admission, type AdmittedContext, refusalOf } from '../auth/admission';
import type { HolderVerifier } from '../auth/holder-auth';
import {
  FdxInvalidRequestError,
  InvalidFieldError,
  RouteNotFoundError,
  SharingRefusedError,
  UnsupportedMediaTypeError,
} from '../errors';
import { SharingRefusals } from '../refusals/sharing-refusals';
import { declaresTooLargeBody, payloadTooLarge, readBody } from './body-reader';
import { sendJson } from './json-answer';
import { parseAccountIdsBody, parseQuery } from '../routes/parameters';
import { refuseImpossibleIds, refuseUnknownIds, unknownIdOfKind } from '../routes/path-ids';
import { RAW_IDS, type GatewayIds, UnknownIdError } from '../ids/gateway-ids';
import { answerFor } from '../refusals/refusal-answer';
import type { FamilyProxy } from '../proxy/family-proxy';
import type {
  AuthRequest,
  CheckedInput,
  CoreFamily,
  ErrorFamily,
  HandlerResult,
  RouteSpec,
} from '../routes/route-spec';
import './request-state';
import { tierOfCall } from '../api/response-tiers';

export interface RouterDeps {
  verifyHolder: HolderVerifier;
  /** Current time (tests inject a clock). */
  now: () => Date;
  /** Core families passed through to an upstream instead of served by the adapter. */
  passThrough?: ReadonlyMap<CoreFamily, FamilyProxy>;
  /** The holder's refusals to share (the operator's list); default none beyond the cores'. */
  refusals?: SharingRefusals;
  /** Whether a call without `x-fapi-customer-ip-address` has a customer present (its tier). */
  customerPresentByDefault?: boolean;
  /** The deployment's ids: path and body ids not the gateway's are refused; default raw. */
  ids?: GatewayIds;
}

/** `/v1/banking/customer/{customerId}` -> `/v1/banking/customer/:customerId`. */
export function routePattern(template: string): string {
  return template.replace(/\{(\w+)\}/g, ':$1');
}

/** `scheme://authority` at the start of an absolute-form request target (RFC 9112, 3.2.2). */
const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/**
 * The request target exactly as sent, without the query (the `aud` of holder tokens). An
 * absolute-form target (`GET http://host/v1/...`) is served by its path, as the router matches
 * it: its scheme and authority are the caller's words, never the gateway's to use.
 */
export function rawPath(req: Request): string {
  let url = req.originalUrl;
  if (url.charCodeAt(0) !== 47 /* '/' */) {
    const authority = ABSOLUTE_FORM.exec(url);
    if (authority) url = url.slice(authority[0].length) || '/';
  }
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q) || '/';
}

/**
 * Refuses a request that declares a body over the limit before anything reads it: 413, and the
 * connection closes, so its rest is never read.
 */
export function refuseDeclaredTooLarge(req: Request, _res: Response, next: NextFunction): void {
  next(declaresTooLargeBody(req) ? payloadTooLarge() : undefined);
}

/**
 * The call context of one request. Its signal is made on first use: cached and coalesced reads
 * never use the caller's signal (a shared core call must not die with one caller), so most
 * requests need no AbortController and no close listener.
 *
 * A class, not an object literal with a getter: a literal's getter is a new function on every
 * request, so V8 gives every context a hidden class of its own, kept from old space until the
 * next full GC, and through the getter's closure it kept each finished request's objects alive
 * across young-generation GCs (bench/results.md: 10% of what a request allocated
 * survived a scavenge, 2.7% with the class).
 */
class RequestCallContext implements AdmittedContext {
  readonly requestId: string;
  /** The token's admission (holder routes): the resilience stack awaits it before a core call. */
  readonly admission: Admission | undefined;
  #signal: AbortSignal | undefined;

  constructor(private readonly res: Response) {
    this.requestId = String(res.locals.requestId);
    this.admission = res.locals.admission;
  }

  get signal(): AbortSignal {
    if (!this.#signal) {
      const controller = new AbortController();
      this.#signal = controller.signal;
      const res = this.res;
      const abort = () => {
        if (!res.writableFinished) controller.abort(new Error('client closed the connection'));
      };
      if (res.destroyed) abort();
      else res.on('close', abort);
    }
    return this.#signal;
  }
}

function authRequest(req: Request): AuthRequest {
  return {
    authorization: req.headers.authorization,
    path: rawPath(req),
    ip: req.ip ?? '',
    headers: req.headers,
  };
}

async function send(req: Request, res: Response, route: RouteSpec, result: HandlerResult) {
  for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, value);
  const status = result.status ?? route.successStatus ?? 200;
  if (result.stream) {
    const { body, contentType, contentLength } = result.stream;
    res.statusCode = status;
    res.setHeader('Content-Type', contentType);
    if (contentLength !== undefined) res.setHeader('Content-Length', String(contentLength));
    if (req.method === 'HEAD') {
      // Headers only: release the core's stream instead of reading it to the end.
      body.destroy();
      res.end();
      return;
    }
    try {
      await pipeline(body, res);
    } catch (err) {
      // Headers may be gone already: the error handler then only closes the connection.
      if (!res.writableFinished) throw err;
    }
    return;
  }
  if (result.body === undefined) {
    res.statusCode = status;
    res.end();
  } else sendJson(req, res, status, result.body);
}

type Step = (req: Request, res: Response, next: NextFunction) => void | Promise<void>;

/**
 * First step: the route's family, template, operation and the call's response-time tier, for
 * errors, metrics and logs; then a body declared too large is refused before anything reads it.
 */
function enter(route: RouteSpec, deps: RouterDeps): Step {
  const { family, path, operationId } = route;
  const presentByDefault = deps.customerPresentByDefault ?? false;
  return (req, res, next) => {
    res.locals.family = family;
    res.locals.route = path;
    res.locals.operationId = operationId;
    res.locals.tier = tierOfCall(route.tier, req.headers, presentByDefault);
    refuseDeclaredTooLarge(req, res, next);
  };
}

/**
 * The route's authentication: the holder's token, or the route's own authenticator. A holder
 * token's claim is not awaited here but handed on as the request's admission (ADR 0051): the
 * resilience stack awaits it before any core call, and every answer of the route after it.
 */
function authenticate(route: RouteSpec, deps: RouterDeps): Step | undefined {
  const auth = route.auth;
  if (auth === 'holder') {
    return async (req, res, next) => {
      const verified = await deps.verifyHolder(req.headers.authorization, rawPath(req));
      res.locals.admission = verified.admission;
      next();
    };
  }
  if (typeof auth === 'function') {
    return async (req, res, next) => {
      res.locals.auth = await auth(authRequest(req));
      next();
    };
  }
  return undefined;
}

/**
 * Refuses a path id longer than the interface takes (`MAX_ID_LENGTH`, src/api/ids.ts), after the
 * token and before the body is read or a core, the cache or an upstream is asked, on served and
 * passed-through routes alike: 400 `Invalid field: <name>` in the family's body (FDX: code 400
 * `Invalid request`, as its own id check answers). No memory of the gateway holds a longer id.
 */
function checkPathIds(route: RouteSpec): Step | undefined {
  const names = pathParamNames(route.path);
  if (names.length === 0) return undefined;
  return (req, _res, next) => {
    const name = tooLongId(req.params as Record<string, string>, names);
    if (name === undefined) next();
    else next(route.family === 'fdx' ? new FdxInvalidRequestError() : new InvalidFieldError(name));
  };
}

/** Reads a route's body: JSON, or (for `json-or-form` routes) a form; any other type is 415. */
function bodyReader(route: RouteSpec): Step | undefined {
  if (!route.body) return undefined;
  const acceptsForm = route.body === 'json-or-form';
  return async (req, _res, next) => {
    if (req.is('application/json')) req.body = await readBody(req, 'json');
    else if (acceptsForm && req.is('application/x-www-form-urlencoded')) {
      req.body = await readBody(req, 'form');
    } else throw new UnsupportedMediaTypeError();
    next();
  };
}

/**
 * The refusals made before the core is asked (docs/api.md, "Refusals to share"): a customer the
 * operator flags for harm, on every route that refuses one (after the family's own checks of the
 * request, which answer first: a served route's handler makes them later, so they are made here;
 * a passed-through route has made them already); and, on a passed-through route, whose records
 * the gateway never sees, the operator's refusals of the path's account or of the body's ids. A
 * served route's accounts are checked with the core's records (src/endpoints/account-selection.ts);
 * a passed-through route's account lists with the upstream's (src/proxy/account-lists.ts).
 */
function refuseBeforeCore(
  route: RouteSpec,
  refusals: SharingRefusals,
  input: CheckedInput,
  passedThrough: boolean,
): void {
  const customerId = input.params.customerId;
  if (customerId === undefined) return;
  if (
    (route.refusesHarmedCustomer ?? route.auth === 'holder') &&
    refusals.customer(customerId) === 'harm'
  ) {
    if (!passedThrough) route.checkRequest?.(input);
    throw new SharingRefusedError('harm');
  }
  if (!passedThrough) return;
  const { accountId } = input.params;
  const ids = input.accountIds ?? (accountId !== undefined ? [accountId] : []);
  const reasons = ids.flatMap((id) => refusals.account(customerId, id) ?? []);
  if (reasons.length > 0)
    throw new SharingRefusedError(reasons.includes('harm') ? 'harm' : reasons[0]!);
}

/** The route's `/v1` query: validated, and its date or time window defaulted and checked. */
function queryOf(route: RouteSpec, rawQuery: Record<string, unknown>, now: Date): QueryValues {
  const query = parseQuery(rawQuery, route.query);
  if (route.dateWindow) return withDateWindow(query, now);
  if (route.timeWindow) return withTimeWindow(query, now);
  return query;
}

/**
 * The one input step of every route, served or passed through: the query (dates and time
 * windows defaulted), a specific-accounts body, path ids that cannot be ids and, with opaque ids,
 * path and body ids that are not the gateway's (src/routes/path-ids.ts: the family's unknown-id
 * answer), on a passed-through route the family's own checks, then the
 * refusals made before the core. What it checked goes to `res.locals.input` for the last step.
 */
function checkInput(route: RouteSpec, deps: RouterDeps, passedThrough: boolean): Step {
  const refusals = deps.refusals ?? SharingRefusals.NONE;
  const ids = deps.ids ?? RAW_IDS;
  return (req, res, next) => {
    const rawQuery = req.query as Record<string, unknown>;
    const input: CheckedInput = {
      params: req.params as Record<string, string>,
      query: queryOf(route, rawQuery, deps.now()),
      rawQuery,
      ...(route.body === 'accountIds' ? { accountIds: parseAccountIdsBody(req.body) } : {}),
      ...(route.body ? { body: req.body as unknown } : {}),
    };
    refuseImpossibleIds(route, input.params);
    refuseUnknownIds(route, input, ids);
    if (passedThrough) route.checkRequest?.(input);
    refuseBeforeCore(route, refusals, input, passedThrough);
    res.locals.input = input;
    next();
  };
}

/** The route's handler over the checked input, then its answer once the token is admitted. */
function handler(route: RouteSpec): Step {
  return async (req, res) => {
    const input = res.locals.input!;
    const result = await route.handle({
      ...input,
      body: route.body !== 'accountIds' ? input.body : undefined,
      auth: res.locals.auth,
      headers: req.headers,
      ip: req.ip ?? '',
      ctx: new RequestCallContext(res),
    });
    try {
      await res.locals.admission; // no answer before the token's claim succeeded
    } catch (refused) {
      result.stream?.body.destroy();
      throw refused;
    }
    markDeprecated(route, res, input.params);
    await send(req, res, route, result);
  };
}

/** Deprecation headers of a route that has a successor. */
function markDeprecated(route: RouteSpec, res: Response, params: Record<string, string>): void {
  if (!route.successor) return;
  res.setHeader('Deprecation', 'true');
  res.setHeader('Link', `<${route.successor(params)}>; rel="successor-version"`);
}

/**
 * A proxied route's last step: the upstream call instead of the handler, given only what the
 * input step checked (the upstream applies its own defaults) and the operator's refusals, which
 * its account lists need.
 */
function passThroughStep(route: RouteSpec, deps: RouterDeps, proxy: FamilyProxy): Step {
  const forward = proxy.forward(route);
  const refusals = deps.refusals ?? SharingRefusals.NONE;
  return async (req, res) => {
    const { params, rawQuery, query, body } = res.locals.input!;
    markDeprecated(route, res, params);
    await forward(
      {
        method: req.method,
        params,
        rawQuery,
        query,
        body,
        headers: req.headers,
        ctx: new RequestCallContext(res),
        refusals,
      },
      res,
    );
  };
}

/** The proxy of the route's core family, when that family is passed through. */
function proxyOf(route: RouteSpec, deps: RouterDeps): FamilyProxy | undefined {
  return route.coreFamily ? deps.passThrough?.get(route.coreFamily) : undefined;
}

/** The route's last step: its handler, or the pass-through of its core family. */
function lastStep(route: RouteSpec, deps: RouterDeps, proxy: FamilyProxy | undefined): Step {
  return proxy ? passThroughStep(route, deps, proxy) : handler(route);
}

/**
 * The route's answer to an error of its steps: a refusal to share as the interface says it
 * (src/refusals/refusal-answer.ts), its reason noted for the count of refusals; an unknown body id
 * with `BODY_ID_NOT_FOUND_STATUS`; anything else as it is. A refused token answers instead of any
 * of them, as it did when the claim was awaited before the route's other steps (ADR 0051).
 */
function refusalAnswerStep(route: RouteSpec, deps: RouterDeps): ErrorRequestHandler {
  const bodyIdStatus = (deps.refusals ?? SharingRefusals.NONE).bodyIdStatus;
  return async (err, _req, res, next) => {
    const refused = await refusalOf(res.locals.admission);
    const known = err instanceof UnknownIdError ? unknownIdOfKind(route, err.kind) : err;
    const { error, refusal } = answerFor(route, refused ?? known, bodyIdStatus);
    if (refusal) res.locals.sharingRefusal = refusal;
    next(error);
  };
}

/** A route's steps, in order; a step that throws hands its error to the error handler. */
function routeSteps(route: RouteSpec, deps: RouterDeps): (Step | ErrorRequestHandler)[] {
  const proxy = proxyOf(route, deps);
  const steps = [
    enter(route, deps),
    authenticate(route, deps),
    checkPathIds(route),
    bodyReader(route),
    checkInput(route, deps, proxy !== undefined),
    lastStep(route, deps, proxy),
  ];
  return [
    ...steps.filter((step): step is Step => step !== undefined),
    refusalAnswerStep(route, deps),
  ];
}

/**
 * The space of each error family: the first two segments of its routes' paths (`/v1/banking`,
 * `/fdx/v6`, `/v1/token`...). What a request there does not match (a path or method no route
 * has, a bad percent-encoding) is answered in that family's body.
 */
function familySpaces(routes: readonly RouteSpec[]): Map<string, ErrorFamily> {
  const spaces = new Map<string, ErrorFamily>();
  for (const route of routes) {
    const fixed: string[] = [];
    for (const segment of route.path.split('/').slice(1, 3)) {
      if (segment.includes('{')) break;
      fixed.push(segment);
    }
    if (fixed.length === 0) continue;
    const prefix = `/${fixed.join('/')}`;
    const known = spaces.get(prefix);
    if (known && known !== route.family) {
      throw new Error(`routes under ${prefix} answer in two error families`);
    }
    spaces.set(prefix, route.family);
  }
  return spaces;
}

/**
 * The end of a family's space, reached only by what no route there answered: a request no route
 * matched is 404 (413 when it declares a body too large), and every error of the space takes
 * the family (a route's own errors have it already).
 */
function familySpaceEnd(family: ErrorFamily): [Step, ErrorRequestHandler] {
  return [
    (req, _res, next) => {
      next(declaresTooLargeBody(req) ? payloadTooLarge() : new RouteNotFoundError());
    },
    (err, _req, res, next) => {
      res.locals.family ??= family;
      next(err);
    },
  ];
}

/**
 * The route table as one Express router: paths are case-sensitive and strict (no trailing
 * slash), HEAD is answered by the GET route, and a path or method no route has is 404 in its
 * family's body (outside every family's space it leaves the router, to the app's 404). A path
 * parameter that is not valid percent-encoding is Express's URIError, answered 400 "Invalid
 * field: path" by the error handler.
 */
export function buildApiRouter(routes: readonly RouteSpec[], deps: RouterDeps): Router {
  const router = express.Router({ caseSensitive: true, strict: true });
  // One Express route per path, its methods on it, in table order: a request tests each path
  // once, until one matches.
  const byPath = new Map<string, express.IRoute>();
  for (const route of routes) {
    let entry = byPath.get(route.path);
    if (!entry) {
      entry = router.route(routePattern(route.path));
      byPath.set(route.path, entry);
    }
    const steps = routeSteps(route, deps);
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    entry[method](...steps);
  }
  // After the routes: a request a route answers never tests these.
  for (const [prefix, family] of familySpaces(routes))
    router.use(prefix, ...familySpaceEnd(family));
  return router;
}
