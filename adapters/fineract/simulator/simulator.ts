/**
 * A Fineract simulator: serves recorded Apache Fineract payloads (`data/dataset.json`) over HTTP
 * with Fineract's own semantics, so the gateway's Fineract adapter runs end to end without a real
 * Fineract (`npm run fineract:sim`), and component tests get a loopback core that can misbehave
 * on purpose (`setFault`).
 *
 * What it serves, under `<url>` = `http://<host>:<port>/fineract-provider/api`:
 * 1. `GET /v1/clients/{clientId}`
 * 2. `GET /v1/clients?externalId=&offset=&limit=&orderBy=&sortOrder=` →
 *    `{ totalFilteredRecords, pageItems }`
 * 3. `GET /v1/clients/{clientId}/accounts` (empty collections left out, as Fineract does)
 * 4. `GET /v1/savingsaccounts/{id}` (savings deposit type only)
 * 5. `GET /v1/fixeddepositaccounts/{id}`
 * 6. `GET /v1/recurringdepositaccounts/{id}`
 * 7. `GET /v1/loans/{id}` (`associations=repaymentSchedule|transactions|all` adds those)
 * 8. `GET /v1/savingsaccounts/{id}/transactions/search` (fromDate, toDate inclusive with
 *    dateFormat yyyy-MM-dd; fromAmount, toAmount; types, credit, debit; offset = the page number,
 *    limit = the page size, default 50; orderBy transactionDate|id lists, sortOrder ASC|DESC) →
 *    `{ total, content }`, reversal entries left out, for savings, fixed and recurring deposit
 *    accounts (transaction-resources.ts)
 * 9. `GET /v1/loans/{id}/transactions` (Spring paging: page from 0, size default 20 and at most
 *    2000, sort `transactionDate|id[,asc|desc]`) → a Spring page
 * 10. `GET /v1/standinginstructions?clientId=&fromAccountId=&fromAccountType=&offset=&limit=`
 * 11. `GET /v1/self/beneficiaries/tpt`: the beneficiaries of the authenticated self-service user
 *     (the back-office user gets `[]`), served by Fineract's self-service plugin; with
 *     `selfServicePlugin: false` every `/v1/self/...` path is 404 resource-not-found, as a
 *     Fineract without the plugin answers
 * 12. `GET /v1/savingsaccounts/{id}/transactions/{transactionId}` and the fixed and recurring
 *     deposit twins: one transaction of an account of that deposit type; none is Fineract's 500
 *     `{"Exception": "Incorrect result size: expected 1, actual 0"}`
 * 13. `GET /v1/loans/{id}/transactions/{transactionId}`: one loan transaction; none is 404
 *     `error.msg.loan.transaction.id.invalid`
 * 14. `GET /v1/client/{clientId}/addresses?status=&type=`: the client's addresses
 *
 * A slowed core answers every request after `setLatency` milliseconds, and `putClient` adds or
 * edits a client while it runs (what the customer search's index must notice).
 *
 * Every request needs `Fineract-Platform-TenantId` (or `?tenantIdentifier=`): missing or unknown is
 * 400. Then HTTP Basic credentials: the back-office user, or a self-service user of the data set
 * (who may call `/v1/self/...` only: anything else is 403); wrong or missing is 401. Errors are
 * Fineract-shaped: `{ developerMessage, httpStatusCode, defaultUserMessage,
 * userMessageGlobalisationCode, errors: [...] }`; an unknown resource is 404 with
 * `error.msg.resource.not.found` and, in `errors[0]`, the specific code (`error.msg.client.id.invalid`,
 * `error.msg.saving.account.id.invalid`, `error.msg.loan.id.invalid`, ...), as Fineract answers.
 * Number literals of the data set are served exactly as written (parsed with lossless-json).
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { LosslessNumber, stringify } from 'lossless-json';
import { type FineractDataset, type FineractSelfServiceUser, loadFineractDataset } from './dataset';
import {
  errorBody,
  FineractError,
  invalid,
  NOT_AUTHENTICATED,
  notFound,
  SERVER_ERROR,
  UNAVAILABLE,
} from './fineract-errors';
import { FineractResources } from './resources';

export {
  CONTACTS_DATATABLE,
  DEFAULT_DATASET_FILE,
  type FineractDataset,
  type FineractSelfServiceUser,
  loadFineractDataset,
} from './dataset';

/** Where the simulator listens and whom it lets in. */
export interface FineractSimulatorOptions {
  /** TCP port; 0 picks a free one (tests). Default 0 here; the CLI defaults to 8443. */
  port?: number;
  /** Listen address. Default `127.0.0.1`. */
  host?: string;
  /** The data set file. Default `adapters/fineract/simulator/data/dataset.json`. */
  dataFile?: string;
  /** The data set itself (a generated one, say), instead of `dataFile`. */
  dataset?: FineractDataset;
  /** The one tenant identifier accepted. Default `default`. */
  tenant?: string;
  /** The back-office user. Default `mifos`. */
  username?: string;
  /** The back-office user's password. Default `password`. */
  password?: string;
  /** Whether the self-service plugin is installed (`/v1/self/...` served). Default true. */
  selfServicePlugin?: boolean;
}

/** How every request is answered until the next `setFault`. */
export type FineractFault =
  'none' | 'error500' | 'unavailable503' | 'invalid400' | 'hang' | 'reset';

/** One request that reached the simulator. */
export interface FineractRequestRecord {
  method: string;
  /**
   * The path below the API root (e.g. `/v1/clients/1`); the full path when the request was not
   * under the API root.
   */
  path: string;
  /** Query parameters (the first value of a repeated one). */
  query: Record<string, string>;
  /** The Basic user name sent, if any. */
  user?: string;
  /** The tenant sent, if any. */
  tenant?: string;
  /** The W3C `traceparent` sent, if any (the gateway's client span when it traces). */
  traceparent?: string;
}

export interface FineractSimulator {
  /** Base URL including `/fineract-provider/api`, without a trailing slash. */
  url: string;
  /** Every request received, in arrival order (faulted ones too). */
  requests: FineractRequestRecord[];
  /**
   * From now on: answer normally (`none`), 500 with a Fineract error body (`error500`), 503 with
   * `Retry-After: retryAfterSeconds` when given (`unavailable503`), 400 with a validation error
   * body as Fineract refuses a parameter value (`invalid400`), never answer (`hang`, until
   * `close`), or destroy the connection (`reset`).
   */
  setFault(fault: FineractFault, options?: { retryAfterSeconds?: number }): void;
  /** From now on, answer every request `ms` milliseconds after it arrived (0: at once). */
  setLatency(ms: number): void;
  /** Adds a client, or replaces the one with its id: a client created or edited in Fineract. */
  putClient(client: Record<string, unknown>): void;
  /** Sockets currently open on the simulator side (idle keep-alive ones included). */
  openSockets(): number;
  /** Requests received and not answered whose connection is still open (e.g. hanging ones). */
  openRequests(): number;
  /** Stops listening and ends every connection, hanging ones included. */
  close(): Promise<void>;
}

/** The API root every Fineract path hangs under. */
export const FINERACT_API_ROOT = '/fineract-provider/api';

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function basicCredentials(header: string | undefined): { user: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * The body's JSON, its number literals as the data set wrote them: lossless-json's writer where
 * the body holds such a literal (a LosslessNumber), else JSON.stringify, ten times faster on a
 * page of clients (a list of 10,000 clients is read a page at a time).
 */
function jsonText(body: unknown): string {
  let exact = false;
  const text = JSON.stringify(body, (_key, value: unknown) => {
    if (value instanceof LosslessNumber) exact = true;
    return value;
  });
  return (exact ? stringify(body) : text) ?? 'null';
}

function send(res: http.ServerResponse, status: number, body: unknown, headers = {}): void {
  const text = jsonText(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** One incoming request, parsed once. */
interface Incoming {
  url: URL;
  query: Record<string, string>;
  underRoot: boolean;
  credentials: { user: string; password: string } | null;
  tenant: string | undefined;
}

function parseIncoming(req: http.IncomingMessage): Incoming {
  const url = new URL(req.url ?? '/', 'http://simulator');
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) if (!(k in query)) query[k] = v;
  const tenantHeader = req.headers['fineract-platform-tenantid'];
  return {
    url,
    query,
    underRoot:
      url.pathname === FINERACT_API_ROOT || url.pathname.startsWith(`${FINERACT_API_ROOT}/`),
    credentials: basicCredentials(req.headers.authorization),
    tenant:
      (Array.isArray(tenantHeader) ? tenantHeader[0] : tenantHeader) ?? query.tenantIdentifier,
  };
}

function recordOf(req: http.IncomingMessage, incoming: Incoming): FineractRequestRecord {
  const { url, query, underRoot, credentials, tenant } = incoming;
  const { method, headers } = req;
  return {
    method: method ?? 'GET',
    path: underRoot ? url.pathname.slice(FINERACT_API_ROOT.length) || '/' : url.pathname,
    query,
    ...(credentials ? { user: credentials.user } : {}),
    ...(tenant !== undefined ? { tenant } : {}),
    ...(typeof headers.traceparent === 'string' ? { traceparent: headers.traceparent } : {}),
  };
}

/** Answers the request as the fault says; false when there is no fault. */
function answerFault(
  fault: FineractFault,
  retryAfterSeconds: number | undefined,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): boolean {
  switch (fault) {
    case 'hang':
      return true;
    case 'reset':
      req.socket.destroy();
      return true;
    case 'error500':
      send(res, 500, SERVER_ERROR);
      return true;
    case 'invalid400': {
      const refused = invalid('fromDate', 'validation.msg.invalid.date', 'Invalid date.', null);
      send(res, refused.status, refused.body);
      return true;
    }
    case 'unavailable503':
      send(
        res,
        503,
        UNAVAILABLE,
        retryAfterSeconds !== undefined ? { 'retry-after': String(retryAfterSeconds) } : {},
      );
      return true;
    default:
      return false;
  }
}

/** The tenant and the credentials as Fineract checks them: the self-service user, if one. */
function admit(
  incoming: Incoming,
  accepted: { tenant: string; username: string; password: string },
  data: FineractDataset,
): FineractSelfServiceUser | undefined {
  const { tenant, credentials } = incoming;
  if (tenant === undefined || tenant === '') {
    const message =
      "No tenant identifier found: Add request header of 'Fineract-Platform-TenantId' or add the parameter 'tenantIdentifier' to query string of request URL.";
    throw new FineractError(400, errorBody(400, 'error.msg.tenant.identifier.missing', message));
  }
  if (tenant !== accepted.tenant) {
    const message = `The tenant identifier: ${tenant} is invalid.`;
    throw new FineractError(400, errorBody(400, 'error.msg.invalid.tenant.identifier', message));
  }
  if (credentials?.user === accepted.username && credentials.password === accepted.password) {
    return undefined;
  }
  const selfUser = data.selfServiceUsers.find(
    (u) => u.username === credentials?.user && u.password === credentials.password,
  );
  if (!selfUser) throw new FineractError(401, NOT_AUTHENTICATED);
  return selfUser;
}

/** The simulator's switches and counters, shared by its handler and its controls. */
interface SimulatorState {
  fault: FineractFault;
  retryAfterSeconds?: number;
  openRequests: number;
  latencyMs: number;
}

/** What answering a request needs besides the request. */
interface Served {
  state: SimulatorState;
  accepted: { tenant: string; username: string; password: string };
  data: FineractDataset;
  resources: FineractResources;
}

/** The request handler over a data set, with the simulator's state for faults and records. */
function handler(sim: FineractSimulator, served: Served): http.RequestListener {
  const { state } = served;
  return (req, res) => {
    const incoming = parseIncoming(req);
    sim.requests.push(recordOf(req, incoming));
    req.resume(); // bodies are ignored
    state.openRequests += 1;
    res.once('close', () => {
      state.openRequests -= 1;
    });
    if (state.latencyMs === 0) {
      answer(served, incoming, req, res);
      return;
    }
    // As a slow core: the answer (faulted or not) comes after the delay.
    setTimeout(() => answer(served, incoming, req, res), state.latencyMs);
  };
}

/** Answers one request as the current fault and the data set say. */
function answer(
  { state, accepted, data, resources }: Served,
  incoming: Incoming,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): void {
  if (res.destroyed) return;
  if (answerFault(state.fault, state.retryAfterSeconds, req, res)) return;
  try {
    if (!incoming.underRoot) throw notFound();
    const selfUser = admit(incoming, accepted, data);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      const message = `Method ${req.method} is not allowed.`;
      send(res, 405, errorBody(405, 'error.msg.method.not.allowed', message), { allow: 'GET' });
      return;
    }
    const segments = incoming.url.pathname
      .slice(FINERACT_API_ROOT.length)
      .split('/')
      .filter((s) => s !== '')
      .map(decodeSegment);
    send(res, 200, resources.answer({ segments, query: incoming.query, selfUser }));
  } catch (err) {
    if (err instanceof FineractError) {
      send(res, err.status, err.body, err.status === 401 ? { 'www-authenticate': 'Basic' } : {});
      return;
    }
    send(res, 500, SERVER_ERROR);
  }
}

export async function startFineractSimulator(
  options: FineractSimulatorOptions = {},
): Promise<FineractSimulator> {
  const accepted = {
    tenant: options.tenant ?? 'default',
    username: options.username ?? 'mifos',
    password: options.password ?? 'password',
  };
  const sockets = new Set<Socket>();
  const state: SimulatorState = { fault: 'none', openRequests: 0, latencyMs: 0 };
  const data = options.dataset ?? loadFineractDataset(options.dataFile);
  const resources = new FineractResources(data, options.selfServicePlugin ?? true);
  const sim: FineractSimulator = {
    url: '',
    requests: [],
    setFault(next, faultOptions = {}) {
      state.fault = next;
      state.retryAfterSeconds = faultOptions.retryAfterSeconds;
    },
    setLatency(ms) {
      state.latencyMs = Math.max(0, ms);
    },
    putClient: (client) => resources.putClient(client),
    openSockets: () => sockets.size,
    openRequests: () => state.openRequests,
    close: async () => {},
  };
  const server = http.createServer(handler(sim, { state, accepted, data, resources }));
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
  sim.url = `http://${host}:${address.port}${FINERACT_API_ROOT}`;
  let closing: Promise<void> | undefined;
  sim.close = () => {
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) {
        socket.destroy();
        sockets.delete(socket);
      }
    });
    return closing;
  };
  return sim;
}
