/**
 * Enquiry selection as the simulator reads query parameters:
 * - `name=value`: equal (case-sensitive, as Transact's selection compares);
 * - `nameCT=value`: contains; `nameBW=value`: begins with; `nameMT=value`: matches a pattern in
 *   which `...` stands for any text (Transact's LIKE), else equal;
 * - dates (`YYYY-MM-DD` or `YYYYMMDD`): one date, or a range `from to` (two dates separated by a
 *   space, Transact's RG operand), both included.
 * A parameter not given selects everything.
 */
import { isoFromQuery } from './sim-dates';
import { badRequest } from './temenos-errors';

type Query = Record<string, string>;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function matches(pattern: string, value: string): boolean {
  if (!pattern.includes('...')) return value === pattern;
  const body = pattern.split('...').map(escapeRegExp).join('.*');
  return new RegExp(`^${body}$`).test(value);
}

/** Whether any of `values` passes the parameter `name` and its CT, BW and MT forms. */
export function textSelects(query: Query, name: string, values: readonly string[]): boolean {
  const tests: [string, (v: string, q: string) => boolean][] = [
    [name, (v, q) => v === q],
    [`${name}CT`, (v, q) => v.includes(q)],
    [`${name}BW`, (v, q) => v.startsWith(q)],
    [`${name}MT`, (v, q) => matches(q, v)],
  ];
  return tests.every(([key, test]) => {
    const wanted = query[key];
    return wanted === undefined || wanted === '' || values.some((v) => test(v, wanted));
  });
}

/** Whether `value` is the parameter's value (when the parameter is given). */
export function equalSelects(query: Query, name: string, value: string | undefined): boolean {
  const wanted = query[name];
  return wanted === undefined || wanted === '' || wanted === value;
}

function isoOrRefuse(name: string, text: string): string {
  const iso = isoFromQuery(text);
  if (!iso) throw badRequest(name, `not a date (YYYY-MM-DD or YYYYMMDD): "${text}"`);
  return iso;
}

/** The dates a parameter selects, `{}` when it is not given. */
export function dateRange(query: Query, name: string): { from?: string; to?: string } {
  const text = query[name]?.trim();
  if (!text) return {};
  const parts = text.split(/\s+/);
  if (parts.length > 2) throw badRequest(name, `one date or two, got "${text}"`);
  const from = isoOrRefuse(name, parts[0]!);
  const to = parts.length === 2 ? isoOrRefuse(name, parts[1]!) : from;
  if (from > to) throw badRequest(name, `the range ends before it starts: "${text}"`);
  return { from, to };
}

/** `dateFrom` and `dateTo` style bounds, each optional. */
export function dateBounds(query: Query, fromName: string, toName: string) {
  const from = query[fromName] ? isoOrRefuse(fromName, query[fromName]) : undefined;
  const to = query[toName] ? isoOrRefuse(toName, query[toName]) : undefined;
  if (from && to && from > to) throw badRequest(toName, `${toName} is before ${fromName}`);
  return { from, to };
}

/** Whether `date` lies in the range (an absent date lies in no given range). */
export function inRange(range: { from?: string; to?: string }, date: string | undefined): boolean {
  if (range.from === undefined && range.to === undefined) return true;
  if (date === undefined) return false;
  return (
    (range.from === undefined || date >= range.from) && (range.to === undefined || date <= range.to)
  );
}

/** A decimal amount parameter, undefined when not given. */
export function amountParameter(query: Query, name: string): number | undefined {
  const text = query[name];
  if (text === undefined || text === '') return undefined;
  if (!/^-?[0-9]+(\.[0-9]+)?$/.test(text)) throw badRequest(name, `not an amount: "${text}"`);
  return Number(text);
}
