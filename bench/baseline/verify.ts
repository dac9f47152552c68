/** The baselines' token checks: the gateway's holder token rules (docs/api.md, Authentication), in plain jose. */
import { createRemoteJWKSet, jwtVerify } from 'jose';

export function verifier(jwksUrl: string, subdomain: string, base: string) {
  const jwks = createRemoteJWKSet(new URL(jwksUrl));
  const seen = new Map<string, number>(); // jti -> expiry (ms)
  setInterval(() => {
    const now = Date.now();
    for (const [jti, until] of seen) if (until < now) seen.delete(jti);
  }, 10_000).unref();
  return async (authorization: string | undefined, path: string): Promise<boolean> => {
    const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    if (!token) return false;
    try {
      const { payload } = await jwtVerify(token, jwks, {
        algorithms: ['PS256', 'ES256'],
        issuer: subdomain,
        subject: subdomain,
        audience: base + path,
        clockTolerance: 30,
        requiredClaims: ['exp', 'jti'],
      });
      const exp = payload.exp! * 1000;
      if (exp - Date.now() > 930_000 || typeof payload.jti !== 'string' || !payload.jti)
        return false;
      if (seen.has(payload.jti)) return false;
      seen.set(payload.jti, exp + 30_000);
      return true;
    } catch {
      return false;
    }
  };
}
