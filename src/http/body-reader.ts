/**
 * Reads a request body within a byte limit and parses it as JSON or a form.
 *
 * body-parser (Express's) reads a body that is too large, or broken, to its end before it
 * reports the error, so one client could make the gateway read gigabytes and hold a connection
 * for as long as it likes. Here a declared `Content-Length` over the limit is refused before a
 * byte is read, and a streamed body stops being read at the first chunk past the limit; both
 * answers close the connection. raw-body (body-parser's own reader) does the reading.
 */
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { parse as parseContentType } from 'content-type';
import { parse as parseQueryString } from 'qs';
import getRawBody from 'raw-body';
import {
  type GatewayError,
  InvalidFieldError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from '../errors';

/** Largest accepted request body, bytes (the interface's 1 MiB). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Most `&`-separated fields a form body may have. */
const FORM_PARAMETER_LIMIT = 1000;

/** The 413 of a body over the limit: the connection closes, so its rest is never read. */
export function payloadTooLarge(cause?: unknown): GatewayError {
  return new PayloadTooLargeError({ cause, headers: { Connection: 'close' } });
}

/** The `Content-Length` a request declares, or undefined (chunked, or none). */
function declaredLength(req: IncomingMessage): number | undefined {
  const header = req.headers['content-length'];
  if (header === undefined) return undefined;
  const length = Number(header);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

/** Whether the request declares a body larger than the limit (answer 413 without reading it). */
export function declaresTooLargeBody(req: IncomingMessage, limit = BODY_LIMIT_BYTES): boolean {
  const length = declaredLength(req);
  return length !== undefined && length > limit;
}

/** The body as sent, decompressed when `Content-Encoding` says so. */
function decodedStream(req: IncomingMessage): Readable {
  const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  let decoder: zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress;
  switch (encoding) {
    case 'identity':
      return req;
    case 'gzip':
      decoder = zlib.createGunzip();
      break;
    case 'deflate':
      decoder = zlib.createInflate();
      break;
    case 'br':
      decoder = zlib.createBrotliDecompress();
      break;
    default:
      throw new UnsupportedMediaTypeError();
  }
  req.pipe(decoder);
  return decoder;
}

/** The request's charset, checked against those the body kind accepts. */
function charsetOf(req: IncomingMessage, kind: 'json' | 'form'): string {
  let charset: string | undefined;
  try {
    charset = parseContentType(req.headers['content-type'] ?? '').parameters.charset?.toLowerCase();
  } catch (err) {
    throw new UnsupportedMediaTypeError({ cause: err });
  }
  charset ??= 'utf-8';
  const accepted =
    kind === 'json' ? charset.startsWith('utf-') : charset === 'utf-8' || charset === 'iso-8859-1';
  if (!accepted) throw new UnsupportedMediaTypeError();
  return charset;
}

/** Stops reading the request: what the client still sends is never read. */
function stopReading(req: IncomingMessage, stream: Readable): void {
  if (stream !== req) {
    req.unpipe(stream as zlib.Gunzip);
    stream.destroy();
  }
  req.pause();
}

/** Reads the whole body as text, within `limit` bytes (after decompression). */
async function readText(req: IncomingMessage, charset: string, limit: number): Promise<string> {
  // A declared length over the limit never gets here (the listener answers it first); for an
  // uncompressed body raw-body refuses it from `length` before reading anyway.
  const stream = decodedStream(req);
  try {
    return await getRawBody(stream, {
      limit,
      length: stream === req ? declaredLength(req) : undefined,
      encoding: charset,
    });
  } catch (err) {
    stopReading(req, stream);
    switch ((err as { type?: string }).type) {
      case 'entity.too.large':
        throw payloadTooLarge(err);
      case 'encoding.unsupported':
        throw new UnsupportedMediaTypeError({ cause: err });
      default:
        // Aborted, shorter than declared, or not valid compressed data.
        throw new InvalidFieldError('body', { cause: err });
    }
  }
}

/** JSON whose top level is an object or array; an empty body reads as `{}`. */
function parseJson(text: string): unknown {
  const trimmed = text.trimStart();
  if (trimmed.length === 0) return {};
  if (trimmed[0] !== '{' && trimmed[0] !== '[') throw new InvalidFieldError('body');
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new InvalidFieldError('body', { cause: err });
  }
}

/** A flat form (`a=1&b=2`): no nesting, at most {@link FORM_PARAMETER_LIMIT} fields. */
function parseForm(text: string, charset: string): unknown {
  if (text.length === 0) return {};
  if (text.split('&').length > FORM_PARAMETER_LIMIT) throw payloadTooLarge();
  return parseQueryString(text, {
    depth: 0,
    plainObjects: true,
    allowPrototypes: true,
    parameterLimit: FORM_PARAMETER_LIMIT,
    charset: charset === 'iso-8859-1' ? 'iso-8859-1' : 'utf-8',
  });
}

/**
 * Reads and parses the body of a request whose media type the caller has checked.
 * @throws PayloadTooLargeError (413, connection closed) past `limit`
 * @throws UnsupportedMediaTypeError (415) for an unknown charset or content encoding
 * @throws InvalidFieldError (400 `body`) for a body that is not what its type says
 */
export async function readBody(
  req: IncomingMessage,
  kind: 'json' | 'form',
  limit = BODY_LIMIT_BYTES,
): Promise<unknown> {
  const charset = charsetOf(req, kind);
  const text = await readText(req, charset, limit);
  return kind === 'json' ? parseJson(text) : parseForm(text, charset);
}
