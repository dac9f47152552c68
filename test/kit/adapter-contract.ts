/**
 * The adapter contract suite: the checks every core adapter passes, whoever wrote it. A holder
 * runs it (with jest) against their own adapter and a core that holds known test data; the
 * gateway runs it in `npm test` against the template adapter and the shipped adapters.
 *
 * It checks what the gateway relies on and cannot check for itself at run time:
 * - every record validates against `contracts/` once the gateway has presented it the way the
 *   routes do (authorisation list items wrapped in `extensions.cdr`, energy accounts stripped of
 *   their list extras, banking accounts also mapped to detail version 3, statements given links);
 * - an unknown customer is `CustomerNotFoundError` on every customer-scoped method;
 * - ids are unique, a customer's records never carry another customer's account ids, methods
 *   given account ids answer only for those ids;
 * - FDX paging: pages walked with small limits hold no duplicates, are newest first, respect the
 *   date window, end with no `next`; statement totals agree with what the pages hold;
 * - results survive the gateway's cache serialisation unchanged, reads are repeatable;
 * - optionally, a pre-aborted call signal makes the adapter reject (adapters that do I/O);
 * - `close()` resolves.
 *
 * Usage, in a `*.test.ts` file:
 * ```ts
 * describeAdapterContract({
 *   name: 'acme',
 *   ports: ['banking', 'fdx'],
 *   fixtures: { customerId: 'c-1', otherCustomerId: 'c-2', unknownCustomerId: 'nobody',
 *               fdx: { accountId: 'a-1', minTransactions: 50 }, abortsOnSignal: true },
 *   setup: async () => ({ adapter: await acmeAdapterModule.create({ config, log }) }),
 * });
 * ```
 * or, for a module on disk, `test/kit/run-adapter-contract.ts` (see docs/adapters.md).
 *
 * @packageDocumentation
 */
import { createContractsAjv, refOf } from '../../contracts';
import { toBankingAccountV3 } from '../../mappers/interface/banking-account-v3.mapper';
import { CustomerNotFoundError, GatewayError } from '../../src/errors';
import type {
  BankingAccountRecord,
  CallContext,
  CoreAdapter,
  DateWindow,
  EnergyAccountRecord,
  FdxAccountInfo,
  FdxPage,
  ShareableAccountRecord,
} from '../../src/ports';
import type { FdxStatement, FdxTransaction } from '../../src/ports/resources';
import { deserialize, serialize } from '../../src/resilience/cache';
import { CommonService } from '../../src/services/common.service';
import { presentEnergyAccount } from '../../src/services/energy.service';

// ------------------------------------------------------------------------------------ the API

/** The ports an adapter may leave out (authorisation and customer are always required). */
export type OptionalPort = 'banking' | 'energy' | 'fdx' | 'products';

/** What the suite must find in an FDX account of the customer with data. */
export interface FdxFixtures {
  /** An account of `customerId` whose type has FDX data (`supportsFdx`) with transactions. */
  accountId: string;
  /** The no-window walk must find at least this many transactions. Default 1. */
  minTransactions?: number;
  /**
   * When set, the account must support asset transfer networks, be OPEN, and hold at least this
   * many of them. Default: asset transfer networks are not walked.
   */
  minAssetTransferNetworks?: number;
  /** Page size of the walks (small, so that several pages are walked). Default 7. */
  pageLimit?: number;
}

/**
 * The test data the holder's core holds: who to ask for, and what to expect. Everything here is
 * plain JSON, so a fixtures file can hold it (see `run-adapter-contract.ts`).
 */
export interface AdapterContractFixtures {
  /** A customer the core knows, with at least one account on every industry port served. */
  customerId: string;
  /**
   * A second customer with accounts of their own, for the isolation checks (their exclusive
   * account ids must never appear in `customerId`'s records, and the other way round). A joint
   * account both customers hold is allowed: only ids exclusive to one customer are checked.
   */
  otherCustomerId?: string;
  /** A customer the core knows who has no accounts: lists are empty, nothing is 404. */
  emptyCustomerId?: string;
  /** A customer id the core does not know. */
  unknownCustomerId: string;
  /** FDX expectations; required when the adapter serves the `fdx` port. */
  fdx?: FdxFixtures;
  /** Window of the energy invoice checks. Default 2000-01-01 to 2099-12-31. */
  energyWindow?: DateWindow;
  /**
   * Whether the adapter does I/O that honours `CallContext.signal`: when true, a call made with
   * an already aborted signal must reject. Default false (in-memory adapters have nothing to
   * cancel).
   */
  abortsOnSignal?: boolean;
  /** Longest time one port call may take before the suite calls it hung, ms. Default 10 000. */
  callTimeoutMs?: number;
}

/** The adapter the suite checks, and how to release what `setup` started. */
export interface AdapterUnderTest {
  adapter: CoreAdapter;
  /** Runs after the adapter's `close()`, e.g. to stop a loopback core. */
  teardown?: () => Promise<void>;
}

/** Options of {@link describeAdapterContract}. */
export interface AdapterContractOptions {
  /** Shown in every test title, e.g. `template` or `fineract over the simulator`. */
  name: string;
  /** The optional ports the adapter serves; the suite checks it exposes exactly these. */
  ports: readonly OptionalPort[];
  /** Creates the adapter (and whatever it needs); called once, before the first check. */
  setup: () => Promise<AdapterUnderTest>;
  fixtures: AdapterContractFixtures;
  /** Timeout of `setup`, ms. Default 30 000. */
  setupTimeoutMs?: number;
}

const OPTIONAL_PORTS: readonly OptionalPort[] = ['banking', 'energy', 'fdx', 'products'];

/** Every method of every port, in the order the suite reports them. */
export const PORT_METHODS = {
  authorisation: ['listShareableAccounts'],
  customer: ['getCustomerDetail'],
  banking: [
    'listAccounts',
    'listBalances',
    'listDirectDebits',
    'listScheduledPayments',
    'listInstalmentPlans',
    'listPayees',
  ],
  energy: ['listAccounts', 'listInvoices', 'listConcessions'],
  fdx: [
    'getAccountInfo',
    'listTransactions',
    'listStatements',
    'getStatementDocument',
    'listAssetTransferNetworks',
  ],
  products: ['listProducts', 'createProduct', 'updateProduct', 'deleteProduct'],
} as const;

// ------------------------------------------------------------------------- contract checking

const ajv = createContractsAjv();

/**
 * Problems of `value` against a contract: a file of `contracts/schemas/` (e.g. `balance`) or one
 * of its `$defs` (`common`, `RelatedUser`). Empty when valid.
 */
export function contractProblems(name: string, value: unknown, def?: string): string[] {
  const validate = ajv.getSchema(refOf(name, def));
  if (!validate) throw new Error(`no contract ${name}${def ? `#${def}` : ''}`);
  if (validate(value)) return [];
  const errors = validate.errors ?? [];
  // A failing subschema makes ajv also report every field as "unevaluated": noise, when the
  // real problems are listed.
  const real = errors.filter((e) => e.keyword !== 'unevaluatedProperties');
  return (real.length > 0 ? real : errors).map((e) => {
    const extra =
      (e.params as { additionalProperty?: string; unevaluatedProperty?: string })
        .additionalProperty ?? (e.params as { unevaluatedProperty?: string }).unevaluatedProperty;
    return `${e.instancePath || '/'} ${e.message ?? 'invalid'}${extra ? ` "${extra}"` : ''}`;
  });
}

/** Throws one readable error listing every problem of `value` against the contract. */
export function assertContract(name: string, value: unknown, where: string, def?: string): void {
  const problems = contractProblems(name, value, def);
  if (problems.length > 0) {
    throw new Error(
      `${where} does not match contracts/schemas/${name}.json${def ? `#/$defs/${def}` : ''}:\n  ${problems.join('\n  ')}`,
    );
  }
}

function fail(message: string): never {
  throw new Error(message);
}

function describeThrown(err: unknown): string {
  if (err instanceof GatewayError) return `${err.name} (${err.code}, status ${err.status})`;
  if (err instanceof Error) return `${err.name}: ${err.message}`;
  return String(err);
}

function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const v of values) (seen.has(v) ? dup : seen).add(v);
  return [...dup];
}

function assertUnique(values: readonly string[], what: string): void {
  const dup = duplicates(values);
  if (dup.length > 0) fail(`${what} are not unique: ${dup.slice(0, 5).join(', ')}`);
}

function assertSubset(values: readonly string[], allowed: ReadonlySet<string>, what: string): void {
  const stray = [...new Set(values.filter((v) => !allowed.has(v)))];
  if (stray.length > 0) fail(`${what} outside the requested ones: ${stray.slice(0, 5).join(', ')}`);
}

/** Keys of `record` beyond `allowed` (an adapter that spreads a core payload shows up here). */
function assertOnlyKeys(record: object, allowed: readonly string[], where: string): void {
  const extra = Object.keys(record).filter((k) => !allowed.includes(k));
  if (extra.length > 0) fail(`${where} carries undocumented fields: ${extra.join(', ')}`);
}

const SHAREABLE_FIELDS = [
  'accountId',
  'displayName',
  'subtitle',
  'openStatus',
  'complexAccountType',
  'users',
];
const ENERGY_RECORD_FIELDS = [
  'accountId',
  'accountNumber',
  'displayName',
  'openStatus',
  'creationDate',
  'plans',
  'subtitle',
  'complexAccountType',
  'users',
];
const STATEMENT_FIELDS = ['accountId', 'statementId', 'statementDate', 'description', 'status'];

/** The statement as the gateway serves it: picked fields, the path's accountId, a link. */
function presentStatement(accountId: string, s: Omit<FdxStatement, 'links'>): FdxStatement {
  return {
    accountId,
    statementId: s.statementId,
    statementDate: s.statementDate,
    ...(s.description !== undefined ? { description: s.description } : {}),
    ...(s.status !== undefined ? { status: s.status } : {}),
    links: [
      {
        href: `https://gateway.example/fdx/v6/customer/c/accounts/a/statements/${encodeURIComponent(s.statementId)}`,
        rel: 'download',
        action: 'GET',
        types: ['application/pdf'],
      },
    ],
  };
}

/** The part of an extras block the authorisation list and account filters read. */
function assertListExtras(
  record: { complexAccountType?: unknown; users?: unknown; subtitle?: unknown },
  where: string,
): void {
  assertContract(
    'common',
    record.complexAccountType,
    `${where}.complexAccountType`,
    'ComplexAccountType',
  );
  if (!Array.isArray(record.users)) fail(`${where}.users is not an array`);
  record.users.forEach((u, i) =>
    assertContract('common', u, `${where}.users[${i}]`, 'RelatedUser'),
  );
  if (record.subtitle !== undefined && typeof record.subtitle !== 'string')
    fail(`${where}.subtitle is not a string`);
}

/**
 * Why `value` would not survive the cache's JSON round trip (undefined-valued fields, Dates, class
 * instances, NaN...), or undefined when it is plain data. A Map is allowed at the top only (the
 * instalment plans port returns one; the cache knows how to store it).
 */
function notPlainData(value: unknown, at: string, mapAllowed = false): string | undefined {
  if (value === null) return undefined;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : `${at} is ${value}`;
    case 'object':
      break;
    default:
      return `${at} is ${typeof value === 'undefined' ? 'undefined (leave the field out)' : `a ${typeof value}`}`;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const problem = notPlainData(value[i], `${at}[${i}]`);
      if (problem) return problem;
    }
    return undefined;
  }
  if (value instanceof Map && mapAllowed) {
    for (const [key, entry] of value) {
      if (typeof key !== 'string') return `${at} has a key that is not a string`;
      const problem = notPlainData(entry, `${at}.get(${JSON.stringify(key)})`);
      if (problem) return problem;
    }
    return undefined;
  }
  const proto = Object.getPrototypeOf(value) as object | null;
  if (
    Object.prototype.toString.call(value) !== '[object Object]' ||
    (proto !== null && Object.getPrototypeOf(proto) !== null)
  ) {
    const ctor = (value as { constructor?: { name?: string } }).constructor?.name ?? 'object';
    return `${at} is a ${ctor}, not a plain object`;
  }
  for (const [key, entry] of Object.entries(value)) {
    const problem = notPlainData(entry, `${at}.${key}`);
    if (problem) return problem;
  }
  return undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** postedTimestamp in ms; -Infinity when absent (sorts last, in no window). */
function postedMs(t: FdxTransaction): number {
  const ms = t.postedTimestamp === undefined ? NaN : Date.parse(t.postedTimestamp);
  return Number.isNaN(ms) ? -Infinity : ms;
}

/** Whether a transaction lies in an inclusive window of UTC days. */
function inWindow(t: FdxTransaction, window: Partial<DateWindow>): boolean {
  const ms = postedMs(t);
  if (window.oldest !== undefined && !(ms >= Date.parse(`${window.oldest}T00:00:00Z`)))
    return false;
  if (window.newest !== undefined && !(ms < Date.parse(`${window.newest}T00:00:00Z`) + DAY_MS))
    return false;
  return true;
}

/** The UTC day of a timestamp. */
function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

// --------------------------------------------------------------------------------- the suite

/**
 * Declares the contract suite (jest `describe`/`test`) for one adapter. Call it at the top level
 * of a test file; it may be called several times in one file, once per adapter.
 */
export function describeAdapterContract(options: AdapterContractOptions): void {
  const { name, fixtures } = options;
  const ports = new Set(options.ports);
  for (const p of ports) {
    if (!OPTIONAL_PORTS.includes(p)) throw new Error(`${name}: unknown port "${p}" in ports`);
  }
  if (ports.has('fdx') && !fixtures.fdx)
    throw new Error(
      `${name}: the adapter serves fdx, so fixtures.fdx (an FDX account) is required`,
    );
  const callTimeoutMs = fixtures.callTimeoutMs ?? 10_000;
  const pageLimit = fixtures.fdx?.pageLimit ?? 7;
  const energyWindow = fixtures.energyWindow ?? { oldest: '2000-01-01', newest: '2099-12-31' };

  let underTest: AdapterUnderTest | undefined;
  let closed = false;
  let requestCount = 0;
  const memo = new Map<string, Promise<unknown>>();

  const adapter = (): CoreAdapter =>
    underTest?.adapter ?? fail(`${name}: setup did not produce an adapter`);
  const port = <P extends keyof typeof PORT_METHODS>(p: P): NonNullable<CoreAdapter[P]> =>
    adapter()[p] ?? fail(`${name}: the adapter does not expose the ${p} port`);

  /** A fresh context; `signal` is the caller's (never aborted unless `aborted`). */
  const context = (aborted = false): CallContext => {
    const controller = new AbortController();
    if (aborted) controller.abort(new Error('aborted by the contract suite'));
    requestCount += 1;
    return { signal: controller.signal, requestId: `adapter-contract-${requestCount}` };
  };

  /** One port call, bounded in time; its result must survive the gateway's cache unchanged. */
  const call = async <T>(
    label: string,
    fn: (ctx: CallContext) => Promise<T>,
    options: { cacheable?: boolean; aborted?: boolean } = {},
  ): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${label} did not settle within ${callTimeoutMs} ms`)),
        callTimeoutMs,
      );
    });
    try {
      const value = await Promise.race([fn(context(options.aborted)), hung]);
      if (options.cacheable !== false) {
        const problem = notPlainData(value, label, true);
        if (problem) fail(`${problem}: the gateway caches results as JSON, so return plain data`);
        expect(deserialize(serialize({ value, storedAt: 0 })).value).toEqual(value);
      }
      return value;
    } finally {
      clearTimeout(timer);
    }
  };

  /** A call made once and shared by the checks that read its result. */
  const once = <T>(label: string, fn: (ctx: CallContext) => Promise<T>): Promise<T> => {
    let p = memo.get(label) as Promise<T> | undefined;
    if (!p) {
      p = call(label, fn);
      memo.set(label, p);
    }
    return p;
  };

  const shareable = (customerId: string) =>
    once(`authorisation.listShareableAccounts(${customerId})`, (ctx) =>
      port('authorisation').listShareableAccounts(customerId, ctx),
    );
  const bankingAccounts = (customerId: string): Promise<BankingAccountRecord[]> =>
    ports.has('banking')
      ? once(`banking.listAccounts(${customerId})`, (ctx) =>
          port('banking').listAccounts(customerId, ctx),
        )
      : Promise.resolve([]);
  const energyAccounts = (customerId: string): Promise<EnergyAccountRecord[]> =>
    ports.has('energy')
      ? once(`energy.listAccounts(${customerId})`, (ctx) =>
          port('energy').listAccounts(customerId, ctx),
        )
      : Promise.resolve([]);
  const bankingIds = async (customerId: string) =>
    (await bankingAccounts(customerId)).map((a) => a.accountId);
  const energyIds = async (customerId: string) =>
    (await energyAccounts(customerId)).map((a) => a.accountId);
  /** Ids of `of`'s accounts that `customerId` does not also hold (joint accounts excepted). */
  const exclusiveIds = async (of: string, customerId: string): Promise<Set<string>> => {
    const mine = new Set((await shareable(customerId)).map((a) => a.accountId));
    return new Set((await shareable(of)).map((a) => a.accountId).filter((id) => !mine.has(id)));
  };
  /** Every other account id, at least one: the subset a "given ids" check asks for. */
  const subsetOf = (ids: readonly string[]): string[] => ids.filter((_, i) => i % 2 === 0);

  describe(`adapter contract: ${name}`, () => {
    beforeAll(async () => {
      underTest = await options.setup();
    }, options.setupTimeoutMs ?? 30_000);

    afterAll(async () => {
      try {
        if (underTest && !closed) await underTest.adapter.close?.();
      } finally {
        await underTest?.teardown?.();
      }
    });

    // ---------------------------------------------------------------- identity and ports
    describe('identity and ports', () => {
      test('when the adapter is created, then its id is lower-case letters, digits and dashes', () => {
        expect(adapter().id).toMatch(/^[a-z][a-z0-9-]*$/);
      });

      test(`when the adapter is created, then it exposes authorisation, customer and exactly [${[...ports].join(', ')}]`, () => {
        const a = adapter();
        for (const p of ['authorisation', 'customer', ...OPTIONAL_PORTS] as const) {
          const required = p === 'authorisation' || p === 'customer' || ports.has(p);
          const exposed = a[p] !== undefined;
          if (required !== exposed)
            fail(
              `port ${p} is ${exposed ? 'exposed' : 'missing'}; expected ${required ? 'exposed' : 'absent'}`,
            );
          if (!exposed) continue;
          for (const method of PORT_METHODS[p]) {
            const fn = (a[p] as unknown as Record<string, unknown>)[method];
            if (typeof fn !== 'function') fail(`${p}.${method} is not a function`);
          }
        }
      });

      test('when circuitPerOperation is given, then it names operations of exposed ports', () => {
        const a = adapter();
        const known = new Set(
          (Object.keys(PORT_METHODS) as (keyof typeof PORT_METHODS)[])
            .filter((p) => a[p] !== undefined)
            .flatMap((p) => PORT_METHODS[p].map((m) => `${p}.${m}`)),
        );
        assertSubset([...(a.circuitPerOperation ?? [])], known, 'circuitPerOperation entries');
      });

      test('when the adapter was created, then isReady (if any) answers true', () => {
        const a = adapter();
        if (a.isReady) expect(a.isReady()).toBe(true);
        else expect(a.isReady).toBeUndefined();
      });
    });

    // ---------------------------------------------------------------- unknown customer
    describe('unknown customer', () => {
      const unknown = fixtures.unknownCustomerId;
      /** An account id to pass along: one of the customer with data, as a real caller would. */
      const someAccount = async (): Promise<string> => {
        const ids = (await shareable(fixtures.customerId)).map((a) => a.accountId);
        return fixtures.fdx?.accountId ?? ids[0] ?? 'no-such-account';
      };
      const calls: [string, (ctx: CallContext, accountId: string) => Promise<unknown>][] = [
        [
          'authorisation.listShareableAccounts',
          (ctx) => port('authorisation').listShareableAccounts(unknown, ctx),
        ],
        ['customer.getCustomerDetail', (ctx) => port('customer').getCustomerDetail(unknown, ctx)],
      ];
      if (ports.has('banking')) {
        calls.push(
          ['banking.listAccounts', (ctx) => port('banking').listAccounts(unknown, ctx)],
          ['banking.listBalances', (ctx, id) => port('banking').listBalances(unknown, [id], ctx)],
          [
            'banking.listDirectDebits',
            (ctx, id) => port('banking').listDirectDebits(unknown, [id], ctx),
          ],
          [
            'banking.listScheduledPayments',
            (ctx, id) => port('banking').listScheduledPayments(unknown, [id], ctx),
          ],
          [
            'banking.listInstalmentPlans',
            (ctx, id) => port('banking').listInstalmentPlans(unknown, [id], ctx),
          ],
          ['banking.listPayees', (ctx) => port('banking').listPayees(unknown, ctx)],
        );
      }
      if (ports.has('energy')) {
        calls.push(
          ['energy.listAccounts', (ctx) => port('energy').listAccounts(unknown, ctx)],
          [
            'energy.listInvoices',
            (ctx, id) => port('energy').listInvoices(unknown, [id], energyWindow, ctx),
          ],
          ['energy.listConcessions', (ctx, id) => port('energy').listConcessions(unknown, id, ctx)],
        );
      }
      if (ports.has('fdx')) {
        calls.push(
          ['fdx.getAccountInfo', (ctx, id) => port('fdx').getAccountInfo(unknown, id, ctx)],
          [
            'fdx.listTransactions',
            (ctx, id) => port('fdx').listTransactions(unknown, id, {}, { limit: 5 }, ctx),
          ],
          [
            'fdx.listStatements',
            (ctx, id) => port('fdx').listStatements(unknown, id, {}, { limit: 5 }, ctx),
          ],
          [
            'fdx.getStatementDocument',
            (ctx, id) => port('fdx').getStatementDocument(unknown, id, 'no-such-statement', ctx),
          ],
          [
            'fdx.listAssetTransferNetworks',
            (ctx, id) => port('fdx').listAssetTransferNetworks(unknown, id, { limit: 5 }, ctx),
          ],
        );
      }
      test.each(calls)(
        'when the customer is unknown, then %s rejects with CustomerNotFoundError (404)',
        async (label, fn) => {
          const accountId = await someAccount();
          let outcome: { resolved: true } | { resolved: false; err: unknown };
          try {
            await call(label, (ctx) => fn(ctx, accountId), { cacheable: false });
            outcome = { resolved: true };
          } catch (err) {
            outcome = { resolved: false, err };
          }
          if (outcome.resolved) fail(`${label} resolved for an unknown customer`);
          if (!(outcome.err instanceof CustomerNotFoundError))
            fail(
              `${label} rejected with ${describeThrown(outcome.err)}; expected CustomerNotFoundError from src/errors`,
            );
          expect(outcome.err.status).toBe(404);
          expect(outcome.err.code).toBe('GW_ERR_RES_CUSTOMER_NOT_FOUND');
        },
      );
    });

    // ---------------------------------------------------------------- per customer
    const customers: { id: string; role: 'with data' | 'second' | 'empty' }[] = [
      { id: fixtures.customerId, role: 'with data' },
      ...(fixtures.otherCustomerId
        ? [{ id: fixtures.otherCustomerId, role: 'second' as const }]
        : []),
      ...(fixtures.emptyCustomerId
        ? [{ id: fixtures.emptyCustomerId, role: 'empty' as const }]
        : []),
    ];
    for (const { id: customerId, role } of customers) {
      describeCustomer(customerId, role);
    }

    function describeCustomer(customerId: string, role: 'with data' | 'second' | 'empty'): void {
      const empty = role === 'empty';
      describe(`customer ${customerId} (${role})`, () => {
        test('when the authorisation list is asked for, then each item validates as the gateway presents it and ids are unique', async () => {
          const records: ShareableAccountRecord[] = await shareable(customerId);
          if (empty) expect(records).toEqual([]);
          else if (records.length === 0) fail(`the customer ${role} has no shareable accounts`);
          records.forEach((r, i) => {
            assertOnlyKeys(r, SHAREABLE_FIELDS, `listShareableAccounts[${i}]`);
            if (r.openStatus !== 'OPEN' && r.openStatus !== 'CLOSED')
              fail(
                `listShareableAccounts[${i}].openStatus is ${String(r.openStatus)}; expected OPEN or CLOSED`,
              );
            assertListExtras(r, `listShareableAccounts[${i}]`);
          });
          // Exactly what the gateway's row 1 does with the records.
          const presented = await new CommonService(
            { listShareableAccounts: async () => records },
            port('customer'),
          ).shareableAccounts(customerId, context());
          presented.accounts.forEach((a, i) =>
            assertContract('shareable-account', a, `authorisation list item ${i}`),
          );
          assertUnique(
            records.map((r) => r.accountId),
            'authorisation list account ids',
          );
        });

        test('when the authorisation list is asked for, then it holds exactly the banking then the energy accounts', async () => {
          const listed = (await shareable(customerId)).map((a) => a.accountId);
          const banking = await bankingIds(customerId);
          const energy = await energyIds(customerId);
          expect([...listed].sort()).toEqual([...banking, ...energy].sort());
          const lastBanking = Math.max(-1, ...banking.map((id) => listed.indexOf(id)));
          const firstEnergy = Math.min(listed.length, ...energy.map((id) => listed.indexOf(id)));
          if (lastBanking > firstEnergy)
            fail('an energy account is listed before a banking account');
        });

        test('when customer detail is asked for, then it validates against customer-detail', async () => {
          const detail = await once(`customer.getCustomerDetail(${customerId})`, (ctx) =>
            port('customer').getCustomerDetail(customerId, ctx),
          );
          assertContract('customer-detail', detail, 'getCustomerDetail');
        });

        test('when the same read is made twice, then both answers are equal (reads are repeatable)', async () => {
          const first = await call('authorisation.listShareableAccounts', (ctx) =>
            port('authorisation').listShareableAccounts(customerId, ctx),
          );
          const second = await call('authorisation.listShareableAccounts', (ctx) =>
            port('authorisation').listShareableAccounts(customerId, ctx),
          );
          expect(second).toEqual(first);
        });

        if (ports.has('banking')) describeBanking(customerId, empty);
        if (ports.has('energy')) describeEnergy(customerId, empty);
        if (ports.has('fdx')) {
          test("when FDX account info is asked for each of the customer's accounts, then it is there and well formed; an unknown account is null", async () => {
            const ids = (await shareable(customerId)).map((a) => a.accountId);
            for (const accountId of ids) {
              const info = await call(`fdx.getAccountInfo(${accountId})`, (ctx) =>
                port('fdx').getAccountInfo(customerId, accountId, ctx),
              );
              assertAccountInfo(info, `fdx.getAccountInfo of the customer's account ${accountId}`);
            }
            const missing = await call('fdx.getAccountInfo(unknown account)', (ctx) =>
              port('fdx').getAccountInfo(customerId, 'no-such-account-0f3c9', ctx),
            );
            expect(missing).toBeNull();
          });
        }
      });
    }

    function assertAccountInfo(info: FdxAccountInfo | null, where: string): void {
      if (info === null) fail(`${where} is null`);
      assertOnlyKeys(info, ['status', 'supportsFdx', 'supportsAssetTransferNetworks'], where);
      if (!['OPEN', 'CLOSED', 'RESTRICTED'].includes(info.status))
        fail(`${where}.status is ${String(info.status)}`);
      expect(typeof info.supportsFdx).toBe('boolean');
      expect(typeof info.supportsAssetTransferNetworks).toBe('boolean');
    }

    // ---------------------------------------------------------------- banking
    function describeBanking(customerId: string, empty: boolean): void {
      const banking = () => port('banking');
      /** Ids of the customer's banking accounts, at least one unless the customer is empty. */
      const ids = async (): Promise<string[]> => {
        const all = await bankingIds(customerId);
        if (!empty && all.length === 0) fail('the customer has no banking accounts');
        return all;
      };

      test('when banking accounts are listed, then each validates as version 4 (list and detail) and version 3, with unique ids', async () => {
        const accounts = await bankingAccounts(customerId);
        if (empty) expect(accounts).toEqual([]);
        accounts.forEach((a, i) => {
          const where = `banking.listAccounts[${i}]`;
          assertContract('banking-account-list-item-v4', a, where);
          assertContract('banking-account-v4', a, where);
          const v3 = toBankingAccountV3(a);
          assertContract('banking-account-list-item-v3', v3, `${where} as version 3`);
          assertContract('banking-account-v3', v3, `${where} as version 3`);
        });
        assertUnique(
          accounts.map((a) => a.accountId),
          'banking account ids',
        );
      });

      test('when banking accounts carry an account number, then maskedNumber and displayName never show it whole', async () => {
        for (const a of await bankingAccounts(customerId)) {
          const full = a.accountNumber?.replace(/[\s-]/g, '');
          if (!full || full.length < 5) continue;
          const compact = (s: string) => s.replace(/[\s-]/g, '');
          if (compact(a.maskedNumber).includes(full))
            fail(`account ${a.accountId}: maskedNumber shows the whole account number`);
          if (compact(a.displayName).includes(full))
            fail(`account ${a.accountId}: displayName shows the whole account number`);
        }
      });

      test('when balances are asked for, then they validate, one per account at most, only for the given ids', async () => {
        const all = await ids();
        if (all.length === 0) return;
        const balances = await call('banking.listBalances', (ctx) =>
          banking().listBalances(customerId, all, ctx),
        );
        balances.forEach((b, i) => assertContract('balance', b, `banking.listBalances[${i}]`));
        assertUnique(
          balances.map((b) => b.accountId),
          'balance account ids',
        );
        assertSubset(
          balances.map((b) => b.accountId),
          new Set(all),
          'balance account ids',
        );
        const subset = subsetOf(all);
        const some = await call('banking.listBalances(subset)', (ctx) =>
          banking().listBalances(customerId, subset, ctx),
        );
        assertSubset(
          some.map((b) => b.accountId),
          new Set(subset),
          'balance account ids',
        );
        expect(some.map((b) => b.accountId).sort()).toEqual(
          balances
            .map((b) => b.accountId)
            .filter((id) => subset.includes(id))
            .sort(),
        );
      });

      test('when direct debits are asked for, then they validate and belong to the given ids only', async () => {
        const all = await ids();
        if (all.length === 0) return;
        const debits = await call('banking.listDirectDebits', (ctx) =>
          banking().listDirectDebits(customerId, all, ctx),
        );
        debits.forEach((d, i) =>
          assertContract('direct-debit', d, `banking.listDirectDebits[${i}]`),
        );
        assertSubset(
          debits.map((d) => d.accountId),
          new Set(all),
          'direct debit account ids',
        );
        const subset = subsetOf(all);
        const some = await call('banking.listDirectDebits(subset)', (ctx) =>
          banking().listDirectDebits(customerId, subset, ctx),
        );
        assertSubset(
          some.map((d) => d.accountId),
          new Set(subset),
          'direct debit account ids',
        );
        expect(some.length).toBe(debits.filter((d) => subset.includes(d.accountId)).length);
      });

      test('when scheduled payments are asked for, then they validate, have unique ids, and come from the given ids only', async () => {
        const all = await ids();
        if (all.length === 0) return;
        const payments = await call('banking.listScheduledPayments', (ctx) =>
          banking().listScheduledPayments(customerId, all, ctx),
        );
        payments.forEach((p, i) =>
          assertContract('scheduled-payment', p, `banking.listScheduledPayments[${i}]`),
        );
        assertUnique(
          payments.map((p) => p.scheduledPaymentId),
          'scheduledPaymentIds',
        );
        assertSubset(
          payments.map((p) => p.from.accountId),
          new Set(all),
          'scheduled payment source accounts',
        );
        const subset = subsetOf(all);
        const some = await call('banking.listScheduledPayments(subset)', (ctx) =>
          banking().listScheduledPayments(customerId, subset, ctx),
        );
        assertSubset(
          some.map((p) => p.from.accountId),
          new Set(subset),
          'scheduled payment source accounts',
        );
        expect(some.map((p) => p.scheduledPaymentId).sort()).toEqual(
          payments
            .filter((p) => subset.includes(p.from.accountId))
            .map((p) => p.scheduledPaymentId)
            .sort(),
        );
      });

      test('when instalment plans are asked for, then the map is keyed by requested ids only and its plans validate', async () => {
        const all = await ids();
        if (all.length === 0) return;
        const plans = await call('banking.listInstalmentPlans', (ctx) =>
          banking().listInstalmentPlans(customerId, all, ctx),
        );
        if (!(plans instanceof Map)) fail('banking.listInstalmentPlans did not return a Map');
        assertSubset([...plans.keys()], new Set(all), 'instalment plan map keys');
        for (const [accountId, result] of plans) {
          if (result.supported !== true && result.supported !== false)
            fail(`instalment plans of ${accountId}: "supported" is not a boolean`);
          if (!result.supported) {
            assertOnlyKeys(result, ['supported'], `instalment plans of ${accountId}`);
            continue;
          }
          result.plans.forEach((p, i) => {
            assertContract('instalment-plan', p, `instalment plans of ${accountId}[${i}]`);
            if (p.accountId !== accountId)
              fail(`instalment plans of ${accountId}[${i}] carry accountId ${p.accountId}`);
          });
          assertUnique(
            result.plans.map((p) => p.planId),
            `planIds of ${accountId}`,
          );
        }
        const subset = subsetOf(all);
        const some = await call('banking.listInstalmentPlans(subset)', (ctx) =>
          banking().listInstalmentPlans(customerId, subset, ctx),
        );
        assertSubset([...some.keys()], new Set(subset), 'instalment plan map keys');
      });

      test('when payees are asked for, then they validate and have unique ids', async () => {
        const payees = await call('banking.listPayees', (ctx) =>
          banking().listPayees(customerId, ctx),
        );
        payees.forEach((p, i) => assertContract('payee', p, `banking.listPayees[${i}]`));
        assertUnique(
          payees.map((p) => p.payeeId),
          'payeeIds',
        );
      });
    }

    // ---------------------------------------------------------------- energy
    function describeEnergy(customerId: string, empty: boolean): void {
      const energy = () => port('energy');

      test('when energy accounts are listed, then each validates as the gateway presents it, with valid list extras and unique ids', async () => {
        const accounts = await energyAccounts(customerId);
        if (empty) expect(accounts).toEqual([]);
        accounts.forEach((a, i) => {
          const where = `energy.listAccounts[${i}]`;
          assertOnlyKeys(a, ENERGY_RECORD_FIELDS, where);
          assertContract('energy-account', presentEnergyAccount(a), where);
          assertListExtras(a, where);
        });
        assertUnique(
          accounts.map((a) => a.accountId),
          'energy account ids',
        );
      });

      test('when invoices are asked for in a window, then they validate, lie in it, and belong to the given ids only', async () => {
        const all = await energyIds(customerId);
        if (all.length === 0) {
          if (!empty) fail('the customer has no energy accounts');
          return;
        }
        const invoices = await call('energy.listInvoices', (ctx) =>
          energy().listInvoices(customerId, all, energyWindow, ctx),
        );
        invoices.forEach((inv, i) => {
          assertContract('energy-invoice', inv, `energy.listInvoices[${i}]`);
          if (inv.issueDate < energyWindow.oldest || inv.issueDate > energyWindow.newest)
            fail(`invoice ${inv.invoiceNumber} was issued ${inv.issueDate}, outside the window`);
        });
        assertSubset(
          invoices.map((inv) => inv.accountId),
          new Set(all),
          'invoice account ids',
        );
        // A narrower window answers exactly the wider answer's invoices that lie in it.
        const dates = invoices.map((inv) => inv.issueDate).sort();
        if (dates.length >= 3) {
          const narrow = {
            oldest: dates[Math.floor(dates.length / 3)]!,
            newest: dates[Math.floor((2 * dates.length) / 3)]!,
          };
          const some = await call('energy.listInvoices(narrow window)', (ctx) =>
            energy().listInvoices(customerId, all, narrow, ctx),
          );
          const key = (inv: { accountId: string; invoiceNumber: string }) =>
            `${inv.accountId}/${inv.invoiceNumber}`;
          expect(some.map(key).sort()).toEqual(
            invoices
              .filter((inv) => inv.issueDate >= narrow.oldest && inv.issueDate <= narrow.newest)
              .map(key)
              .sort(),
          );
        }
      });

      test('when concessions are asked for each account, then they validate', async () => {
        for (const accountId of await energyIds(customerId)) {
          const concessions = await call(`energy.listConcessions(${accountId})`, (ctx) =>
            energy().listConcessions(customerId, accountId, ctx),
          );
          concessions.forEach((c, i) =>
            assertContract('energy-concession', c, `energy.listConcessions(${accountId})[${i}]`),
          );
        }
      });
    }

    // ---------------------------------------------------------------- isolation
    if (fixtures.otherCustomerId) {
      const a = fixtures.customerId;
      const b = fixtures.otherCustomerId;
      describe('isolation between customers', () => {
        for (const [me, other] of [
          [a, b],
          [b, a],
        ] as const) {
          test(`when ${me}'s records are read, then none carries an account id exclusive to ${other}`, async () => {
            const foreign = await exclusiveIds(other, me);
            if (foreign.size === 0)
              fail(`${other} has no account of their own: the isolation check needs one`);
            const seen: [string, string][] = [];
            const note = (where: string, ids: readonly string[]) =>
              ids.forEach((id) => foreign.has(id) && seen.push([where, id]));
            note(
              'authorisation list',
              (await shareable(me)).map((r) => r.accountId),
            );
            if (ports.has('banking')) {
              const ids = await bankingIds(me);
              note('banking accounts', ids);
              if (ids.length > 0) {
                const bk = port('banking');
                note(
                  'balances',
                  (await call('b', (ctx) => bk.listBalances(me, ids, ctx))).map((x) => x.accountId),
                );
                note(
                  'direct debits',
                  (await call('d', (ctx) => bk.listDirectDebits(me, ids, ctx))).map(
                    (x) => x.accountId,
                  ),
                );
                note(
                  'scheduled payments',
                  (await call('s', (ctx) => bk.listScheduledPayments(me, ids, ctx))).map(
                    (x) => x.from.accountId,
                  ),
                );
                const plans = await call('p', (ctx) => bk.listInstalmentPlans(me, ids, ctx));
                note('instalment plans', [...plans.keys()]);
                note(
                  'instalment plans',
                  [...plans.values()].flatMap((r) =>
                    r.supported ? r.plans.map((p) => p.accountId) : [],
                  ),
                );
              }
            }
            if (ports.has('energy')) {
              const ids = await energyIds(me);
              note('energy accounts', ids);
              if (ids.length > 0) {
                const inv = await call('i', (ctx) =>
                  port('energy').listInvoices(me, ids, energyWindow, ctx),
                );
                note(
                  'invoices',
                  inv.map((x) => x.accountId),
                );
              }
            }
            expect(seen).toEqual([]);
          });
        }

        if (ports.has('fdx')) {
          test(`when ${a} asks FDX for an account exclusive to ${b}, then the answer is null`, async () => {
            const foreign = [...(await exclusiveIds(b, a))].slice(0, 10);
            if (foreign.length === 0)
              fail(`${b} has no account of their own: the isolation check needs one`);
            for (const accountId of foreign) {
              const info = await call('fdx.getAccountInfo(foreign)', (ctx) =>
                port('fdx').getAccountInfo(a, accountId, ctx),
              );
              if (info !== null)
                fail(
                  `fdx.getAccountInfo(${a}, ${accountId}) answered for another customer's account`,
                );
            }
          });
        }
      });
    }

    // ---------------------------------------------------------------- FDX
    if (ports.has('fdx') && fixtures.fdx) describeFdx(fixtures.fdx);

    function describeFdx(fdx: FdxFixtures): void {
      const customerId = fixtures.customerId;
      const accountId = fdx.accountId;
      const fdxPort = () => port('fdx');

      /** Walks every page of a window; checks each page's shape on the way. */
      const walkTransactions = async (window: Partial<DateWindow>, limit: number) => {
        const records: FdxTransaction[] = [];
        const totals = new Set<number | undefined>();
        let after: string | undefined;
        for (let pageNo = 1; ; pageNo += 1) {
          if (pageNo > 10_000) fail('the transaction walk never ended (more than 10 000 pages)');
          const page: FdxPage<FdxTransaction> = await call(
            `fdx.listTransactions page ${pageNo}`,
            (ctx) =>
              fdxPort().listTransactions(
                customerId,
                accountId,
                window,
                {
                  limit,
                  ...(after !== undefined ? { after } : {}),
                },
                ctx,
              ),
          );
          assertOnlyKeys(page, ['records', 'next', 'total'], `transactions page ${pageNo}`);
          if (page.records.length > limit)
            fail(
              `transactions page ${pageNo} holds ${page.records.length} records; the limit was ${limit}`,
            );
          page.records.forEach((t, i) =>
            assertContract('fdx-transaction', t, `transactions page ${pageNo}[${i}]`),
          );
          records.push(...page.records);
          totals.add(page.total);
          if (page.next === undefined) break;
          if (typeof page.next !== 'string' || page.next === '')
            fail(`transactions page ${pageNo}: next is not a non-empty string`);
          if (page.records.length === 0)
            fail(`transactions page ${pageNo} is empty but has a next page`);
          if (page.next === after) fail(`transactions page ${pageNo} repeats its own position key`);
          after = page.next;
        }
        return { records, totals };
      };

      const checkOrderAndWindow = (records: FdxTransaction[], window: Partial<DateWindow>) => {
        assertUnique(
          records.map((t) => t.transactionId),
          'transactionIds across pages',
        );
        for (let i = 1; i < records.length; i += 1) {
          if (postedMs(records[i]!) > postedMs(records[i - 1]!))
            fail(
              `transactions are not newest first: ${records[i - 1]!.transactionId} then ${records[i]!.transactionId}`,
            );
        }
        for (const t of records) {
          if (!inWindow(t, window))
            fail(
              `transaction ${t.transactionId} (${t.postedTimestamp ?? 'no postedTimestamp'}) lies outside the window ${JSON.stringify(window)}`,
            );
        }
      };

      let everything: FdxTransaction[] | undefined;
      const all = async () => {
        if (!everything) {
          const { records, totals } = await walkTransactions({}, pageLimit);
          checkOrderAndWindow(records, {});
          for (const total of totals) {
            if (total !== undefined && total !== records.length)
              fail(`transactions pages say total ${total}; the walk found ${records.length}`);
          }
          everything = records;
        }
        return everything;
      };

      describe(`FDX account ${accountId} of ${customerId}`, () => {
        test('when its account info is asked for, then the account has FDX data', async () => {
          const info = await call('fdx.getAccountInfo', (ctx) =>
            fdxPort().getAccountInfo(customerId, accountId, ctx),
          );
          assertAccountInfo(info, 'fdx.getAccountInfo');
          expect(info?.supportsFdx).toBe(true);
        });

        test(`when transactions are walked ${pageLimit} at a time, then pages hold no duplicates, are newest first, and the last has no next`, async () => {
          const records = await all();
          expect(records.length).toBeGreaterThanOrEqual(fdx.minTransactions ?? 1);
        });

        test('when transactions are read in one large page, then they are the walked ones in the same order', async () => {
          const records = await all();
          const limit = Math.min(1000, Math.max(records.length, 1));
          const page = await call('fdx.listTransactions (one page)', (ctx) =>
            fdxPort().listTransactions(customerId, accountId, {}, { limit }, ctx),
          );
          const ids = page.records.map((t) => t.transactionId);
          expect(ids).toEqual(records.slice(0, limit).map((t) => t.transactionId));
          if (records.length <= limit) expect(page.next).toBeUndefined();
        });

        test('when transactions are walked in a window, then exactly the transactions of those days come back, newest first', async () => {
          const posted = (await all()).filter((t) => postedMs(t) > -Infinity);
          if (posted.length < 3)
            fail('the account needs at least 3 posted transactions for the window check');
          const newest = dayOf(postedMs(posted[Math.floor(posted.length / 4)]!));
          const oldest = dayOf(postedMs(posted[Math.floor((3 * posted.length) / 4)]!));
          const window = { oldest, newest };
          const { records } = await walkTransactions(window, pageLimit);
          checkOrderAndWindow(records, window);
          expect(records.map((t) => t.transactionId)).toEqual(
            posted.filter((t) => inWindow(t, window)).map((t) => t.transactionId),
          );
          const open = await walkTransactions({ oldest }, pageLimit);
          checkOrderAndWindow(open.records, { oldest });
          expect(open.records.length).toBe(posted.filter((t) => inWindow(t, { oldest })).length);
        });

        test('when the window holds no transaction, then the page is empty and has no next', async () => {
          const page = await call('fdx.listTransactions (empty window)', (ctx) =>
            fdxPort().listTransactions(
              customerId,
              accountId,
              { oldest: '1901-01-01', newest: '1901-01-31' },
              { limit: pageLimit },
              ctx,
            ),
          );
          expect(page.records).toEqual([]);
          expect(page.next).toBeUndefined();
        });

        test("when statements are walked 2 at a time, then they validate, are newest first, unique, and every page's total counts them all", async () => {
          const records: Omit<FdxStatement, 'links'>[] = [];
          const totals = new Set<number>();
          let after: string | undefined;
          for (let pageNo = 1; ; pageNo += 1) {
            if (pageNo > 10_000) fail('the statement walk never ended');
            const page = await call(`fdx.listStatements page ${pageNo}`, (ctx) =>
              fdxPort().listStatements(
                customerId,
                accountId,
                {},
                { limit: 2, ...(after !== undefined ? { after } : {}) },
                ctx,
              ),
            );
            assertOnlyKeys(page, ['records', 'next', 'total'], `statements page ${pageNo}`);
            if (!Number.isInteger(page.total))
              fail(`statements page ${pageNo} has no integer total`);
            totals.add(page.total);
            if (page.records.length > 2)
              fail(`statements page ${pageNo} holds more than the limit`);
            page.records.forEach((s, i) => {
              const where = `statements page ${pageNo}[${i}]`;
              assertOnlyKeys(s, STATEMENT_FIELDS, where);
              if (s.accountId !== undefined && s.accountId !== accountId)
                fail(`${where} carries accountId ${s.accountId}`);
              assertContract('fdx-statement', presentStatement(accountId, s), where);
            });
            records.push(...page.records);
            if (page.next === undefined) break;
            if (page.records.length === 0)
              fail(`statements page ${pageNo} is empty but has a next page`);
            after = page.next;
          }
          assertUnique(
            records.map((s) => s.statementId),
            'statementIds across pages',
          );
          for (let i = 1; i < records.length; i += 1) {
            if (records[i]!.statementDate > records[i - 1]!.statementDate)
              fail(`statements are not newest first at ${records[i]!.statementId}`);
          }
          expect([...totals]).toEqual([records.length]);
          // A statement listed can be downloaded; an unknown one is null.
          const first = records[0];
          if (first) {
            const doc = await call(
              'fdx.getStatementDocument',
              (ctx) =>
                fdxPort().getStatementDocument(customerId, accountId, first.statementId, ctx),
              { cacheable: false },
            );
            if (!doc) fail(`statement ${first.statementId} is listed but has no document`);
            expect(typeof doc.contentType).toBe('string');
            let bytes = 0;
            for await (const chunk of doc.body) bytes += (chunk as Buffer).length;
            expect(bytes).toBeGreaterThan(0);
            if (doc.contentLength !== undefined) expect(doc.contentLength).toBe(bytes);
          }
          const none = await call(
            'fdx.getStatementDocument (unknown)',
            (ctx) =>
              fdxPort().getStatementDocument(customerId, accountId, 'no-such-statement-0f3c9', ctx),
            { cacheable: false },
          );
          expect(none).toBeNull();
        });

        if (fdx.minAssetTransferNetworks !== undefined) {
          const min = fdx.minAssetTransferNetworks;
          test('when asset transfer networks are walked 1 at a time, then they validate, do not repeat, and the last page has no next', async () => {
            const info = await call('fdx.getAccountInfo', (ctx) =>
              fdxPort().getAccountInfo(customerId, accountId, ctx),
            );
            expect(info).toMatchObject({ status: 'OPEN', supportsAssetTransferNetworks: true });
            const seen: string[] = [];
            let after: string | undefined;
            for (let pageNo = 1; ; pageNo += 1) {
              if (pageNo > 1000) fail('the asset transfer network walk never ended');
              const page = await call(`fdx.listAssetTransferNetworks page ${pageNo}`, (ctx) =>
                fdxPort().listAssetTransferNetworks(
                  customerId,
                  accountId,
                  { limit: 1, ...(after !== undefined ? { after } : {}) },
                  ctx,
                ),
              );
              if (page.records.length > 1)
                fail(`asset transfer networks page ${pageNo} holds more than the limit`);
              page.records.forEach((n, i) =>
                assertContract(
                  'fdx-asset-transfer-network',
                  n,
                  `asset transfer networks page ${pageNo}[${i}]`,
                ),
              );
              seen.push(...page.records.map((n) => JSON.stringify(n)));
              if (page.next === undefined) break;
              if (page.records.length === 0)
                fail(`asset transfer networks page ${pageNo} is empty but has a next page`);
              after = page.next;
            }
            assertUnique(seen, 'asset transfer networks');
            expect(seen.length).toBeGreaterThanOrEqual(min);
          });
        }
      });
    }

    // ---------------------------------------------------------------- products
    if (ports.has('products')) {
      describe('products', () => {
        test('when products are listed, then they validate, have unique ids, come by product_id, and a category filter narrows them', async () => {
          const products = await call('products.listProducts', (ctx) =>
            port('products').listProducts({}, ctx),
          );
          products.forEach((p, i) =>
            assertContract('product-summary', p, `products.listProducts[${i}]`),
          );
          const ids = products.map((p) => p.product_id);
          assertUnique(ids, 'product_ids');
          expect(ids).toEqual([...ids].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
          const category = products[0]?.product_category;
          if (category) {
            const some = await call('products.listProducts(category)', (ctx) =>
              port('products').listProducts({ productCategory: category }, ctx),
            );
            expect(some).toEqual(products.filter((p) => p.product_category === category));
          }
        });
      });
    }

    // ---------------------------------------------------------------- cancellation
    if (fixtures.abortsOnSignal) {
      describe('cancellation', () => {
        const cases: [string, (ctx: CallContext) => Promise<unknown>][] = [
          [
            'customer.getCustomerDetail',
            (ctx) => port('customer').getCustomerDetail(fixtures.customerId, ctx),
          ],
          [
            'authorisation.listShareableAccounts',
            (ctx) => port('authorisation').listShareableAccounts(fixtures.customerId, ctx),
          ],
        ];
        if (ports.has('banking'))
          cases.push([
            'banking.listAccounts',
            (ctx) => port('banking').listAccounts(fixtures.customerId, ctx),
          ]);
        if (ports.has('fdx') && fixtures.fdx) {
          const accountId = fixtures.fdx.accountId;
          cases.push([
            'fdx.listTransactions',
            (ctx) =>
              port('fdx').listTransactions(fixtures.customerId, accountId, {}, { limit: 5 }, ctx),
          ]);
        }
        test.each(cases)(
          'when the call signal is already aborted, then %s rejects',
          async (label, fn) => {
            let resolved = false;
            try {
              await call(label, fn, { aborted: true, cacheable: false });
              resolved = true;
            } catch (err) {
              if (err instanceof Error && err.message.includes('did not settle'))
                fail(`${label} ignored the aborted signal and hung`);
            }
            if (resolved)
              fail(
                `${label} resolved although its signal was aborted: pass ctx.signal to every request`,
              );
          },
        );
      });
    }

    // ---------------------------------------------------------------- shutdown (last)
    describe('shutdown', () => {
      test('when the gateway shuts down, then close() resolves', async () => {
        const a = adapter();
        closed = true;
        if (a.close) await expect(a.close()).resolves.toBeUndefined();
        if (a.isReady) expect(typeof a.isReady()).toBe('boolean');
      });
    });
  });
}
