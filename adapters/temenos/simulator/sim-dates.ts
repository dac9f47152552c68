/**
 * Calendar and money arithmetic on the data set's own forms: ISO dates (`YYYY-MM-DD`) and exact
 * decimal strings, with integer cents in between (no floating point reaches an amount).
 */

const DAY_MS = 86_400_000;

export const toMs = (iso: string): number => Date.parse(`${iso}T00:00:00Z`);
export const isoOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
export const addDays = (iso: string, days: number): string => isoOf(toMs(iso) + days * DAY_MS);
export const daysBetween = (a: string, b: string): number =>
  Math.round((toMs(b) - toMs(a)) / DAY_MS);

/** The date `months` later on `day` (default the same day), clamped to the month's last day. */
export function addMonths(iso: string, months: number, day?: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return isoOf(Date.UTC(y, m - 1 + months, Math.min(day ?? d, last)));
}

/** Transact's compact form, `YYYYMMDD`. */
export const ymd = (iso: string): string => iso.replace(/-/g, '');

/** `YYYY-MM-DD` from `YYYY-MM-DD` or `YYYYMMDD`; undefined when it is neither or no real date. */
export function isoFromQuery(text: string): string | undefined {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(text.trim());
  if (!m) return undefined;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  return Number.isNaN(toMs(iso)) || isoOf(toMs(iso)) !== iso ? undefined : iso;
}

/** Julian form `YYDDD` of a date, as Transact ids carry it. */
export function julian(iso: string): string {
  const year = iso.slice(0, 4);
  const day = daysBetween(`${year}-01-01`, iso) + 1;
  return `${year.slice(2)}${String(day).padStart(3, '0')}`;
}

/** 0 Sunday ... 6 Saturday. */
export const weekday = (iso: string): number => new Date(toMs(iso)).getUTCDay();

/** Integer cents of a decimal string (`"-12.3"` → -1230). */
export function centsOf(text: string): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw new Error(`not an amount: ${text}`);
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

/** The decimal string of integer cents, two places (`-1230` → `"-12.30"`). */
export function money(cents: number): string {
  const abs = Math.abs(cents);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
}

/** The JSON number of a decimal string: exact for the data set's magnitudes. */
export const amountNumber = (text: string): number => centsOf(text) / 100;
