/**
 * How errors appear in log lines: the real class name, the message with its causes, the code,
 * and the stack of one cause at most once per {@link STACK_INTERVAL_MS}, so an outage writes one
 * stack a minute, not one per request.
 */
import crypto from 'node:crypto';
import { types } from 'node:util';

/** Shortest time between two stacks of the same cause, milliseconds (60 s). */
export const STACK_INTERVAL_MS = 60_000;

/** Causes remembered at once; past it, old ones are forgotten (at worst a stack is logged early). */
export const MAX_CAUSES = 1000;
/**
 * Characters of a cause the gate remembers as it is; a longer one (a core's error may carry a
 * code of any length) is remembered by its digest. With {@link MAX_CAUSES}, the memory of causes
 * stays under 1 MB.
 */
export const MAX_CAUSE_LENGTH = 300;
/** Causes followed down a `cause` chain. */
const MAX_CAUSE_DEPTH = 8;

/** An error as a log line carries it (`err`). */
export interface LoggedError {
  /** The class name, e.g. `CoreUnavailableError`. */
  type: string;
  /** The message, followed by those of its causes. */
  message: string;
  /** The error's own `code` (`GW_ERR_...`, `ECONNREFUSED`, ...), when it has one. */
  code?: string;
  /** The stack with its causes', at most once per interval per cause. */
  stack?: string;
  /** Lines of the same cause logged without a stack since the last stack. */
  stacksOmitted?: number;
}

type ErrorLike = {
  message: string;
  stack?: unknown;
  code?: unknown;
  cause?: unknown;
  name?: unknown;
};

function isErrorLike(value: unknown): value is ErrorLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/** The error and its causes, outermost first (bounded, cycles cut). */
function causeChain(err: ErrorLike): ErrorLike[] {
  const chain = [err];
  for (let next = err.cause; isErrorLike(next) && chain.length < MAX_CAUSE_DEPTH;) {
    if (chain.includes(next)) break;
    chain.push(next);
    next = next.cause;
  }
  return chain;
}

/** The class name of an error: its constructor's, else its `name`. */
function typeOf(err: ErrorLike): string {
  const ctor = (err as { constructor?: unknown }).constructor;
  if (typeof ctor === 'function' && ctor !== Object && ctor.name) return ctor.name;
  return typeof err.name === 'string' && err.name ? err.name : 'Error';
}

/**
 * What a log line carries of a thrown value. `omitted` given: the stack is included, with the
 * count of stack-less lines of its cause since the last one; absent: no stack.
 */
export function describeError(value: unknown, omitted?: number): LoggedError {
  if (!isErrorLike(value)) {
    return { type: 'NonError', message: typeof value === 'string' ? value : typeof value };
  }
  const chain = causeChain(value);
  const described: LoggedError = {
    type: typeOf(value),
    message: chain.map((e) => e.message).join(': '),
  };
  if (typeof value.code === 'string') described.code = value.code;
  if (omitted !== undefined) {
    described.stack = chain
      .map((e) => (typeof e.stack === 'string' ? e.stack : `${typeOf(e)}: ${e.message}`))
      .join('\ncaused by: ');
    if (omitted > 0) described.stacksOmitted = omitted;
  }
  return described;
}

/** What groups failures into one cause: the innermost error's class and code. */
export function causeSignature(value: unknown): string {
  if (!isErrorLike(value)) return 'NonError';
  const root = causeChain(value).at(-1)!;
  return `${typeOf(root)}:${typeof root.code === 'string' ? root.code : ''}`;
}

/**
 * Lets the stack of each cause through at most once per interval. Remembers at most `MAX_CAUSES`
 * causes, each of at most `MAX_CAUSE_LENGTH` characters (a longer one by its digest).
 */
export class StackGate {
  private readonly last = new Map<string, { at: number; omitted: number }>();

  constructor(
    private readonly intervalMs = STACK_INTERVAL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Whether a stack of `cause` may be logged now: the count of stacks held back since the last
   * one (0 or more), or undefined when not (and this one is counted as held back).
   */
  pass(anyCause: string): number | undefined {
    // A digest, not a slice: V8's slice of a long string keeps the whole string alive.
    const cause =
      anyCause.length > MAX_CAUSE_LENGTH ? `#${crypto.hash('sha256', anyCause)}` : anyCause;
    const t = this.now();
    const seen = this.last.get(cause);
    if (seen && t - seen.at < this.intervalMs) {
      seen.omitted += 1;
      return undefined;
    }
    if (!seen && this.last.size >= MAX_CAUSES) this.forgetBefore(t - this.intervalMs);
    this.last.set(cause, { at: t, omitted: 0 });
    return seen?.omitted ?? 0;
  }

  /** Characters of the causes remembered (for tests). */
  get rememberedCharacters(): number {
    let characters = 0;
    for (const cause of this.last.keys()) characters += cause.length;
    return characters;
  }

  private forgetBefore(time: number): void {
    for (const [cause, { at }] of this.last) if (at < time) this.last.delete(cause);
    if (this.last.size >= MAX_CAUSES) this.last.clear();
  }
}

/**
 * The `err` serializer: an Error logged as is becomes a {@link LoggedError} with its real class
 * name and stack; what is already described passes unchanged (pino's own serializer would call
 * it `Object`, with no stack).
 */
export function errorSerializer(value: unknown): unknown {
  return types.isNativeError(value) || value instanceof Error ? describeError(value, 0) : value;
}
