/**
 * JSON answers of the API routes and the error path. Not Express's `res.json`: that one runs
 * `res.send`, whose conditional-GET handling turns a 200 into a 304 on `If-None-Match: *` and
 * whose ETag and charset work the gateway does not want (ETags are off).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

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
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  if (req.method === 'HEAD') res.end();
  else res.end(text);
}
