/**
 * A Kraken simulator: Kraken's GraphQL API (`POST /v1/graphql/`) over the schema subset the
 * adapter carries, executed with graphql-js on a generated data set (dataset.ts), so the gateway's
 * Kraken adapter runs end to end without Kraken (`npm run kraken:sim`), and tests get a loopback
 * core that can misbehave on purpose.
 *
 * Like Kraken, it answers HTTP 200 with `errors[].extensions.errorCode` for application errors
 * (sim-resolvers.ts), and 400 for a body that is not a GraphQL request. Faults are set at run time,
 * from code (`setFault`, `expireTokens`) or over HTTP on the same port:
 * - `POST /__sim/fault` with `{ "fault": "none" | "slow" | "error500" | "unavailable503" |
 *   "graphqlError" | "refuseCredentials", "delayMs"?, "retryAfterSeconds"?, "errorCode"? }`;
 * - `POST /__sim/expire-tokens`: every token issued so far answers KT-CT-1120 from now on.
 * The request log keeps each operation's name and variables, and whether a token came with it,
 * never a token or key.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { graphql } from 'graphql';
import { generateKrakenDataset, type KrakenDataset } from './dataset';
import { errorFor, rootValue, simSchema, type SimContext } from './sim-resolvers';
import { SimTokens } from './sim-tokens';

export const GRAPHQL_PATH = '/v1/graphql/';

export interface KrakenSimulatorOptions {
  /** TCP port; 0 picks a free one (tests). The CLI defaults to 8444. */
  port?: number;
  host?: string;
  /** The organisation secret key accepted by `obtainKrakenToken`. Default `sk_live_sim_kraken`. */
  apiKey?: string;
  /** Lifetime of a Kraken Token in seconds. Default 3600. */
  tokenLifetimeSeconds?: number;
  /** Lifetime of a refresh token in seconds. Default 7 days. */
  refreshLifetimeSeconds?: number;
  /** Seed of the generated data set. */
  seed?: number;
}

export type KrakenFault =
  'none' | 'slow' | 'error500' | 'unavailable503' | 'graphqlError' | 'refuseCredentials';

export interface KrakenFaultOptions {
  /** `slow`: milliseconds before each answer. Default 2000. */
  delayMs?: number;
  /** `unavailable503` (and `graphqlError` with KT-CT-1199): the `Retry-After` sent. */
  retryAfterSeconds?: number;
  /** `graphqlError`: the code every authenticated field answers. Default KT-CT-1199. */
  errorCode?: string;
}

export interface KrakenRequestRecord {
  operationName?: string;
  variables: Record<string, unknown>;
  authenticated: boolean;
  /** The W3C `traceparent` sent, if any (the gateway's client span when it traces). */
  traceparent?: string;
}

export interface KrakenSimulator {
  /** The GraphQL endpoint, `http://host:port/v1/graphql/`. */
  url: string;
  apiKey: string;
  data: KrakenDataset;
  requests: KrakenRequestRecord[];
  setFault(fault: KrakenFault, options?: KrakenFaultOptions): void;
  expireTokens(): void;
  close(): Promise<void>;
}

const MAX_BODY = 1024 * 1024;
const DEFAULT_API_KEY = 'sk_live_sim_kraken';

function readBody(req: http.IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        resolve(null);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** The variables with the token mutation's key or refresh token replaced by its field name. */
function redacted(variables: Record<string, unknown>): Record<string, unknown> {
  const input = variables.input;
  if (!input || typeof input !== 'object') return variables;
  return {
    ...variables,
    input: Object.fromEntries(Object.keys(input).map((k) => [k, '<redacted>'])),
  };
}

function send(res: http.ServerResponse, status: number, body: unknown, headers = {}): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

interface GraphqlRequest {
  query: string;
  operationName?: string;
  variables: Record<string, unknown>;
}

function graphqlRequestOf(text: string | null): GraphqlRequest | null {
  try {
    const body = JSON.parse(text ?? '') as Partial<GraphqlRequest>;
    if (typeof body.query !== 'string') return null;
    const variables = body.variables ?? {};
    if (typeof variables !== 'object' || variables === null) return null;
    return { query: body.query, operationName: body.operationName ?? undefined, variables };
  } catch {
    return null;
  }
}

const FAULTS: readonly KrakenFault[] = [
  'none',
  'slow',
  'error500',
  'unavailable503',
  'graphqlError',
  'refuseCredentials',
];

/** The simulator's state and its two request handlers. */
class SimServer {
  readonly requests: KrakenRequestRecord[] = [];
  readonly timers = new Set<NodeJS.Timeout>();
  private fault: KrakenFault = 'none';
  private faultOptions: KrakenFaultOptions = {};
  private readonly root: ReturnType<typeof rootValue>;

  constructor(
    readonly data: KrakenDataset,
    readonly tokens: SimTokens,
    readonly apiKey: string,
  ) {
    this.root = rootValue(data);
  }

  setFault(fault: KrakenFault, options: KrakenFaultOptions = {}): void {
    this.fault = fault;
    this.faultOptions = options;
  }

  /** Waits `ms`, or less when the caller goes away or the simulator closes. */
  private delay(ms: number, res: http.ServerResponse): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.timers.delete(timer);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.timers.add(timer);
      res.once('close', done);
    });
  }

  async answerGraphql(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const request = graphqlRequestOf(await readBody(req));
    if (!request) return send(res, 400, { errors: [{ message: 'Invalid GraphQL request.' }] });
    const authorization = req.headers.authorization;
    this.requests.push({
      operationName: request.operationName,
      variables: redacted(request.variables),
      authenticated: authorization !== undefined,
      ...(typeof req.headers.traceparent === 'string'
        ? { traceparent: req.headers.traceparent }
        : {}),
    });
    const { fault, faultOptions } = this;
    if (fault === 'slow') await this.delay(faultOptions.delayMs ?? 2000, res);
    if (fault === 'error500') return send(res, 500, { detail: 'Internal Server Error' });
    const retry = faultOptions.retryAfterSeconds;
    const retryHeader = retry ? { 'retry-after': retry } : {};
    if (fault === 'unavailable503') {
      return send(res, 503, { detail: 'Service Unavailable' }, retryHeader);
    }
    if (fault === 'refuseCredentials') {
      const code = authorization ? 'KT-CT-1111' : 'KT-CT-1135';
      return send(res, 200, { data: null, errors: [errorFor(code).toJSON()] });
    }
    const forced = fault === 'graphqlError' ? (faultOptions.errorCode ?? 'KT-CT-1199') : undefined;
    const context: SimContext = {
      authorization,
      tokens: this.tokens,
      apiKey: this.apiKey,
      ...(forced ? { forcedErrorCode: forced } : {}),
    };
    const result = await graphql({
      schema: simSchema(),
      source: request.query,
      rootValue: this.root,
      contextValue: context,
      variableValues: request.variables,
      operationName: request.operationName,
    });
    send(res, 200, result, forced ? retryHeader : {});
  }

  async answerAdmin(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    if (path === '/__sim/expire-tokens') {
      this.tokens.expireAll();
      return send(res, 200, { expired: true });
    }
    let body: (KrakenFaultOptions & { fault?: KrakenFault }) | undefined;
    try {
      body = JSON.parse((await readBody(req)) ?? '') as KrakenFaultOptions & {
        fault?: KrakenFault;
      };
    } catch {
      body = undefined;
    }
    if (!body?.fault || !FAULTS.includes(body.fault)) {
      return send(res, 400, { error: `expected { "fault": one of ${FAULTS.join(', ')} }` });
    }
    this.setFault(body.fault, body);
    send(res, 200, { fault: body.fault });
  }
}

export async function startKrakenSimulator(
  options: KrakenSimulatorOptions = {},
): Promise<KrakenSimulator> {
  const tokens = new SimTokens(
    options.tokenLifetimeSeconds ?? 3600,
    options.refreshLifetimeSeconds ?? 7 * 24 * 3600,
  );
  const sim = new SimServer(
    generateKrakenDataset(options.seed),
    tokens,
    options.apiKey ?? DEFAULT_API_KEY,
  );
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const handle =
      req.method === 'POST' && path === GRAPHQL_PATH
        ? sim.answerGraphql(req, res)
        : req.method === 'POST' && (path === '/__sim/fault' || path === '/__sim/expire-tokens')
          ? sim.answerAdmin(req, res, path)
          : Promise.resolve(send(res, 404, { detail: 'Not found' }));
    handle.catch(() => send(res, 500, { detail: 'Internal Server Error' }));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}${GRAPHQL_PATH}`,
    apiKey: sim.apiKey,
    data: sim.data,
    requests: sim.requests,
    setFault: (fault, faultOptions) => sim.setFault(fault, faultOptions),
    expireTokens: () => tokens.expireAll(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of sim.timers) clearTimeout(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
