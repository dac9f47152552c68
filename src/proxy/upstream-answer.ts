/**
 * Passes an upstream answer (a success or a documented 4xx) on to the caller: its status, the
 * allow-listed headers, and its body streamed as it arrives; or, for a body the response check
 * reads, buffered, checked, and sent with the same bytes.
 */
import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CoreAnswerInvalidError, CoreTimeoutError } from '../errors';
import { SHARING_REFUSED_HEADER } from '../refusals/sharing-refusals';

/** An upstream's answer once its headers are in; its body still on its way. */
export interface UpstreamAnswer {
  statusCode: number;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  body: Readable;
}

const REFUSED = SHARING_REFUSED_HEADER.toLowerCase();
/** The statuses a refusal to share is answered with (docs/api.md, "Refusals to share"). */
const REFUSAL_STATUSES: ReadonlySet<number> = new Set([403, 404, 422]);

/**
 * Whether the upstream marked its answer as a refusal to share: such an answer reaches the caller
 * with `X-Sharing-Refused: true` whatever the allow-list says, and the header never crosses on
 * any other answer.
 */
export function isRefusal(upstream: UpstreamAnswer): boolean {
  const value = upstream.headers[REFUSED];
  return (
    REFUSAL_STATUSES.has(upstream.statusCode) &&
    typeof value === 'string' &&
    value.trim().toLowerCase() === 'true'
  );
}

export interface AnswerOptions {
  /** Response headers passed on, lower case. */
  allowedHeaders: ReadonlySet<string>;
  /** Longest pause within the upstream body before the answer is cut off, milliseconds. */
  idleMs: number;
  /** When set, the whole body is read first and handed to it before it is sent. */
  inspect?: (body: Buffer) => void;
}

/**
 * Destroys `body` when it sends nothing for `ms` while the caller is not the one holding it up
 * (a caller that reads slowly pauses the body: waiting for it to drain is not the upstream's
 * pause).
 */
function cutOffWhenIdle(body: Readable, res: ServerResponse, ms: number): void {
  const timer = setTimeout(() => body.destroy(new CoreTimeoutError()), ms);
  const refresh = () => timer.refresh();
  body.on('data', refresh);
  res.on('drain', refresh);
  body.once('close', () => {
    clearTimeout(timer);
    res.off('drain', refresh);
  });
}

/**
 * Reads the whole body, destroying it when it sends nothing for `ms`, or when it grows past
 * `maxBytes` (it then rejects with CoreAnswerInvalidError, and leaving the loop destroys it).
 */
export async function readWhole(body: Readable, ms: number, maxBytes = Infinity): Promise<Buffer> {
  const timer = setTimeout(() => body.destroy(new CoreTimeoutError()), ms);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      timer.refresh();
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw new CoreAnswerInvalidError();
      chunks.push(chunk as Buffer);
    }
  } finally {
    clearTimeout(timer);
  }
  return Buffer.concat(chunks);
}

/**
 * Upstream response headers never passed on with a body the gateway wrote in place of the
 * upstream's: those that describe the upstream's bytes, and the refusal header, which no success
 * carries.
 */
const NOT_WITH_OWN_BODY = new Set([
  REFUSED,
  'content-type',
  'content-length',
  'content-encoding',
  'etag',
  'last-modified',
  'content-md5',
  'digest',
  'content-digest',
  'repr-digest',
]);

/**
 * Sends a JSON text the gateway wrote from an upstream's success answer (an account list cut
 * again, ids translated), with the upstream's status and its allowed headers that do not
 * describe its bytes; a HEAD request gets the headers only.
 */
export function sendOwnJson(
  res: ServerResponse,
  from: UpstreamAnswer,
  text: string | Buffer,
  allowedHeaders: ReadonlySet<string>,
  head: boolean,
): void {
  for (const [name, value] of Object.entries(from.headers)) {
    if (value !== undefined && allowedHeaders.has(name) && !NOT_WITH_OWN_BODY.has(name))
      res.setHeader(name, value);
  }
  res.statusCode = from.statusCode;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('content-length', Buffer.byteLength(text));
  if (head) res.end();
  else res.end(text);
}

/** Sends the upstream answer; rejects when the upstream body fails or stalls. */
export async function passAnswerOn(
  upstream: UpstreamAnswer,
  res: ServerResponse,
  options: AnswerOptions,
): Promise<void> {
  res.statusCode = upstream.statusCode;
  for (const [name, value] of Object.entries(upstream.headers)) {
    if (value !== undefined && options.allowedHeaders.has(name) && name !== REFUSED)
      res.setHeader(name, value);
  }
  if (isRefusal(upstream)) res.setHeader(SHARING_REFUSED_HEADER, 'true');
  if (options.inspect) {
    const body = await readWhole(upstream.body, options.idleMs);
    options.inspect(body);
    res.setHeader('content-length', body.length);
    res.end(body);
    return;
  }
  const sent = pipeline(upstream.body, res);
  // After pipeline: it attaches its own reader first, so no chunk is read before it.
  cutOffWhenIdle(upstream.body, res, options.idleMs);
  try {
    await sent;
  } catch (err) {
    // The headers may be gone already: the error handler then only closes the connection.
    if (!res.writableFinished) throw err;
  }
}
