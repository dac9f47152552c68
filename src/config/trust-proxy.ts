/**
 * `TRUST_PROXY`: which proxies in front of the gateway may say who the client is
 * (`X-Forwarded-For`), as Express's `trust proxy` setting takes it: a hop count, or addresses, CIDR
 * ranges and the named ranges `loopback`, `linklocal`, `uniquelocal`. Checked here, at start-up,
 * with the library Express itself compiles the setting with (proxy-addr).
 */
import proxyAddr from 'proxy-addr';

/** The most proxy hops a count may name. */
export const MAX_TRUSTED_HOPS = 32;

/** What Express's `trust proxy` gets: hops, or the trusted addresses; undefined is off. */
export type TrustProxy = number | readonly string[] | undefined;

const HOPS = /^\d+$/;
const OFF = new Set(['', 'false']);

function items(text: string): string[] {
  return text.split(',').map((item) => item.trim());
}

/** The problems of a `TRUST_PROXY` value, each naming the setting; none when it is valid. */
export function trustProxyProblems(text: string): string[] {
  const value = text.trim();
  if (OFF.has(value)) return [];
  if (value === 'true')
    return [
      'TRUST_PROXY: true would take the client address from any X-Forwarded-For a caller sends; give the number of proxies in front of the gateway or their addresses',
    ];
  if (HOPS.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= MAX_TRUSTED_HOPS
      ? []
      : [`TRUST_PROXY: a hop count must be 1 to ${MAX_TRUSTED_HOPS}, not ${value}`];
  }
  const bad = items(value).filter((item) => {
    if (item === '') return true;
    try {
      proxyAddr.compile(item);
      return false;
    } catch {
      return true;
    }
  });
  return bad.length === 0
    ? []
    : [
        `TRUST_PROXY: ${bad.map((item) => JSON.stringify(item)).join(', ')} is not a hop count, an IP address, a CIDR range or one of loopback, linklocal, uniquelocal`,
      ];
}

/** The setting Express gets from a valid `TRUST_PROXY` value (undefined: off). */
export function parseTrustProxy(text: string | undefined): TrustProxy {
  const value = text?.trim() ?? '';
  if (OFF.has(value)) return undefined;
  if (HOPS.test(value)) return Number(value);
  return items(value);
}
