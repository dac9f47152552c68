/**
 * What a proxied request looks like on its way to the upstream: its path (the family's space
 * replaced by the base URL's path), its headers (an allow-list, then the upstream's own
 * credentials) and its body (the one the router already read, written again).
 */
import type { ClientRequest, IncomingMessage } from 'node:http';
import { stringify as stringifyForm } from 'qs';
import { NEVER_FORWARDED, type ProxySettings } from '../../proxy/proxy-settings';

/** Headers the HTTP client itself sets for the upstream connection; never filtered out. */
const CONNECTION_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding']);

/** `/fdx/v6/customer/c/accounts` with space `/fdx/v6` and base path `/core/fdx` -> `/core/fdx/customer/c/accounts`. */
export function upstreamPath(originalUrl: string, space: string, basePath: string): string {
  if (!originalUrl.startsWith(space)) {
    throw new Error(`${originalUrl} is outside the family's space ${space}`);
  }
  const base = basePath.endsWith('/') ? basePath.slice(0, -1) : basePath;
  return `${base}${originalUrl.slice(space.length)}`;
}

/** The request headers policy of one proxy instance. */
export class RequestHeaderPolicy {
  private readonly allowed: ReadonlySet<string>;

  constructor(private readonly settings: ProxySettings) {
    const never = new Set<string>(NEVER_FORWARDED);
    this.allowed = new Set(
      settings.forwardHeaders.map((h) => h.toLowerCase()).filter((h) => !never.has(h)),
    );
  }

  /**
   * Leaves only the allowed headers of the caller on `proxyReq`, then sets the upstream's own:
   * the gateway's request id, the configured static headers and Authorization.
   */
  apply(proxyReq: ClientRequest, requestId: string | undefined): void {
    for (const name of proxyReq.getHeaderNames()) {
      if (!this.allowed.has(name) && !CONNECTION_HEADERS.has(name)) proxyReq.removeHeader(name);
    }
    // The gateway's id (the caller's, when it sent a usable one) correlates both logs.
    if (requestId && this.allowed.has('x-request-id'))
      proxyReq.setHeader('x-request-id', requestId);
    for (const [name, value] of Object.entries(this.settings.headers)) {
      proxyReq.setHeader(name, value);
    }
    if (this.settings.authorization)
      proxyReq.setHeader('authorization', this.settings.authorization);
  }
}

/**
 * Writes the body the router already read (and so consumed) as JSON, or as a form when it came
 * as one: the caller's bytes are gone, its content is not. Requests without a read body keep
 * their stream, which the proxy pipes as it is.
 */
export function writeReadBody(proxyReq: ClientRequest, req: IncomingMessage & { body?: unknown }) {
  if (req.body === undefined || !req.readableEnded) return;
  const form = /^application\/x-www-form-urlencoded/i.test(req.headers['content-type'] ?? '');
  const text = form ? stringifyForm(req.body as Record<string, unknown>) : JSON.stringify(req.body);
  proxyReq.removeHeader('transfer-encoding');
  // The body is written decoded: whatever encoding the caller used is no longer true of it.
  proxyReq.removeHeader('content-encoding');
  proxyReq.setHeader(
    'content-type',
    form ? 'application/x-www-form-urlencoded' : 'application/json; charset=utf-8',
  );
  proxyReq.setHeader('content-length', Buffer.byteLength(text));
  proxyReq.write(text);
}
