/**
 * `data-holder-gateway token <METHOD> <path> [json-body]` (`npm run token -- ...`): prints a ready
 * `curl` command carrying a freshly signed holder token for that path, signed with the development
 * key. For development only: production tokens come from the platform. Pipe it to `sh` to run it.
 * Uses the same configuration (PORT, PUBLIC_BASE_URL, HOLDER_SUBDOMAIN, DEV_KEYS_DIR) as `serve`.
 */
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { SignJWT } from 'jose';
import { loadDevKey } from '../auth/dev-keys';
import { loadConfig } from '../config/config';
import { type Output, PROCESS_OUTPUT } from './clients';

export const TOKEN_USAGE = `usage: data-holder-gateway token <GET|POST> <path> ['<json body>']   (npm run --silent token -- ...)
  Development only: signs a holder token with the development key (demo core, or
  HOLDER_DEV_KEYS=true without HOLDER_JWKS_URL) and prints a curl command that uses it.
  e.g. data-holder-gateway token GET /v1/common/customer/c-1001/detail | sh
Exit codes: 0 printed, 1 failed, 2 usage or no development key in this configuration.`;

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The method, path and body of the arguments, or a message saying what is wrong. */
function requestOf(
  args: readonly string[],
): { method: string; target: string; body?: string } | string {
  let positionals: string[];
  try {
    ({ positionals } = parseArgs({ args: [...args], allowPositionals: true, strict: true }));
  } catch (err) {
    return (err as Error).message;
  }
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
  return { method, target, body };
}

/** Runs `token <args>`. Returns the exit code. */
export async function tokenCommand(
  args: readonly string[],
  io: Output = PROCESS_OUTPUT,
): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.out(TOKEN_USAGE);
    return 0;
  }
  const request = requestOf(args);
  if (typeof request === 'string') {
    io.err(`${request}\n${TOKEN_USAGE}`);
    return 2;
  }
  const config = loadConfig();
  if (!config.devKeys) {
    io.err(
      'token signs with the development key, which is trusted only with the demo core (or HOLDER_DEV_KEYS=true) and no HOLDER_JWKS_URL.',
    );
    return 2;
  }
  const { method, target, body } = request;
  const key = await loadDevKey(config.devKeysDir);
  const path = target.split('?')[0]!;
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
    .setIssuer(config.holderSubdomain)
    .setSubject(config.holderSubdomain)
    .setAudience(config.publicBaseUrl + path)
    .setIssuedAt(now)
    .setExpirationTime(now + 300)
    .setJti(crypto.randomUUID())
    .sign(key.privateKey);
  const url = `${config.publicBaseUrl}${target}`;
  const parts = ['curl', '-sS', '-X', method, '-H', shellQuote(`Authorization: Bearer ${token}`)];
  if (method === 'POST') {
    parts.push('-H', shellQuote('Content-Type: application/json'), '--data', shellQuote(body!));
  }
  parts.push(shellQuote(url));
  io.out(parts.join(' '));
  return 0;
}
