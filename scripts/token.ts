/**
 * `npm run token -- <METHOD> <path> [json-body]`: prints a ready `curl` command carrying a freshly
 * signed holder token for that path, signed with the development key of demo mode.
 * Pipe it to `sh` to run it. Uses the same configuration (PORT, PUBLIC_BASE_URL, HOLDER_SUBDOMAIN,
 * DEV_KEYS_DIR) as `npm start`.
 */
import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { loadDevKey } from '../src/auth/dev-keys';
import { loadConfig } from '../src/config/config';

const USAGE = `usage: npm run --silent token -- <GET|POST> <path> ['<json body>']
  e.g. npm run --silent token -- GET /v1/common/customer/c-1001/detail | sh`;

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

async function main(): Promise<void> {
  const [methodArg, target, body] = process.argv.slice(2);
  const method = methodArg?.toUpperCase();
  if (!method || !target || !['GET', 'POST'].includes(method) || !target.startsWith('/')) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
  if (method === 'POST' && body === undefined) {
    process.stderr.write(
      `POST needs a JSON body, e.g. '{"data":{"accountIds":["acc-b-1001-01"]}}'\n${USAGE}\n`,
    );
    process.exit(2);
  }
  if (body !== undefined) JSON.parse(body); // fail early on a typo
  const config = loadConfig();
  if (!config.devKeys) {
    process.stderr.write(
      'npm run token signs with the development key, which is trusted only with the demo core (or HOLDER_DEV_KEYS=true) and no HOLDER_JWKS_URL.\n',
    );
    process.exit(2);
  }
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
  process.stdout.write(`${parts.join(' ')}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(1);
});
