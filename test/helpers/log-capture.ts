/** A pino logger whose lines are kept in memory, to assert what the gateway logs (and never logs). */
import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';
import { REDACT_PATHS } from '../../src/observability/logger';

export function captureLogger(level = 'debug'): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const logger = pino({ level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, stream);
  return { logger, lines };
}
