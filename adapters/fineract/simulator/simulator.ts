/**
 * A Fineract simulator: serves recorded Apache Fineract payloads (`data/dataset.json`) over HTTP
 * with Fineract's own semantics, so the gateway's Fineract adapter runs end to end without a real
 * Fineract (`npm run fineract:sim`), and component tests get a loopback core that can misbehave
 * on purpose (`setFault`).
 *
 * What it serves, under `<url>` = `http://<host>:<port>/fineract-provider/api`:
 * 1. `GET /v1/clients/{clientId}`
 * 2. `GET /v1/clients?externalId=&offset=&limit=` → `{ totalFilteredRecords, pageItems }`
 * 3. `GET /v1/clients/{clientId}/accounts` (empty collections left out, as Fineract does)
 * 4. `GET /v1/savingsaccounts/{id}` (savings deposit type only)
 * 5. `GET /v1/fixeddepositaccounts/{id}`
 * 6. `GET /v1/recurringdepositaccounts/{id}`
 * 7. `GET /v1/loans/{id}` (`associations=repaymentSchedule|transactions|all` adds those)
 * 8. `GET /v1/savingsaccounts/{id}/transactions/search` (fromDate, toDate inclusive with
 *    dateFormat yyyy-MM-dd; offset, limit; orderBy transactionDate|id, sortOrder ASC|DESC) →
 *    `{ total, content }`, for savings, fixed and recurring deposit accounts
 * 9. `GET /v1/loans/{id}/transactions` (Spring paging: page from 0, size default 20 and at most
 *    2000, sort `transactionDate|id[,asc|desc]`) → a Spring page
 * 10. `GET /v1/standinginstructions?clientId=&fromAccountId=&fromAccountType=&offset=&limit=`
 * 11. `GET /v1/self/beneficiaries/tpt`: the beneficiaries of the authenticated self-service user
 *     (the back-office user gets `[]`)
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
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { isInteger, isSafeNumber, LosslessNumber, parse, stringify } from 'lossless-json';

/** Where the simulator listens and whom it lets in. */
export interface FineractSimulatorOptions {
  /** TCP port; 0 picks a free one (tests). Default 0 here; the CLI defaults to 8443. */
  port?: number;
  /** Listen address. Default `127.0.0.1`. */
  host?: string;
  /** The data set file. Default `adapters/fineract/simulator/data/dataset.json`. */
  dataFile?: string;
  /** The one tenant identifier accepted. Default `default`. */
  tenant?: string;
  /** The back-office user. Default `mifos`. */
  username?: string;
  /** The back-office user's password. Default `password`. */
  password?: string;
}

/** How every request is answered until the next `setFault`. */
export type FineractFault = 'none' | 'error500' | 'unavailable503' | 'hang' | 'reset';

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
}

export interface FineractSimulator {
  /** Base URL including `/fineract-provider/api`, without a trailing slash. */
  url: string;
  /** Every request received, in arrival order (faulted ones too). */
  requests: FineractRequestRecord[];
  /**
   * From now on: answer normally (`none`), 500 with a Fineract error body (`error500`), 503 with
   * `Retry-After: retryAfterSeconds` when given (`unavailable503`), never answer (`hang`, until
   * `close`), or destroy the connection (`reset`).
   */
  setFault(fault: FineractFault, options?: { retryAfterSeconds?: number }): void;
  /** Sockets currently open on the simulator side (idle keep-alive ones included). */
  openSockets(): number;
  /** Requests received and not answered whose connection is still open (e.g. hanging ones). */
  openRequests(): number;
  /** Stops listening and ends every connection, hanging ones included. */
  close(): Promise<void>;
}

/** The API root every Fineract path hangs under. */
export const FINERACT_API_ROOT = '/fineract-provider/api';
/** The bundled data set. */
export const DEFAULT_DATASET_FILE = path.join(__dirname, 'data', 'dataset.json');

type Json = Record<string, unknown>;

/** A self-service user of the data set. */
export interface FineractSelfServiceUser {
  username: string;
  password: string;
  clientId: number;
  beneficiaries: Json[];
}

/** The data set: recorded payloads, keyed as the endpoints need them. */
export interface FineractDataset {
  selfServiceUsers: FineractSelfServiceUser[];
  clients: Json[];
  /** Client id → `GET /v1/clients/{id}/accounts` payload. */
  clientAccounts: Record<string, Json>;
  savingsAccounts: Json[];
  fixedDepositAccounts: Json[];
  recurringDepositAccounts: Json[];
  /** Loans with their `repaymentSchedule`. */
  loans: Json[];
  /** Savings-table account id (savings, fixed, recurring) → its transactions. */
  savingsTransactions: Record<string, Json[]>;
  /** Loan id → its transactions. */
  loanTransactions: Record<string, Json[]>;
  standingInstructions: Json[];
}

/**
 * Reads a data set: safe integers become numbers, every other number a LosslessNumber holding
 * its literal (so it is written back byte for byte).
 */
export function loadFineractDataset(file = DEFAULT_DATASET_FILE): FineractDataset {
  const text = fs.readFileSync(file, 'utf8');
  const data = parse(text, null, (value) =>
    isInteger(value) && isSafeNumber(value) ? Number(value) : new LosslessNumber(value),
  ) as Partial<FineractDataset>;
  const sections: (keyof FineractDataset)[] = [
    'selfServiceUsers',
    'clients',
    'clientAccounts',
    'savingsAccounts',
    'fixedDepositAccounts',
    'recurringDepositAccounts',
    'loans',
    'savingsTransactions',
    'loanTransactions',
    'standingInstructions',
  ];
  const missing = sections.filter((s) => data[s] === undefined || data[s] === null);
  if (missing.length) throw new Error(`${file}: missing ${missing.join(', ')}`);
  return data as FineractDataset;
}

// ---------------------------------------------------------------------------------------------
// Fineract error bodies
// ---------------------------------------------------------------------------------------------

class FineractError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.developerMessage));
  }
}

function errorBody(
  status: number,
  code: string,
  message: string,
  errors: Json[] = [],
  developerMessage = message,
): Json {
  return {
    developerMessage,
    httpStatusCode: String(status),
    defaultUserMessage: message,
    userMessageGlobalisationCode: code,
    errors,
  };
}

const NOT_AVAILABLE = 'The requested resource is not available.';

/** 404 as Fineract's resource-not-found mapper writes it. */
function notFound(code?: string, message?: string, id?: number): FineractError {
  const errors =
    code && message
      ? [
          {
            developerMessage: message,
            defaultUserMessage: message,
            userMessageGlobalisationCode: code,
            parameterName: 'id',
            value: null,
            args: [{ value: id }],
          },
        ]
      : [];
  return new FineractError(
    404,
    errorBody(404, 'error.msg.resource.not.found', NOT_AVAILABLE, errors),
  );
}

/** 400 as Fineract's validation mapper writes it. */
function invalid(
  parameterName: string,
  code: string,
  message: string,
  value: unknown,
): FineractError {
  const error = {
    developerMessage: message,
    defaultUserMessage: message,
    userMessageGlobalisationCode: code,
    parameterName,
    value,
    args: [{ value }],
  };
  return new FineractError(
    400,
    errorBody(400, 'validation.msg.validation.errors.exist', 'Validation errors exist.', [error]),
  );
}

const NOT_AUTHENTICATED = errorBody(
  401,
  'error.msg.not.authenticated',
  'Unauthenticated. Please login.',
  [],
  'Invalid authentication details were passed in api request.',
);
const NOT_AUTHORIZED = errorBody(
  403,
  'error.msg.not.authorized',
  'User has no authority to access this resource.',
);
const SERVER_ERROR = errorBody(
  500,
  'error.msg.platform.server.side.error',
  'An unexpected error occurred on the platform server.',
  [],
  'java.sql.SQLTransientConnectionException: HikariPool-1 - Connection is not available, request timed out after 30000ms. at com.zaxxer.hikari.pool.HikariPool.createTimeoutException(HikariPool.java:696)',
);
const UNAVAILABLE = errorBody(
  503,
  'error.msg.platform.service.unavailable',
  'The platform is temporarily unavailable. Please try again later.',
);

// ---------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------

/** A numeric field of a payload (number or LosslessNumber) as a number. */
function num(value: unknown): number {
  if (typeof value === 'number') return value;
  if (value instanceof LosslessNumber) return Number(value.value);
  return Number.NaN;
}

/** A wire date (`[y, m, d]` or `"yyyy-mm-dd"`) as `yyyy-mm-dd`, for comparisons. */
function isoDate(value: unknown): string {
  if (Array.isArray(value)) {
    const [y, m, d] = value.map(num);
    return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  }
  return typeof value === 'string' ? value.slice(0, 10) : '';
}

/** A path id: Fineract's ids are longs, anything else never matches a resource. */
function pathId(segment: string): number | undefined {
  return /^[0-9]{1,15}$/.test(segment) ? Number(segment) : undefined;
}

/** A non-negative integer query parameter, or the default; anything else is 400. */
function intParam(query: Record<string, string>, name: string, fallback: number, min = 0): number {
  const raw = query[name];
  if (raw === undefined) return fallback;
  if (!/^[0-9]{1,9}$/.test(raw) || Number(raw) < min) {
    throw invalid(
      name,
      `validation.msg.${name}.is.not.valid.integer`,
      `The parameter \`${name}\` must be an integer of at least ${min}.`,
      raw,
    );
  }
  return Number(raw);
}

/** A date query parameter in `yyyy-MM-dd` (the only dateFormat the simulator knows). */
function dateParam(query: Record<string, string>, name: string): string | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  const format = query.dateFormat;
  if (format === undefined) {
    throw invalid(
      'dateFormat',
      'validation.msg.dateFormat.cannot.be.blank',
      'The parameter `dateFormat` is mandatory when a date is given.',
      null,
    );
  }
  if (format !== 'yyyy-MM-dd') {
    throw invalid(
      'dateFormat',
      'validation.msg.invalid.dateFormat.format',
      `The dateFormat \`${format}\` is not supported by the simulator (use yyyy-MM-dd).`,
      format,
    );
  }
  const match = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(raw);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (!match || new Date(ms).toISOString().slice(0, 10) !== raw) {
    throw invalid(
      name,
      'validation.msg.invalid.date.format',
      `The parameter \`${name}\` is invalid based on the dateFormat: \`${format}\` and locale: \`${query.locale ?? 'en'}\` provided:`,
      raw,
    );
  }
  return raw;
}

/** Orders records by (date, id), descending or ascending. */
function byDateThenId(dateOf: (r: Json) => string, descending: boolean) {
  return (x: Json, y: Json): number => {
    const dx = dateOf(x);
    const dy = dateOf(y);
    const c = dx !== dy ? (dx < dy ? -1 : 1) : num(x.id) - num(y.id);
    return descending ? -c : c;
  };
}
function byId(descending: boolean) {
  return (x: Json, y: Json): number => (descending ? -1 : 1) * (num(x.id) - num(y.id));
}

// ---------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------

interface Call {
  segments: string[];
  query: Record<string, string>;
  /** The self-service user, when the caller is one. */
  selfUser?: FineractSelfServiceUser;
}

type Answer = Json | Json[];

function routes(data: FineractDataset): (call: Call) => Answer {
  const byIdOf = (list: Json[]) => new Map(list.map((r) => [num(r.id), r]));
  const clients = byIdOf(data.clients);
  const savings = byIdOf(data.savingsAccounts);
  const fixed = byIdOf(data.fixedDepositAccounts);
  const recurring = byIdOf(data.recurringDepositAccounts);
  const loans = byIdOf(data.loans);

  const client = (id: number | undefined, raw: string): Json => {
    if (id === undefined) throw notFound(); // not a long: no resource matches the path
    const found = clients.get(id);
    if (!found) {
      throw notFound(
        'error.msg.client.id.invalid',
        `Client with identifier ${raw} does not exist`,
        id ?? raw,
      );
    }
    return found;
  };
  const lookup = (map: Map<number, Json>, code: string, label: string) => (raw: string) => {
    const id = pathId(raw);
    if (id === undefined) throw notFound();
    const found = map.get(id);
    if (!found) throw notFound(code, `${label} with identifier ${raw} does not exist`, id);
    return found;
  };
  const savingsAccount = lookup(savings, 'error.msg.saving.account.id.invalid', 'Savings account');
  const fixedDeposit = lookup(
    fixed,
    'error.msg.fixeddepositaccount.id.invalid',
    'Fixed deposit account',
  );
  const recurringDeposit = lookup(
    recurring,
    'error.msg.recurringdepositaccount.id.invalid',
    'Recurring deposit account',
  );
  const loan = lookup(loans, 'error.msg.loan.id.invalid', 'Loan');
  /** Any savings-table account (savings, fixed or recurring deposit): the search serves them all. */
  const anySavingsTable = (raw: string) => {
    const id = pathId(raw);
    if (id === undefined) throw notFound();
    if (!savings.has(id) && !fixed.has(id) && !recurring.has(id)) {
      throw notFound(
        'error.msg.saving.account.id.invalid',
        `Savings account with identifier ${raw} does not exist`,
        id,
      );
    }
    return id;
  };

  const listClients = (query: Record<string, string>): Json => {
    const offset = intParam(query, 'offset', 0);
    const limit = intParam(query, 'limit', 200, 1);
    const externalId = query.externalId;
    const matching = data.clients.filter(
      (c) => externalId === undefined || c.externalId === externalId,
    );
    return {
      totalFilteredRecords: matching.length,
      pageItems: matching.slice(offset, offset + limit),
    };
  };

  const loanDetail = (raw: string, query: Record<string, string>): Json => {
    const { repaymentSchedule, ...rest } = loan(raw);
    const wanted = (query.associations ?? '').split(',').map((s) => s.trim());
    const all = wanted.includes('all');
    const out: Json = { ...rest };
    if (all || wanted.includes('repaymentSchedule')) out.repaymentSchedule = repaymentSchedule;
    if (all || wanted.includes('transactions')) {
      const txs = data.loanTransactions[String(num(rest.id))] ?? [];
      out.transactions = [...txs].sort(byDateThenId((t) => isoDate(t.date), false));
    }
    return out;
  };

  const searchSavingsTransactions = (raw: string, query: Record<string, string>): Json => {
    const id = anySavingsTable(raw);
    const from = dateParam(query, 'fromDate');
    const to = dateParam(query, 'toDate');
    const offset = intParam(query, 'offset', 0);
    const limit = query.limit === undefined ? Infinity : intParam(query, 'limit', 0, 1);
    const orderBy = query.orderBy ?? 'transactionDate';
    if (orderBy !== 'transactionDate' && orderBy !== 'id') {
      throw invalid(
        'orderBy',
        'validation.msg.invalid.orderBy',
        `Sorting by \`${orderBy}\` is not supported.`,
        orderBy,
      );
    }
    const sortOrder = (query.sortOrder ?? 'DESC').toUpperCase();
    if (sortOrder !== 'ASC' && sortOrder !== 'DESC') {
      throw invalid(
        'sortOrder',
        'validation.msg.invalid.sortOrder',
        `The sort order \`${query.sortOrder}\` is not ASC or DESC.`,
        query.sortOrder,
      );
    }
    const descending = sortOrder === 'DESC';
    const inWindow = (data.savingsTransactions[String(id)] ?? []).filter((t) => {
      const d = isoDate(t.date);
      return (from === undefined || d >= from) && (to === undefined || d <= to);
    });
    inWindow.sort(
      orderBy === 'id' ? byId(descending) : byDateThenId((t) => isoDate(t.date), descending),
    );
    return { total: inWindow.length, content: inWindow.slice(offset, offset + limit) };
  };

  /** Spring Data paging: bad values fall back to the defaults, as Spring's resolver does. */
  const loanTransactions = (raw: string, query: Record<string, string>): Json => {
    const id = num(loan(raw).id);
    const wholeOr = (value: string | undefined, fallback: number, min: number) =>
      value !== undefined && /^[0-9]{1,9}$/.test(value) && Number(value) >= min
        ? Number(value)
        : fallback;
    const page = wholeOr(query.page, 0, 0);
    const size = Math.min(wholeOr(query.size, 20, 1), 2000);
    const sortParam = query.sort;
    let sorted = false;
    let descending = false;
    let property = 'transactionDate';
    if (sortParam !== undefined && sortParam !== '') {
      const [prop, direction = 'asc'] = sortParam.split(',').map((s) => s.trim());
      if ((prop !== 'transactionDate' && prop !== 'id') || !/^(asc|desc)$/i.test(direction)) {
        throw invalid(
          'sort',
          'validation.msg.invalid.sort',
          `Sorting by \`${sortParam}\` is not supported.`,
          sortParam,
        );
      }
      sorted = true;
      property = prop;
      descending = direction.toLowerCase() === 'desc';
    }
    const all = [...(data.loanTransactions[String(id)] ?? [])];
    all.sort(
      property === 'id' ? byId(descending) : byDateThenId((t) => isoDate(t.date), descending),
    );
    const content = all.slice(page * size, page * size + size);
    const totalPages = Math.ceil(all.length / size);
    const sort = { empty: !sorted, sorted, unsorted: !sorted };
    return {
      content,
      pageable: {
        pageNumber: page,
        pageSize: size,
        sort,
        offset: page * size,
        paged: true,
        unpaged: false,
      },
      totalElements: all.length,
      totalPages,
      last: page + 1 >= totalPages,
      size,
      number: page,
      sort,
      numberOfElements: content.length,
      first: page === 0,
      empty: content.length === 0,
    };
  };

  const standingInstructions = (query: Record<string, string>): Json => {
    const offset = intParam(query, 'offset', 0);
    const limit = query.limit === undefined ? Infinity : intParam(query, 'limit', 0, 1);
    const clientId = query.clientId === undefined ? undefined : intParam(query, 'clientId', 0);
    const fromAccountId =
      query.fromAccountId === undefined ? undefined : intParam(query, 'fromAccountId', 0);
    const fromAccountType =
      query.fromAccountType === undefined ? undefined : intParam(query, 'fromAccountType', 0);
    const field = (r: Json, key: string) => num((r[key] as Json | undefined)?.id);
    const matching = data.standingInstructions
      .filter(
        (s) =>
          (clientId === undefined || field(s, 'fromClient') === clientId) &&
          (fromAccountId === undefined || field(s, 'fromAccount') === fromAccountId) &&
          (fromAccountType === undefined || field(s, 'fromAccountType') === fromAccountType),
      )
      .sort(byId(false));
    return {
      totalFilteredRecords: matching.length,
      pageItems: matching.slice(offset, offset + limit),
    };
  };

  return ({ segments, query, selfUser }) => {
    const [version, resource, id, sub, subSub, extra] = segments;
    if (version !== 'v1' || extra !== undefined) throw notFound();
    if (resource === 'self') {
      if (id === 'beneficiaries' && sub === 'tpt' && subSub === undefined) {
        return selfUser ? selfUser.beneficiaries : [];
      }
      throw notFound();
    }
    if (selfUser) throw new FineractError(403, NOT_AUTHORIZED);
    switch (resource) {
      case 'clients':
        if (id === undefined) return listClients(query);
        if (subSub !== undefined) break;
        if (sub === undefined) return client(pathId(id), id);
        if (sub === 'accounts') {
          const found = client(pathId(id), id);
          return data.clientAccounts[String(num(found.id))] ?? {};
        }
        break;
      case 'savingsaccounts':
        if (id === undefined) break;
        if (sub === undefined) return savingsAccount(id);
        if (sub === 'transactions' && subSub === 'search') {
          return searchSavingsTransactions(id, query);
        }
        break;
      case 'fixeddepositaccounts':
        if (id !== undefined && sub === undefined) return fixedDeposit(id);
        break;
      case 'recurringdepositaccounts':
        if (id !== undefined && sub === undefined) return recurringDeposit(id);
        break;
      case 'loans':
        if (id === undefined || subSub !== undefined) break;
        if (sub === undefined) return loanDetail(id, query);
        if (sub === 'transactions') return loanTransactions(id, query);
        break;
      case 'standinginstructions':
        if (id === undefined) return standingInstructions(query);
        break;
      default:
        break;
    }
    throw notFound();
  };
}

// ---------------------------------------------------------------------------------------------
// Server
// ---------------------------------------------------------------------------------------------

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

export async function startFineractSimulator(
  options: FineractSimulatorOptions = {},
): Promise<FineractSimulator> {
  const tenant = options.tenant ?? 'default';
  const username = options.username ?? 'mifos';
  const password = options.password ?? 'password';
  const data = loadFineractDataset(options.dataFile);
  const route = routes(data);
  const sockets = new Set<Socket>();
  let fault: FineractFault = 'none';
  let openRequests = 0;
  let retryAfterSeconds: number | undefined;

  const send = (res: http.ServerResponse, status: number, body: unknown, headers = {}) => {
    const text = stringify(body) ?? 'null';
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      ...headers,
    });
    res.end(text);
  };

  const sim: FineractSimulator = {
    url: '',
    requests: [],
    setFault(next, faultOptions = {}) {
      fault = next;
      retryAfterSeconds = faultOptions.retryAfterSeconds;
    },
    openSockets: () => sockets.size,
    openRequests: () => openRequests,
    close: async () => {},
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const query: Record<string, string> = {};
    for (const [k, v] of url.searchParams) if (!(k in query)) query[k] = v;
    const underRoot =
      url.pathname === FINERACT_API_ROOT || url.pathname.startsWith(`${FINERACT_API_ROOT}/`);
    const credentials = basicCredentials(req.headers.authorization);
    const tenantHeader = req.headers['fineract-platform-tenantid'];
    const sentTenant =
      (Array.isArray(tenantHeader) ? tenantHeader[0] : tenantHeader) ?? query.tenantIdentifier;
    sim.requests.push({
      method: req.method ?? 'GET',
      path: underRoot ? url.pathname.slice(FINERACT_API_ROOT.length) || '/' : url.pathname,
      query,
      ...(credentials ? { user: credentials.user } : {}),
      ...(sentTenant !== undefined ? { tenant: sentTenant } : {}),
    });
    req.resume(); // bodies are ignored
    openRequests += 1;
    res.once('close', () => {
      openRequests -= 1;
    });

    switch (fault) {
      case 'hang':
        return;
      case 'reset':
        req.socket.destroy();
        return;
      case 'error500':
        send(res, 500, SERVER_ERROR);
        return;
      case 'unavailable503':
        send(
          res,
          503,
          UNAVAILABLE,
          retryAfterSeconds !== undefined ? { 'retry-after': String(retryAfterSeconds) } : {},
        );
        return;
      default:
        break;
    }

    try {
      if (!underRoot) throw notFound();
      if (sentTenant === undefined || sentTenant === '') {
        const message =
          "No tenant identifier found: Add request header of 'Fineract-Platform-TenantId' or add the parameter 'tenantIdentifier' to query string of request URL.";
        throw new FineractError(
          400,
          errorBody(400, 'error.msg.tenant.identifier.missing', message),
        );
      }
      if (sentTenant !== tenant) {
        const message = `The tenant identifier: ${sentTenant} is invalid.`;
        throw new FineractError(
          400,
          errorBody(400, 'error.msg.invalid.tenant.identifier', message),
        );
      }
      let selfUser: FineractSelfServiceUser | undefined;
      const backOffice = credentials?.user === username && credentials.password === password;
      if (!backOffice) {
        selfUser = data.selfServiceUsers.find(
          (u) => u.username === credentials?.user && u.password === credentials.password,
        );
        if (!selfUser) throw new FineractError(401, NOT_AUTHENTICATED);
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        send(
          res,
          405,
          errorBody(405, 'error.msg.method.not.allowed', `Method ${req.method} is not allowed.`),
          { allow: 'GET' },
        );
        return;
      }
      const segments = url.pathname
        .slice(FINERACT_API_ROOT.length)
        .split('/')
        .filter((s) => s !== '')
        .map(decodeSegment);
      send(res, 200, route({ segments, query, selfUser }));
    } catch (err) {
      if (err instanceof FineractError) {
        send(res, err.status, err.body, err.status === 401 ? { 'www-authenticate': 'Basic' } : {});
        return;
      }
      send(res, 500, SERVER_ERROR);
    }
  });
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
