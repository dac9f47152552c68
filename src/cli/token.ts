/**
 * `data-holder-gateway token [flag] <METHOD> <path> [json-body]` (`npm run token -- ...`): prints a
 * ready `curl` command carrying a freshly signed holder token for that path, signed with the
 * development key. For development only: production tokens come from the platform. Pipe it to
 * `sh` to run it. A flag signs a token the gateway refuses instead, one per refusal an integrator
 * tests (docs/api.md, "Trying it"). Uses the same configuration (PORT, PUBLIC_BASE_URL,
 * HOLDER_SUBDOMAIN, DEV_KEYS_DIR, JWT_CLOCK_TOLERANCE_SECONDS) as `serve`.
 */
import { parseArgs } from 'node:util';
import { type Config, loadConfig } from '../config/config';
import { type Output, PROCESS_OUTPUT } from './clients';
import { devKeyProblem, type DevTokenRequest, signDevToken } from './dev-token';

export const TOKEN_USAGE = `usage: data-holder-gateway token [flag] <GET|POST> <path> ['<json body>']   (npm run --silent token -- ...)
  Development only: signs a holder token with the development key (demo core, or
  HOLDER_DEV_KEYS=true without HOLDER_JWKS_URL) and prints a curl command that uses it.
  e.g. data-holder-gateway token GET /v1/common/customer/c-1001/detail | sh
A token the gateway refuses, to test a client's handling of it (one flag at a time; the answer
is 401, or 403 with HOLDER_AUTH_FAILURE_STATUS=403, with the error in brackets):
  --expired           exp a minute past the clock tolerance ago             [Token expired]
  --not-yet-valid     nbf a minute past the clock tolerance ahead           [Token not yet valid]
  --audience <path>   signed for another path, or a whole URL               [Invalid audience]
  --issuer <name>     iss other than the holder subdomain                   [Invalid issuer]
  --unknown-key       signed with a new key the gateway does not trust      [Unknown signing key]
  --replay            the same token in two calls: the second one           [Token replayed]
  --jti <id>          the token's jti; a second token with the same one     [Token replayed]
Output:
  --token-only        print the token alone (for a .http file or another client)
A token per request, for Postman and .http clients (docs/api.md, "Collections for Postman and .http clients"):
  --serve [--port <n>]  a token service on 127.0.0.1 (default port 3001): POST /token {"path":"/v1/..."}
Exit codes: 0 printed, 1 failed, 2 usage or no development key in this configuration.`;

/** The flags that each make the gateway refuse the token, in the order of its checks. */
const REFUSAL_FLAGS = [
  'expired',
  'not-yet-valid',
  'audience',
  'issuer',
  'unknown-key',
  'replay',
] as const;

const OPTIONS = {
  expired: { type: 'boolean' },
  'not-yet-valid': { type: 'boolean' },
  audience: { type: 'string' },
  issuer: { type: 'string' },
  'unknown-key': { type: 'boolean' },
  replay: { type: 'boolean' },
  jti: { type: 'string' },
  'token-only': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** What the arguments ask for: the request, and how its token differs from a valid one. */
interface TokenRequest extends DevTokenRequest {
  method: string;
  body?: string;
  replay?: boolean;
  tokenOnly?: boolean;
}

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The flags' problems: one refusal at a time, and values that say what they should. */
function flagProblem(values: Record<string, string | boolean | undefined>): string | undefined {
  const refusals = REFUSAL_FLAGS.filter((flag) => values[flag] !== undefined);
  if (refusals.length > 1)
    return `one refusal at a time: ${refusals.map((flag) => `--${flag}`).join(' and ')} given`;
  const audience = values.audience as string | undefined;
  if (audience !== undefined && !/^(\/|https?:\/\/)/.test(audience))
    return '--audience takes a path starting with / or an http(s) URL';
  if (values.issuer === '') return '--issuer needs a name';
  if (values.jti === '') return '--jti needs an id';
  if (values.replay && values['token-only'])
    return '--replay prints two calls; for one token to use twice, print it with --token-only alone';
  return undefined;
}

/** The method, path and body of the positionals, or a message saying what is wrong. */
function positionalProblem(positionals: string[]): string | undefined {
  const [methodArg, target, body, ...rest] = positionals;
  const method = methodArg?.toUpperCase();
  if (!method || !target || !['GET', 'POST'].includes(method) || !target.startsWith('/'))
    return 'a method (GET or POST) and a path starting with / are needed';
  if (rest.length > 0) return 'too many arguments';
  if (method === 'POST' && body === undefined)
    return `POST needs a JSON body, e.g. '{"data":{"accountIds":["acc-b-1001-01"]}}'`;
  if (body !== undefined) {
    try {
      JSON.parse(body);
    } catch {
      return 'the body is not JSON';
    }
  }
  return undefined;
}

/** The request the arguments ask for, or a message saying what is wrong. */
function requestOf(args: readonly string[]): TokenRequest | string {
  const parse = () =>
    parseArgs({ args: [...args], options: OPTIONS, allowPositionals: true, strict: true });
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse();
  } catch (err) {
    return (err as Error).message;
  }
  const { values, positionals } = parsed;
  const problem = flagProblem(values) ?? positionalProblem(positionals);
  if (problem) return problem;
  const [method, target, body] = positionals as [string, string, string | undefined];
  return {
    method: method.toUpperCase(),
    target,
    body,
    expired: values.expired,
    notYetValid: values['not-yet-valid'],
    audience: values.audience,
    issuer: values.issuer,
    unknownKey: values['unknown-key'],
    replay: values.replay,
    jti: values.jti,
    tokenOnly: values['token-only'],
  };
}

/** The curl command of the request with `token`; twice (each answer on its line) with `--replay`. */
function curlOf(request: TokenRequest, token: string, config: Config): string {
  const { method, target, body } = request;
  const parts = ['curl', '-sS'];
  if (request.replay) parts.push('-w', shellQuote('\n'));
  parts.push('-X', method, '-H', shellQuote(`Authorization: Bearer ${token}`));
  if (method === 'POST') {
    parts.push('-H', shellQuote('Content-Type: application/json'), '--data', shellQuote(body!));
  }
  parts.push(shellQuote(`${config.publicBaseUrl}${target}`));
  const command = parts.join(' ');
  return request.replay ? `${command}\n${command}` : command;
}

/**
 * Runs `token <args>`, with the configuration of `env` (default the process's). Returns the exit
 * code, or undefined while `--serve` runs.
 */
export async function tokenCommand(
  args: readonly string[],
  io: Output = PROCESS_OUTPUT,
  env?: Record<string, string | undefined>,
): Promise<number | undefined> {
  if (args.includes('--help') || args.includes('-h')) {
    io.out(TOKEN_USAGE);
    return 0;
  }
  // The service is loaded only when asked for: the one-shot command stays quick.
  if (args.includes('--serve'))
    return (await import('./token-service')).tokenServiceCommand(args, io, env);
  const request = requestOf(args);
  if (typeof request === 'string') {
    io.err(`${request}\n${TOKEN_USAGE}`);
    return 2;
  }
  const config = loadConfig(env);
  const noKey = devKeyProblem(config);
  if (noKey) {
    io.err(noKey);
    return 2;
  }
  const { token } = await signDevToken(request, config);
  io.out(request.tokenOnly ? token : curlOf(request, token, config));
  return 0;
}
