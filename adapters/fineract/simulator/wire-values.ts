/** Values of requests and payloads: numbers, dates, path ids, query parameters, orderings. */
import { LosslessNumber } from 'lossless-json';
import type { Json } from './dataset';
import { invalid } from './fineract-errors';

/** A numeric field of a payload (number or LosslessNumber) as a number. */
export function num(value: unknown): number {
  if (typeof value === 'number') return value;
  if (value instanceof LosslessNumber) return Number(value.value);
  return Number.NaN;
}

/** A wire date (`[y, m, d]` or `"yyyy-mm-dd"`) as `yyyy-mm-dd`, for comparisons. */
export function isoDate(value: unknown): string {
  if (Array.isArray(value)) {
    const [y, m, d] = value.map(num);
    return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  }
  return typeof value === 'string' ? value.slice(0, 10) : '';
}

/** A path id: Fineract's ids are longs, anything else never matches a resource. */
export function pathId(segment: string): number | undefined {
  return /^[0-9]{1,15}$/.test(segment) ? Number(segment) : undefined;
}

/** A non-negative integer query parameter, or the default; anything else is 400. */
export function intParam(
  query: Record<string, string>,
  name: string,
  fallback: number,
  min = 0,
): number {
  const raw = query[name];
  if (raw === undefined) return fallback;
  if (!/^[0-9]{1,9}$/.test(raw) || Number(raw) < min) {
    throw invalid(
      name,
      `validation.msg.${name}.is.not.valid.integer`,
      `The parameter \`${name}\` must be an integer of at least ${min}.`,
      raw,
    );
  }
  return Number(raw);
}

/** A date query parameter in `yyyy-MM-dd` (the only dateFormat the simulator knows). */
export function dateParam(query: Record<string, string>, name: string): string | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  const format = query.dateFormat;
  if (format === undefined) {
    throw invalid(
      'dateFormat',
      'validation.msg.dateFormat.cannot.be.blank',
      'The parameter `dateFormat` is mandatory when a date is given.',
      null,
    );
  }
  if (format !== 'yyyy-MM-dd') {
    throw invalid(
      'dateFormat',
      'validation.msg.invalid.dateFormat.format',
      `The dateFormat \`${format}\` is not supported by the simulator (use yyyy-MM-dd).`,
      format,
    );
  }
  const match = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(raw);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (!match || new Date(ms).toISOString().slice(0, 10) !== raw) {
    throw invalid(
      name,
      'validation.msg.invalid.date.format',
      `The parameter \`${name}\` is invalid based on the dateFormat: \`${format}\` and locale: \`${query.locale ?? 'en'}\` provided:`,
      raw,
    );
  }
  return raw;
}

/** Orders records by (date, id), descending or ascending. */
export function byDateThenId(dateOf: (r: Json) => string, descending: boolean) {
  return (x: Json, y: Json): number => {
    const dx = dateOf(x);
    const dy = dateOf(y);
    const c = dx !== dy ? (dx < dy ? -1 : 1) : num(x.id) - num(y.id);
    return descending ? -c : c;
  };
}
export function byId(descending: boolean) {
  return (x: Json, y: Json): number => (descending ? -1 : 1) * (num(x.id) - num(y.id));
}
