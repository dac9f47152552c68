/**
 * A Temenos Transact simulator: the GET operations of Transact's published party, holdings and
 * order services (routes.ts lists them, each at its base path and path) over a generated data
 * set (`data/dataset.json`), so a Temenos adapter runs end to end without Transact
 * (`npm run temenos:sim`), and tests get a loopback core that misbehaves on demand (faults.ts,
 * from code or the control endpoint, control.ts).
 *
 * Every request needs, in this order:
 * 1. credentials: HTTP Basic with the simulator's user and password, or `Authorization: Bearer`
 *    with its token; missing or wrong is 401 (`WWW-Authenticate: Basic`);
 * 2. the `companyId` header naming the simulator's company (`AU0010001`); missing or another
 *    company is 400, a business error (the request cannot be read without its company), not 401;
 * then a path of a served operation (else 404) and the GET method (else 405).
 * Answers: `{ header, body }`; an enquiry's header pages it (paging.ts), a record's names it.
 * Errors: Transact's body of the operation's family (temenos-errors.ts).
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { TEMENOS_SIM_COMPANY_ID } from './catalogue';
import { answerControl, CONTROL_ROOT } from './control';
import { DEFAULT_DATASET_FILE, loadTemenosDataset, type TemenosDataset } from './dataset';
import { FaultSwitches, type TemenosFault } from './faults';
import { enquiryToken, paged, pageRequest } from './paging';
import { matchRoute, routeId, TEMENOS_ROUTE_IDS } from './routes';
import { SimIndex } from './sim-index';
import {
  AUDIT,
  badRequest,
  errorBody,
  noSuchResource,
  type OperationFamily,
  systemError,
  TemenosError,
  unauthenticated,
  unavailable,
} from './temenos-errors';

export { DEFAULT_DATASET_FILE, loadTemenosDataset, type TemenosDataset };
export { TEMENOS_ROUTE_IDS } from './routes';
export type { TemenosFault, TemenosFaultKind } from './faults';
export {
  TEMENOS_CATEGORIES,
  TEMENOS_PRODUCTS,
  TEMENOS_RELATION_CODES,
  TEMENOS_SECTORS,
  TEMENOS_SIM_BSB,
  TEMENOS_SIM_COMPANY_ID,
  TEMENOS_TRANSACTION_CODES,
} from './catalogue';

export interface TemenosSimulatorOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /** Listen address. Default `127.0.0.1`. */
  host?: string;
  /** The data set itself, instead of `dataFile`. */
  dataset?: TemenosDataset;
  /** The data set file. Default the bundled `data/dataset.json`. */
  dataFile?: string;
  /** The company accepted in the `companyId` header. Default `AU0010001`. */
  companyId?: string;
  /** The Basic user. Default `SIMUSER`. */
  username?: string;
  /** The Basic password. Default `sim-password`. */
  password?: string;
  /** The bearer token accepted instead of Basic. Default `temenos-sim-token`. */
  bearerToken?: string;
  /** Records a page when `page_size` is not given. Default 50. */
  pageSize?: number;
}

/** One request that reached an API path (control requests are not recorded). */
export interface TemenosRequestRecord {
  method: string;
  /** The path as sent. */
  path: string;
  /** The route id, when the path named a served operation. */
  route?: string;
  query: Record<string, string>;
  /** The Basic user sent, if any (never a password or token). */
  user?: string;
  companyId?: string;
  traceparent?: string;
}

export interface TemenosSimulator {
  /** `http://127.0.0.1:<port>`: the base the services' `/api/vX.Y.Z/...` paths hang under. */
  url: string;
  port: number;
  data: TemenosDataset;
  /** The accepted company and credentials. */
  login: { companyId: string; username: string; password: string; bearerToken: string };
  /** Every API request, in arrival order (faulted ones too). */
  requests: TemenosRequestRecord[];
  /** Requests of one route id, or of all routes. */
  requestCount(route?: string): number;
  resetRequests(): void;
  faults: FaultSwitches;
  /** Stops listening and ends every connection, hanging ones included. */
  close(): Promise<void>;
}

interface Served {
  sim: TemenosSimulator;
  index: SimIndex;
  pageSize: number;
  timers: Set<NodeJS.Timeout>;
}

function send(res: http.ServerResponse, status: number, body: unknown, headers = {}): void {
  if (res.destroyed || res.headersSent) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

function sendError(res: http.ServerResponse, family: OperationFamily, err: TemenosError): void {
  send(res, err.status, errorBody(family, err), err.headers);
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function basicUser(header: string | undefined): { user: string; password: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  const text = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  return colon < 0 ? undefined : { user: text.slice(0, colon), password: text.slice(colon + 1) };
}

function admit(req: http.IncomingMessage, login: TemenosSimulator['login']): void {
  const authorization = req.headers.authorization;
  const basic = basicUser(authorization);
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  const passes =
    (basic?.user === login.username && basic.password === login.password) ||
    (bearer !== undefined && bearer === login.bearerToken);
  if (!passes) throw unauthenticated();
  const company = single(req.headers.companyid);
  if (!company) {
    throw new TemenosError(400, 'EB-COMPANY.MISSING', 'The companyId header is required');
  }
  if (company !== login.companyId) {
    throw new TemenosError(400, 'EB-COMPANY.UNKNOWN', `Company ${company} is not served here`);
  }
}

/** The request's own answer, faults aside. */
function answer(
  served: Served,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
): void {
  const match = matchRoute(url.pathname);
  const family = match?.spec.family ?? 'query';
  try {
    admit(req, served.sim.login);
    if (!match) throw noSuchResource(url.pathname);
    if (req.method !== 'GET') {
      const message = `${req.method} is not served`;
      throw new TemenosError(405, 'EB-METHOD.NOT.ALLOWED', message, 'BUSINESS', undefined, {
        allow: 'GET',
      });
    }
    const query = firstValues(url);
    const result = match.spec.handle({ params: match.params, query, index: served.index });
    if (result.kind === 'record') {
      const header = {
        id: result.id,
        status: 'success',
        transactionStatus: 'Live',
        audit: { ...AUDIT, versionNumber: '1' },
      };
      send(res, 200, { header, body: result.body });
      return;
    }
    const request = pageRequest(query, single(req.headers.disablepagination), served.pageSize);
    const token = enquiryToken(url.pathname.replace(/\/{2,}/g, '/'), query);
    send(res, 200, paged(result.items, request, token, result.headerData));
  } catch (err) {
    sendError(res, family, err instanceof TemenosError ? err : systemError());
  }
}

function firstValues(url: URL): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) if (!(k in query)) query[k] = v;
  return query;
}

/** Plays a fault; false when the request is to be answered normally. */
function playFault(
  fault: TemenosFault,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  family: OperationFamily,
): boolean {
  switch (fault.kind) {
    case 'hang':
      return true;
    case 'drop':
      req.socket.destroy();
      return true;
    case 'error500':
      sendError(res, family, systemError());
      return true;
    case 'unavailable503':
      sendError(res, family, unavailable(fault.retryAfterSeconds));
      return true;
    case 'invalid400':
      sendError(res, family, badRequest('customerId', 'refused by the fault switch'));
      return true;
    default:
      return false;
  }
}

function later(served: Served, ms: number, then: () => void): void {
  const timer = setTimeout(() => {
    served.timers.delete(timer);
    then();
  }, ms);
  served.timers.add(timer);
}

function handler(served: Served): http.RequestListener {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://simulator');
    if (url.pathname.startsWith(CONTROL_ROOT)) {
      void answerControl(req, url, controlled(served.sim), (status, body) =>
        send(res, status, body),
      );
      return;
    }
    req.resume(); // API bodies are ignored
    const match = matchRoute(url.pathname);
    const route = match ? routeId(match.spec) : undefined;
    served.sim.requests.push(recordOf(req, url, route));
    const fault = served.sim.faults.take(route);
    const go = () => {
      if (res.destroyed) return;
      if (fault && playFault(fault, req, res, match?.spec.family ?? 'query')) return;
      answer(served, req, res, url);
    };
    const delay = fault?.delayMs ?? (fault?.kind === 'delay' ? 1000 : 0);
    if (delay > 0) later(served, delay, go);
    else go();
  };
}

function recordOf(req: http.IncomingMessage, url: URL, route?: string): TemenosRequestRecord {
  const user = basicUser(req.headers.authorization)?.user;
  const companyId = single(req.headers.companyid);
  const traceparent = single(req.headers.traceparent);
  return {
    method: req.method ?? 'GET',
    path: url.pathname,
    ...(route ? { route } : {}),
    query: firstValues(url),
    ...(user !== undefined ? { user } : {}),
    ...(companyId !== undefined ? { companyId } : {}),
    ...(traceparent !== undefined ? { traceparent } : {}),
  };
}

function controlled(sim: TemenosSimulator) {
  return {
    faults: sim.faults,
    resetRequests: () => sim.resetRequests(),
    requestCounts: () => {
      const byRoute: Record<string, number> = {};
      for (const r of sim.requests) if (r.route) byRoute[r.route] = (byRoute[r.route] ?? 0) + 1;
      return { total: sim.requests.length, byRoute };
    },
  };
}

export async function startTemenosSimulator(
  options: TemenosSimulatorOptions = {},
): Promise<TemenosSimulator> {
  const data = options.dataset ?? loadTemenosDataset(options.dataFile);
  const sim: TemenosSimulator = {
    url: '',
    port: 0,
    data,
    login: {
      companyId: options.companyId ?? TEMENOS_SIM_COMPANY_ID,
      username: options.username ?? 'SIMUSER',
      password: options.password ?? 'sim-password',
      bearerToken: options.bearerToken ?? 'temenos-sim-token',
    },
    requests: [],
    requestCount: (route) =>
      sim.requests.filter((r) => route === undefined || r.route === route).length,
    resetRequests: () => {
      sim.requests.length = 0;
    },
    faults: new FaultSwitches(TEMENOS_ROUTE_IDS),
    close: async () => {},
  };
  const served: Served = {
    sim,
    index: new SimIndex(data),
    pageSize: options.pageSize ?? 50,
    timers: new Set(),
  };
  const server = http.createServer(handler(served));
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  sim.port = address.port;
  sim.url = `http://${host}:${address.port}`;
  sim.close = closer(server, sockets, served.timers);
  return sim;
}

function closer(server: http.Server, sockets: Set<Socket>, timers: Set<NodeJS.Timeout>) {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= new Promise<void>((resolve) => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
    return closing;
  };
}
