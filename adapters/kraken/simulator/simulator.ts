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

export async function startKrakenSimulator(
  options: KrakenSimulatorOptions = {},
): Promise<KrakenSimulator> {
  const apiKey = options.apiKey ?? DEFAULT_API_KEY;
  const data = generateKrakenDataset(options.seed);
  const tokens = new SimTokens(
    options.tokenLifetimeSeconds ?? 3600,
    options.refreshLifetimeSeconds ?? 7 * 24 * 3600,
  );
  const root = rootValue(data);
  const requests: KrakenRequestRecord[] = [];
  let fault: KrakenFault = 'none';
  let faultOptions: KrakenFaultOptions = {};
  const setFault = (next: KrakenFault, opts: KrakenFaultOptions = {}) => {
    fault = next;
    faultOptions = opts;
  };
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  /** Waits `ms`, or less when the caller goes away or the simulator closes. */
  const delay = (ms: number, res: http.ServerResponse) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        timers.delete(timer);
        resolve();
      }
      timers.add(timer);
      res.once('close', done);
    });

  async function answerGraphql(req: http.IncomingMessage, res: http.ServerResponse) {
    const request = graphqlRequestOf(await readBody(req));
    if (!request) return send(res, 400, { errors: [{ message: 'Invalid GraphQL request.' }] });
    const authorization = req.headers.authorization;
    requests.push({
      operationName: request.operationName,
      variables: redacted(request.variables),
      authenticated: authorization !== undefined,
    });
    if (fault === 'slow') await delay(faultOptions.delayMs ?? 2000, res);
    if (fault === 'error500') return send(res, 500, { detail: 'Internal Server Error' });
    if (fault === 'unavailable503') {
      const retry = faultOptions.retryAfterSeconds;
      return send(
        res,
        503,
        { detail: 'Service Unavailable' },
        retry ? { 'retry-after': retry } : {},
      );
    }
    if (fault === 'refuseCredentials') {
      return send(res, 200, {
        data: null,
        errors: [errorFor(authorization ? 'KT-CT-1111' : 'KT-CT-1135').toJSON()],
      });
    }
    const context: SimContext = {
      authorization,
      tokens,
      apiKey,
      ...(fault === 'graphqlError'
        ? { forcedErrorCode: faultOptions.errorCode ?? 'KT-CT-1199' }
        : {}),
    };
    const result = await graphql({
      schema: simSchema(),
      source: request.query,
      rootValue: root,
      contextValue: context,
      variableValues: request.variables,
      operationName: request.operationName,
    });
    const retry = fault === 'graphqlError' ? faultOptions.retryAfterSeconds : undefined;
    send(res, 200, result, retry ? { 'retry-after': retry } : {});
  }

  async function answerAdmin(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    if (path === '/__sim/expire-tokens') {
      tokens.expireAll();
      return send(res, 200, { expired: true });
    }
    try {
      const body = JSON.parse((await readBody(req)) ?? '') as KrakenFaultOptions & {
        fault?: KrakenFault;
      };
      const faults: KrakenFault[] = [
        'none',
        'slow',
        'error500',
        'unavailable503',
        'graphqlError',
        'refuseCredentials',
      ];
      if (!body.fault || !faults.includes(body.fault)) throw new Error('unknown fault');
      setFault(body.fault, body);
      send(res, 200, { fault: body.fault });
    } catch {
      send(res, 400, {
        error:
          'expected { "fault": one of none, slow, error500, unavailable503, graphqlError, refuseCredentials }',
      });
    }
  }

  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const handle =
      req.method === 'POST' && path === GRAPHQL_PATH
        ? answerGraphql(req, res)
        : req.method === 'POST' && (path === '/__sim/fault' || path === '/__sim/expire-tokens')
          ? answerAdmin(req, res, path)
          : Promise.resolve(send(res, 404, { detail: 'Not found' }));
    handle.catch(() => send(res, 500, { detail: 'Internal Server Error' }));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}${GRAPHQL_PATH}`,
    apiKey,
    data,
    requests,
    setFault,
    expireTokens: () => tokens.expireAll(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
