/**
 * JSON answers of the API routes and the error path. Not Express's `res.json`: that one runs
 * `res.send`, whose conditional-GET handling turns a 200 into a 304 on `If-None-Match: *` and
 * whose ETag and charset work the gateway does not want (ETags are off).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { jsonTextOf } from '../stores/cache';

/**
 * `JSON.stringify(body)`, the same text, without serialising a read-only cached value again: a
 * plain object whose every member is one (`{ data: <cached value> }`, a cache hit's answer) is
 * written with each member's text kept when it was cached (cache.ts, `jsonTextOf`). Anything
 * else is serialised in full.
 */
function jsonText(body: unknown): string {
  if (
    body === null ||
    typeof body !== 'object' ||
    Object.getPrototypeOf(body) !== Object.prototype ||
    typeof (body as { toJSON?: unknown }).toJSON === 'function'
  ) {
    return JSON.stringify(body);
  }
  let text = '';
  for (const key of Object.keys(body)) {
    const member: unknown = (body as Record<string, unknown>)[key];
    const kept = member !== null && typeof member === 'object' ? jsonTextOf(member) : undefined;
    // A member's own `toJSON` would be called by JSON.stringify: only the plain case is kept.
    if (kept === undefined || typeof (member as { toJSON?: unknown }).toJSON === 'function') {
      return JSON.stringify(body);
    }
    text += `${text === '' ? '{' : ','}${JSON.stringify(key)}:${kept}`;
  }
  return text === '' ? '{}' : `${text}}`;
}

/**
 * Answers `body` as JSON: `application/json; charset=utf-8`, a Content-Length, and no body for
 * HEAD.
 */
export function sendJson(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: unknown,
): void {
  const text = jsonText(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  if (req.method === 'HEAD') res.end();
  else res.end(text);
}
