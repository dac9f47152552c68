/**
 * `data-holder-gateway token --serve [--port <n>]`: a development-only token service on
 * 127.0.0.1 that signs one holder token per call with the development key, for clients that sign
 * per request (the Postman collection's pre-request script, the .http file's token requests;
 * docs/api.md, "Collections for Postman and .http clients"). `POST /token` with
 * `{"path": "<request path>"}` answers `{ token, audience, expiresIn }`. It refuses to start
 * where `token` refuses to sign (no development key in the configuration), and it changes nothing
 * of the gateway's own checks: its tokens are the ones `token` prints
 * (docs/decisions/0072-integrator-collections-and-openapi-examples.md).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { type Config, loadConfig } from '../config/config';
import type { Output } from './clients';
import { DEV_TOKEN_LIFETIME_SECONDS, devKeyProblem, signDevToken } from './dev-token';

/** Default port of the token service (the collections' `tokenServiceUrl`). */
export const TOKEN_SERVICE_PORT = 3001;
/** Loopback only: the service hands out tokens the gateway trusts to whoever can reach it. */
const HOST = '127.0.0.1';
/** A token request is a path in a small JSON object. */
const MAX_BODY_BYTES = 16 * 1024;

export interface TokenService {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  close(): Promise<void>;
}

type Answer = { status: number; body: Record<string, unknown> };

const refusal = (status: number, error: string): Answer => ({ status, body: { error } });

/** The body of a request, or undefined when it is larger than `MAX_BODY_BYTES`. */
async function bodyOf(req: http.IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The path a token request names, or a refusal saying what is wrong. */
function pathOf(text: string): string | Answer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return refusal(400, 'the body is not JSON');
  }
  const path = (parsed as { path?: unknown } | null)?.path;
  if (typeof path !== 'string' || !path.startsWith('/'))
    return refusal(400, 'the body needs "path": the request path, starting with /');
  return path;
}

/**
 * The answer to one request. JSON only: a cross-origin browser page cannot send it without a
 * preflight this service never grants, so a web page cannot take a token from it.
 */
async function answer(req: http.IncomingMessage, config: Config): Promise<Answer> {
  const route = (req.url ?? '').split('?')[0];
  if (route !== '/token') return refusal(404, 'not found: POST /token');
  if (req.method !== 'POST') return refusal(405, 'POST /token only');
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? ''))
    return refusal(415, 'Content-Type: application/json');
  const text = await bodyOf(req);
  if (text === undefined) return refusal(413, 'the body is too large');
  const path = pathOf(text);
  if (typeof path !== 'string') return path;
  const { token, claims } = await signDevToken({ target: path }, config);
  return {
    status: 200,
    body: { token, audience: claims.aud, expiresIn: DEV_TOKEN_LIFETIME_SECONDS },
  };
}

/** Starts the service for `config` on 127.0.0.1:`port` (0 picks a free port). */
export async function startTokenService(config: Config, port: number): Promise<TokenService> {
  const problem = devKeyProblem(config);
  if (problem) throw new Error(problem);
  const server = http.createServer((req, res) => {
    answer(req, config).then(
      ({ status, body }) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
        res.end(JSON.stringify(body));
      },
      (err: unknown) => {
        res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: err instanceof Error ? err.message : String(err) }));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => resolve());
  });
  const origin = `http://${HOST}:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const TOKEN_SERVICE_USAGE = `usage: data-holder-gateway token --serve [--port <n>]   (npm run --silent token -- --serve)
  Development only: serves POST http://127.0.0.1:<n>/token (default port ${TOKEN_SERVICE_PORT}), which
  answers {"token","audience","expiresIn"} for the body {"path":"<request path>"}: a holder token
  signed with the development key, as the token command signs it. The Postman collection and the
  .http file in docs/collections/ call it before each holder request. Stops on Ctrl-C.
Exit codes: 2 usage or no development key in this configuration, 1 failed to start.`;

/** The port the arguments name, or a message saying what is wrong. */
function portOf(args: readonly string[]): number | string {
  let values: { serve?: boolean; port?: string };
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: { serve: { type: 'boolean' }, port: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    return `${(err as Error).message} (--serve takes --port alone)`;
  }
  if (values.port === undefined) return TOKEN_SERVICE_PORT;
  const port = Number(values.port);
  return /^\d+$/.test(values.port) && port <= 65535 ? port : '--port takes a port number';
}

/**
 * Runs `token --serve <args>`: resolves undefined once the service listens (it then runs until
 * SIGINT or SIGTERM), or an exit code when it cannot start.
 */
export async function tokenServiceCommand(
  args: readonly string[],
  io: Output,
  env?: Record<string, string | undefined>,
): Promise<number | undefined> {
  const port = portOf(args);
  if (typeof port === 'string') {
    io.err(`${port}\n${TOKEN_SERVICE_USAGE}`);
    return 2;
  }
  const config = loadConfig(env);
  const problem = devKeyProblem(config);
  if (problem) {
    io.err(problem);
    return 2;
  }
  const service = await startTokenService(config, port);
  io.out(
    `token service on ${service.origin}/token, signing holder tokens for ${config.publicBaseUrl} (development only; Ctrl-C stops it)`,
  );
  const stop = () => void service.close();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return undefined;
}
