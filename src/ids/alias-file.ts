/**
 * An alias file of a core migration (`ids alias import`): CSV rows `kind,from,to`, each side
 * `<core instance id>:<the core's own id>`, an optional header `kind,from,to`. The whole file is
 * checked before anything is written: a problem is named by its line (never by its ids: a line
 * number finds the row, and the message stays short), and one bad row refuses the file.
 */
import { type Alias, ALIAS_KINDS, refOfText, refText } from './aliases';
import type { CoreRef, IdKind } from './id-codec';
import { csvFields, csvLine, numberedLines } from './csv';

export const ALIAS_HEADER = ['kind', 'from', 'to'] as const;

/** An instance id, as the core layout allows them: what a swapped or shifted column breaks. */
const INSTANCE_ID = /^[a-z][a-z0-9-]*$/;

/** An alias and the line of the file that gave it. */
export interface AliasRow extends Alias {
  readonly line: number;
}

export interface AliasFile {
  /** Each alias once (a repeated row is kept at its first line). */
  readonly aliases: AliasRow[];
  /** One line per problem, `line <n>: ...`; empty when the file can be imported. */
  readonly problems: string[];
}

/** `kind` and the reference text of one side, the key of the within-file checks. */
const sideKey = (kind: IdKind, ref: CoreRef) => `${kind}\u0000${refText(ref)}`;

/** The reference of one side, or what is wrong with it. */
function sideOf(name: 'from' | 'to', text: string): CoreRef | string {
  const ref = refOfText(text);
  if (!ref || !INSTANCE_ID.test(ref.instance)) {
    return `${name} is not <core instance id>:<core id> (an instance id is lower-case letters, digits and dashes)`;
  }
  return ref;
}

/** The alias of one row, or what is wrong with it. */
function rowOf(text: string): Alias | string {
  const fields = csvFields(text);
  if (!fields) return 'a quote is not closed';
  if (fields.length !== 3) return `expected 3 fields (kind,from,to), found ${fields.length}`;
  const [kind, fromText, toText] = fields as [string, string, string];
  if (!(ALIAS_KINDS as readonly string[]).includes(kind)) {
    return `unknown kind (kinds: ${ALIAS_KINDS.join(', ')})`;
  }
  const from = sideOf('from', fromText);
  if (typeof from === 'string') return from;
  const to = sideOf('to', toText);
  if (typeof to === 'string') return to;
  if (refText(from) === refText(to)) return 'from and to are the same';
  return { kind: kind as IdKind, from, to };
}

const isHeader = (text: string) =>
  csvFields(text)
    ?.map((f) => f.toLowerCase())
    .join(',') === ALIAS_HEADER.join(',');

/**
 * The aliases of a file's text and its problems: rows that are not aliases, a `from` given two
 * different `to`s, a `to` given two different `from`s (either would make an id name two records).
 */
export function readAliasFile(text: string): AliasFile {
  const aliases: AliasRow[] = [];
  const problems: string[] = [];
  const byFrom = new Map<string, AliasRow>();
  const byTo = new Map<string, AliasRow>();
  let first = true;
  for (const { line, text: row } of numberedLines(text)) {
    if (row.trim() === '') continue;
    if (first && isHeader(row)) {
      first = false;
      continue;
    }
    first = false;
    const alias = rowOf(row);
    if (typeof alias === 'string') {
      problems.push(`line ${line}: ${alias}`);
      continue;
    }
    const fromKey = sideKey(alias.kind, alias.from);
    const toKey = sideKey(alias.kind, alias.to);
    const sameFrom = byFrom.get(fromKey);
    const sameTo = byTo.get(toKey);
    if (sameFrom && sameTo === sameFrom) continue; // the same alias again
    if (sameFrom)
      problems.push(`line ${line}: its from is given another to on line ${sameFrom.line}`);
    if (sameTo) problems.push(`line ${line}: its to is given another from on line ${sameTo.line}`);
    if (sameFrom || sameTo) continue;
    const kept = { ...alias, line };
    byFrom.set(fromKey, kept);
    byTo.set(toKey, kept);
    aliases.push(kept);
  }
  return { aliases, problems };
}

/** The CSV line of an alias (`kind,from,to`), as `readAliasFile` reads it back. */
export function aliasLine(alias: Alias): string {
  return csvLine([alias.kind, refText(alias.from), refText(alias.to)]);
}
