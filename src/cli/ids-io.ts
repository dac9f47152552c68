/**
 * What the `ids` commands read and write: lines out and err, and standard input whole (customer
 * ids for `ids export`, an alias file given as `-`). Loads nothing else: `ids --help` stays fast.
 */
import type { Output } from './clients';

export interface IdsIo extends Output {
  /** Standard input, read to its end. */
  input(): Promise<string>;
}

/** Standard input, to its end; nothing from a terminal (a command waiting there would hang). */
async function stdin(): Promise<string> {
  if (process.stdin.isTTY) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export const PROCESS_IDS_IO: IdsIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  input: stdin,
};
