/**
 * The few request and response helpers the API routes need, on Node's own `IncomingMessage` and
 * `ServerResponse`. The API routes are served without Express's request and response objects:
 * Express re-parents both objects of every request (`Object.setPrototypeOf`), and under a steady
 * load that made each request's objects outlive young-generation collections, whose copying then
 * paused every request (bench/results.md, sessions 4 and 5). Express still serves the probes,
 * documents and unmatched paths; these helpers work on its objects too.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import querystring from 'node:querystring';
import typeIs from 'type-is';

/** What a request carries through the gateway besides Node's own fields. */
export type HttpRequest = IncomingMessage & {
  params?: Record<string, string>;
  body?: unknown;
};

/** A response with the per-request values the gateway keeps (route, request id, auth...). */
export type HttpResponse = ServerResponse & { locals: Record<string, unknown> };

/** The request target exactly as sent, without the query (the `aud` of holder tokens). */
export function rawPath(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** The query string parsed as Express's "simple" query parser does (`node:querystring`). */
export function queryOf(req: IncomingMessage): Record<string, unknown> {
  const url = req.url ?? '';
  const q = url.indexOf('?');
  // An object without a prototype, as Express gives: no `toString` or `__proto__` to look up.
  return querystring.parse(q === -1 ? '' : url.slice(q + 1));
}

/** Whether the request has a body of that media type (as Express's `req.is`). */
export function hasBodyOfType(req: IncomingMessage, type: string): boolean {
  return Boolean(typeIs(req, [type]));
}

/**
 * Answers `body` as JSON, as Express's `res.json` does with this gateway's settings (no ETag):
 * `application/json; charset=utf-8`, a Content-Length, and no body for HEAD.
 */
export function sendJson(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: unknown,
): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  if (req.method === 'HEAD') res.end();
  else res.end(text);
}
