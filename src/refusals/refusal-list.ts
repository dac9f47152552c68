/**
 * The operator's sharing refusal list (`SHARING_REFUSALS_FILE`, docs/operations.md): a JSON array
 * of `{ "customerId", "accountId"?, "reason" }`, `reason` one of `harm`, `blocked`, `suspended`;
 * without `accountId` an entry stands for the whole customer. Parsed here into look-ups; every
 * problem names the entry by its JSON pointer (`/3/reason`) and never quotes a value, so that
 * problems can be logged without the ids a risk team wrote.
 */
import { SHARING_REFUSAL_REASONS, type SharingRefusalReason } from '../errors';

/** What the list says of one customer: the whole customer, and accounts one by one. */
interface CustomerEntries {
  customer?: SharingRefusalReason;
  accounts: Map<string, SharingRefusalReason>;
}

/** The refusals of a valid list, by customer then account. */
export class RefusalList {
  static readonly EMPTY = new RefusalList(new Map(), 0);

  private constructor(
    private readonly byCustomer: ReadonlyMap<string, CustomerEntries>,
    /** Entries of the file. */
    readonly size: number,
  ) {}

  /** The refusal of the whole customer, if the list has one. */
  customer(customerId: string): SharingRefusalReason | undefined {
    return this.byCustomer.get(customerId)?.customer;
  }

  /** Whether the list has any entry of the customer: the whole customer, or one of its accounts. */
  names(customerId: string): boolean {
    return this.byCustomer.has(customerId);
  }

  /** The refusal of the account's own entry, if the list has one. */
  account(customerId: string, accountId: string): SharingRefusalReason | undefined {
    return this.byCustomer.get(customerId)?.accounts.get(accountId);
  }

  /** @internal Builds the list from entries already checked by {@link parseRefusalList}. */
  static of(entries: readonly RefusalEntry[]): RefusalList {
    const byCustomer = new Map<string, CustomerEntries>();
    for (const { customerId, accountId, reason } of entries) {
      let found = byCustomer.get(customerId);
      if (!found) byCustomer.set(customerId, (found = { accounts: new Map() }));
      if (accountId === undefined) found.customer = reason;
      else found.accounts.set(accountId, reason);
    }
    return new RefusalList(byCustomer, entries.length);
  }
}

/** One entry of the file. */
export interface RefusalEntry {
  customerId: string;
  accountId?: string;
  reason: SharingRefusalReason;
}

/** What parsing a file's text gives: the list, or every problem (JSON pointers, no values). */
export type ParsedRefusalList = { ok: true; list: RefusalList } | { ok: false; problems: string[] };

const FIELDS = new Set(['customerId', 'accountId', 'reason']);
const REASONS = SHARING_REFUSAL_REASONS.map((r) => `"${r}"`).join(', ');

/** An id as the list takes it: a non-empty string without surrounding white space. */
function isId(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && value.trim() === value;
}

/** The problems of one entry (at index `i`), none when it is well formed. */
function entryProblems(entry: unknown, i: number): string[] {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    return [`/${i}: must be an object {"customerId", "accountId"?, "reason"}`];
  const record = entry as Record<string, unknown>;
  const problems: string[] = [];
  for (const key of Object.keys(record)) {
    // The key is the operator's spelling of a field name, not customer data.
    if (!FIELDS.has(key)) problems.push(`/${i}: unknown field ${JSON.stringify(key)}`);
  }
  if (!isId(record.customerId))
    problems.push(`/${i}/customerId: must be a non-empty string without surrounding spaces`);
  if (record.accountId !== undefined && !isId(record.accountId))
    problems.push(
      `/${i}/accountId: must be a non-empty string without surrounding spaces, or absent for the whole customer`,
    );
  if (!SHARING_REFUSAL_REASONS.includes(record.reason as SharingRefusalReason))
    problems.push(`/${i}/reason: must be one of ${REASONS}`);
  return problems;
}

/** Entries that name the same customer and account as an earlier one with another reason. */
function conflictProblems(entries: readonly RefusalEntry[]): string[] {
  const first = new Map<string, number>();
  const problems: string[] = [];
  entries.forEach((e, i) => {
    const key = JSON.stringify([e.customerId, e.accountId ?? null]);
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, i);
    else if (entries[earlier]!.reason !== e.reason)
      problems.push(
        `/${i}: names the same customer and account as /${earlier} with another reason`,
      );
  });
  return problems;
}

/** Where JSON.parse stopped, without the excerpt of the text newer engines quote. */
function jsonProblem(err: unknown): string {
  const position = /position (\d+)/.exec(String((err as Error)?.message))?.[1];
  return `not valid JSON${position !== undefined ? ` (at character ${position})` : ''}`;
}

/** Parses the text of a refusal file. */
export function parseRefusalList(text: string): ParsedRefusalList {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return { ok: false, problems: [jsonProblem(err)] };
  }
  if (!Array.isArray(parsed))
    return {
      ok: false,
      problems: ['must hold a JSON array of {"customerId", "accountId"?, "reason"}'],
    };
  const problems = parsed.flatMap(entryProblems);
  if (problems.length > 0) return { ok: false, problems };
  const entries = parsed as RefusalEntry[];
  const conflicts = conflictProblems(entries);
  if (conflicts.length > 0) return { ok: false, problems: conflicts };
  return { ok: true, list: RefusalList.of(entries) };
}
