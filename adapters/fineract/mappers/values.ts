/**
 * Value rules for Fineract payloads: exact decimals, percent rates, dates, durations, statuses,
 * masked numbers. Pure functions, no floating-point arithmetic on money or rates: decimals are
 * the SDK's exact decimals (big.js) with the scale the core stated, and a `number` is only ever
 * made at the very end, from the exact decimal text, for contract fields that are JSON numbers
 * (rates, FDX amounts).
 */
import {
  formatAmount,
  readDecimal,
  type SharingRefusalReason,
} from '@data-holder-gateway/adapter-sdk';
import type {
  FineractDate,
  FineractEnum,
  FineractLoanStatus,
  FineractNumber,
  FineractSavingsStatus,
  FineractSavingsSubStatus,
} from './fineract.types';

// ------------------------------------------------------------------ decimals

/** Fraction digits every amount shows at least (amounts keep every further digit they have). */
export const AMOUNT_MIN_FRACTION_DIGITS = 2;

/**
 * An amount as an exact decimal string (`"1200.50"`), from a JSON number or decimal text;
 * undefined when the value is absent or not a decimal. Never rounds: digits beyond the second
 * fraction digit are kept, missing ones are padded with zeros.
 */
export function toAmount(value: FineractNumber | null | undefined): string | undefined {
  const d = readDecimal(value);
  return d && formatAmount(d, AMOUNT_MIN_FRACTION_DIGITS);
}

/** `a + b`, exactly; undefined when either is not a decimal. */
export function addAmounts(
  a: FineractNumber | null | undefined,
  b: FineractNumber | null | undefined,
): string | undefined {
  const x = readDecimal(a);
  const y = readDecimal(b);
  if (!x || !y) return undefined;
  return formatAmount(
    { value: x.value.plus(y.value), scale: Math.max(x.scale, y.scale) },
    AMOUNT_MIN_FRACTION_DIGITS,
  );
}

/** The sign of a decimal (-1, 0, 1); undefined when it is not one. */
export function signOf(value: FineractNumber | null | undefined): -1 | 0 | 1 | undefined {
  return readDecimal(value)?.value.cmp(0);
}

/** The absolute value of an amount, exactly. */
export function absAmount(value: FineractNumber | null | undefined): string | undefined {
  const d = readDecimal(value);
  return d && formatAmount({ value: d.value.abs(), scale: d.scale }, AMOUNT_MIN_FRACTION_DIGITS);
}

/** `-value`, exactly. */
export function negateAmount(value: FineractNumber | null | undefined): string | undefined {
  const d = readDecimal(value);
  return d && formatAmount({ value: d.value.neg(), scale: d.scale }, AMOUNT_MIN_FRACTION_DIGITS);
}

/**
 * A percent rate as a fraction string, by moving the decimal point two places:
 * `"5"` → `"0.05"`, `24` → `"0.24"`, `"2.125"` → `"0.02125"`. Trailing zeros are dropped.
 */
export function percentToFraction(value: FineractNumber | null | undefined): string | undefined {
  // times, not div: big.js multiplies exactly, while div rounds to its decimal places.
  return readDecimal(value)?.value.times('0.01').toString();
}

/**
 * The JSON number of an exact decimal text, for contract fields typed `number` (rates, FDX
 * amounts): the nearest double to the text, made once, with no arithmetic before it.
 */
export function decimalToNumber(text: string): number {
  return Number(text);
}

// ------------------------------------------------------------------ dates

function daysInMonth(year: number, month: number): number {
  if (month === 2) {
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    return leap ? 29 : 28;
  }
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isoDateOf(year: number, month: number, day: number): string | undefined {
  if (![year, month, day].every(Number.isInteger)) return undefined;
  if (year < 1 || year > 9999 || month < 1 || month > 12) return undefined;
  if (day < 1 || day > daysInMonth(year, month)) return undefined;
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/**
 * A Fineract LocalDate as `YYYY-MM-DD`: from a Jackson `[yyyy, m, d]` array or a `"yyyy-mm-dd"`
 * string (a date-time string keeps its date part); undefined when absent or not a calendar date.
 */
export function toIsoDate(value: FineractDate | null | undefined): string | undefined {
  if (Array.isArray(value)) {
    if (value.length !== 3) return undefined;
    const [year, month, day] = value as number[];
    return isoDateOf(year!, month!, day!);
  }
  if (typeof value === 'string') {
    const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value.trim());
    if (!match) return undefined;
    return isoDateOf(Number(match[1]), Number(match[2]), Number(match[3]));
  }
  return undefined;
}

/**
 * A Fineract LocalDate as an RFC 3339 date-time at the start of that day, UTC. Fineract keeps
 * business dates without a time; midnight UTC keeps the calendar date the same in every window
 * the gateway applies (its windows are UTC days).
 */
export function toIsoDateTime(value: FineractDate | null | undefined): string | undefined {
  const date = toIsoDate(value);
  return date && `${date}T00:00:00Z`;
}

/** Day of the year (1-366) of a month and day in a non-leap year; undefined when invalid. */
export function dayOfYear(month: number, day: number): number | undefined {
  if (!Number.isInteger(month) || !Number.isInteger(day) || month < 1 || month > 12) {
    return undefined;
  }
  if (day < 1 || day > daysInMonth(2001, month)) return undefined;
  let total = day;
  for (let m = 1; m < month; m += 1) total += daysInMonth(2001, m);
  return total;
}

// ------------------------------------------------------------------ durations

/** Fineract's PeriodFrequencyType (0 days, 1 weeks, 2 months, 3 years) → ISO 8601 unit. */
function periodUnit(type: FineractEnum | undefined): 'D' | 'W' | 'M' | 'Y' | undefined {
  const byId: Record<number, 'D' | 'W' | 'M' | 'Y'> = { 0: 'D', 1: 'W', 2: 'M', 3: 'Y' };
  if (type?.id !== undefined && byId[type.id]) return byId[type.id];
  const code = (type?.code ?? type?.value ?? '').toLowerCase();
  if (code.endsWith('days') || code.endsWith('day')) return 'D';
  if (code.endsWith('weeks') || code.endsWith('week')) return 'W';
  if (code.endsWith('months') || code.endsWith('month')) return 'M';
  if (code.endsWith('years') || code.endsWith('year')) return 'Y';
  return undefined;
}

/** `count` periods of a PeriodFrequencyType as an ISO 8601 duration (`3`, months → `P3M`). */
export function periodDuration(
  count: number | undefined,
  type: FineractEnum | undefined,
): string | undefined {
  const unit = periodUnit(type);
  if (unit === undefined || count === undefined || !Number.isInteger(count) || count < 1) {
    return undefined;
  }
  return `P${count}${unit}`;
}

/**
 * Savings interest compounding or posting period (1 daily, 2 weekly, 3 bi-weekly, 4 monthly,
 * 5 quarterly, 6 bi-annual, 7 annual) as an ISO 8601 duration.
 */
export function interestPeriodDuration(type: FineractEnum | undefined): string | undefined {
  const byId: Record<number, string> = {
    1: 'P1D',
    2: 'P1W',
    3: 'P2W',
    4: 'P1M',
    5: 'P3M',
    6: 'P6M',
    7: 'P1Y',
  };
  return type?.id === undefined ? undefined : byId[type.id];
}

// ------------------------------------------------------------------ statuses

/**
 * Open status of a savings, fixed or recurring deposit account; null when the account was never
 * opened (submitted, approved but not activated, rejected, withdrawn by the applicant), which
 * the gateway does not list at all. Closed, matured and prematurely closed accounts are CLOSED;
 * active accounts (dormant and inactive sub-statuses included) and transfers in progress are
 * OPEN. An unknown status is null: nothing is listed on a guess.
 */
export function savingsOpenStatus(
  status: FineractSavingsStatus | undefined,
): 'OPEN' | 'CLOSED' | null {
  if (!status) return null;
  const id = status.id;
  if (
    status.submittedAndPendingApproval === true ||
    status.rejected === true ||
    status.withdrawnByApplicant === true ||
    id === 100 ||
    id === 200 ||
    id === 400 ||
    id === 500
  ) {
    return null;
  }
  if (
    status.closed === true ||
    status.matured === true ||
    status.prematureClosed === true ||
    id === 600 ||
    id === 700 ||
    id === 800
  ) {
    return 'CLOSED';
  }
  if (
    status.active === true ||
    status.transferInProgress === true ||
    status.transferOnHold === true ||
    id === 300 ||
    id === 303 ||
    id === 304
  ) {
    return 'OPEN';
  }
  return null;
}

/**
 * Whether the holder refuses to share a savings-family account (docs/fineract.md, "Refusals to
 * share"): `blocked` when its sub-status stops every movement (`block`, or `blockDebit` and
 * `blockCredit` together); `suspended` while it is on hold for a transfer between offices
 * (`transferOnHold`). One direction blocked, dormant, inactive and escheat are states of an
 * account whose data is still the customer's to share: undefined.
 */
export function savingsSharingRefusal(
  status: FineractSavingsStatus | undefined,
  subStatus: FineractSavingsSubStatus | undefined,
): SharingRefusalReason | undefined {
  if (
    subStatus?.block === true ||
    (subStatus?.blockDebit === true && subStatus.blockCredit === true)
  )
    return 'blocked';
  if (status?.transferOnHold === true) return 'suspended';
  return undefined;
}

/**
 * Open status of a loan; null when it was never disbursed (submitted, approved and waiting for
 * disbursal, rejected, withdrawn). Closed (obligations met), written off and rescheduled loans
 * are CLOSED; active and overpaid loans are OPEN. An unknown status is null.
 */
export function loanOpenStatus(status: FineractLoanStatus | undefined): 'OPEN' | 'CLOSED' | null {
  if (!status) return null;
  const id = status.id;
  const code = status.code ?? '';
  if (
    status.pendingApproval === true ||
    status.waitingForDisbursal === true ||
    id === 100 ||
    id === 200 ||
    id === 400 ||
    id === 500 ||
    /rejected|withdrawn|submitted|approved$/.test(code)
  ) {
    return null;
  }
  if (
    status.closedObligationsMet === true ||
    status.closedWrittenOff === true ||
    status.closedRescheduled === true ||
    status.closed === true ||
    id === 600 ||
    id === 601 ||
    id === 602
  ) {
    return 'CLOSED';
  }
  if (status.active === true || status.overpaid === true || id === 300 || id === 700) {
    return 'OPEN';
  }
  return null;
}

// ------------------------------------------------------------------ masking

/**
 * A masked account number: every letter or digit but the last few becomes `x` (separators stay).
 * At most the last 4 characters show, and never more than half of them, so a short number is
 * never shown whole: `"000000001"` → `"xxxxx0001"`, `"1234"` → `"xx34"`, `"7"` → `"x"`.
 */
export function maskAccountNumber(accountNo: string | number | undefined): string {
  const text = accountNo === undefined ? '' : String(accountNo).trim();
  const significant = text.replace(/[^0-9A-Za-z]/g, '').length;
  const visible = significant > 6 ? 4 : Math.floor(significant / 2);
  let toMask = significant - visible;
  let out = '';
  for (const ch of text) {
    if (toMask > 0 && /[0-9A-Za-z]/.test(ch)) {
      out += 'x';
      toMask -= 1;
    } else {
      out += ch;
    }
  }
  return out === '' ? 'xxxx' : out;
}

/**
 * `text` with every occurrence of the full account number replaced by its mask, so a product
 * or nickname that happens to carry the number never shows it.
 */
export function withoutAccountNumber(text: string, accountNo: string | number | undefined): string {
  const full = accountNo === undefined ? '' : String(accountNo).trim();
  if (full.length < 2) return text;
  return text.split(full).join(maskAccountNumber(full));
}

/** A BSB as digits only (`"062-000"` → `"062000"`); undefined when it is not 6 digits. */
export function bsbDigits(bsb: string | undefined): string | undefined {
  const digits = bsb?.replace(/-/g, '');
  return digits !== undefined && /^\d{6}$/.test(digits) ? digits : undefined;
}
