/**
 * What every part of the contract suite shares: the adapter under test, bounded calls whose
 * results must survive the gateway's cache, and the customer's accounts read once.
 */
import type {
  BankingAccountRecord,
  CallContext,
  CoreAdapter,
  DateWindow,
  EnergyAccountRecord,
  ShareableAccountRecord,
} from '../ports';
import { deserialize, serialize } from './cache-round-trip';
import { fail, notPlainData } from './checks';
import type { ContractCheck } from './check-names';
import {
  type AdapterContractFixtures,
  type AdapterContractOptions,
  type AdapterUnderTest,
  type FdxFixtures,
  OPTIONAL_PORTS,
  type OPTIONAL_PORT_METHODS,
  type OptionalPort,
  type PORT_METHODS,
} from './options';

/** A port with optional methods. */
type PortWithOptional = keyof typeof OPTIONAL_PORT_METHODS;
/** An optional method of port `P`. */
type OptionalMethod<P extends PortWithOptional> = (typeof OPTIONAL_PORT_METHODS)[P][number] &
  keyof NonNullable<CoreAdapter[P]>;

export class ContractHarness {
  readonly name: string;
  readonly fixtures: AdapterContractFixtures;
  readonly ports: ReadonlySet<OptionalPort>;
  /** Longest wait for one port call, milliseconds. */
  readonly callTimeoutMs: number;
  /** Page size of the FDX paging checks. */
  readonly pageLimit: number;
  /** Invoice window of the energy checks. */
  readonly energyWindow: DateWindow;
  /** What `setup` produced (set in `beforeAll`). */
  underTest: AdapterUnderTest | undefined;
  /** Whether the shutdown check closed the adapter. */
  closed = false;
  private requestCount = 0;
  private readonly memo = new Map<string, Promise<unknown>>();
  private readonly counts = new Map<ContractCheck, number>();

  constructor(options: AdapterContractOptions) {
    const { name, fixtures } = options;
    this.name = name;
    this.fixtures = fixtures;
    this.ports = new Set(options.ports);
    for (const p of this.ports) {
      if (!OPTIONAL_PORTS.includes(p)) throw new Error(`${name}: unknown port "${p}" in ports`);
    }
    if (this.ports.has('fdx') && !fixtures.fdx)
      throw new Error(
        `${name}: the adapter serves fdx, so fixtures.fdx (an FDX account) is required`,
      );
    this.callTimeoutMs = fixtures.callTimeoutMs ?? 10_000;
    this.pageLimit = fixtures.fdx?.pageLimit ?? 7;
    this.energyWindow = fixtures.energyWindow ?? { oldest: '2000-01-01', newest: '2099-12-31' };
  }

  adapter(): CoreAdapter {
    return this.underTest?.adapter ?? fail(`${this.name}: setup did not produce an adapter`);
  }

  port<P extends keyof typeof PORT_METHODS>(p: P): NonNullable<CoreAdapter[P]> {
    return this.adapter()[p] ?? fail(`${this.name}: the adapter does not expose the ${p} port`);
  }

  /**
   * The optional method of a port, bound to its port; undefined when the adapter leaves it out
   * (or does not serve the port), and then the checks of that method have nothing to check.
   */
  optional<P extends PortWithOptional, M extends OptionalMethod<P>>(
    p: P,
    method: M,
  ): NonNullable<CoreAdapter[P]>[M] | undefined {
    if (p !== 'customer' && !this.ports.has(p as OptionalPort)) return undefined;
    const port = this.adapter()[p] as Record<string, unknown> | undefined;
    const fn = port?.[method];
    return typeof fn === 'function'
      ? ((fn as (...args: unknown[]) => unknown).bind(port) as NonNullable<CoreAdapter[P]>[M])
      : undefined;
  }

  /**
   * Marks `check` as run (with nothing checked yet) and returns how to add what it checked:
   * records, calls or accounts. Several tests of one check add to one count.
   */
  tally(check: ContractCheck): (checked?: number) => void {
    this.counts.set(check, this.counts.get(check) ?? 0);
    return (checked = 1) => this.counts.set(check, (this.counts.get(check) ?? 0) + checked);
  }

  /** What each check that ran has counted so far. */
  tallies(): ReadonlyMap<ContractCheck, number> {
    return this.counts;
  }

  /** A fresh context; `signal` is the caller's (never aborted unless `aborted`). */
  context(aborted = false): CallContext {
    const controller = new AbortController();
    if (aborted) controller.abort(new Error('aborted by the contract suite'));
    this.requestCount += 1;
    return { signal: controller.signal, requestId: `adapter-contract-${this.requestCount}` };
  }

  /** One port call, bounded in time; its result must survive the gateway's cache unchanged. */
  async call<T>(
    label: string,
    fn: (ctx: CallContext) => Promise<T>,
    options: { cacheable?: boolean; aborted?: boolean } = {},
  ): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${label} did not settle within ${this.callTimeoutMs} ms`)),
        this.callTimeoutMs,
      );
    });
    try {
      const value = await Promise.race([fn(this.context(options.aborted)), hung]);
      if (options.cacheable !== false) {
        const problem = notPlainData(value, label, true);
        if (problem) fail(`${problem}: the gateway caches results as JSON, so return plain data`);
        expect(deserialize(serialize({ value, storedAt: 0 })).value).toEqual(value);
      }
      return value;
    } finally {
      clearTimeout(timer);
    }
  }

  /** A call made once and shared by the checks that read its result. */
  once<T>(label: string, fn: (ctx: CallContext) => Promise<T>): Promise<T> {
    let p = this.memo.get(label) as Promise<T> | undefined;
    if (!p) {
      p = this.call(label, fn);
      this.memo.set(label, p);
    }
    return p;
  }

  shareable(customerId: string): Promise<ShareableAccountRecord[]> {
    return this.once(`authorisation.listShareableAccounts(${customerId})`, (ctx) =>
      this.port('authorisation').listShareableAccounts(customerId, ctx),
    );
  }

  bankingAccounts(customerId: string): Promise<BankingAccountRecord[]> {
    return this.ports.has('banking')
      ? this.once(`banking.listAccounts(${customerId})`, (ctx) =>
          this.port('banking').listAccounts(customerId, ctx),
        )
      : Promise.resolve([]);
  }

  energyAccounts(customerId: string): Promise<EnergyAccountRecord[]> {
    return this.ports.has('energy')
      ? this.once(`energy.listAccounts(${customerId})`, (ctx) =>
          this.port('energy').listAccounts(customerId, ctx),
        )
      : Promise.resolve([]);
  }

  async bankingIds(customerId: string): Promise<string[]> {
    return (await this.bankingAccounts(customerId)).map((a) => a.accountId);
  }

  async energyIds(customerId: string): Promise<string[]> {
    return (await this.energyAccounts(customerId)).map((a) => a.accountId);
  }

  /** Ids of `of`'s accounts that `customerId` does not also hold (joint accounts excepted). */
  async exclusiveIds(of: string, customerId: string): Promise<Set<string>> {
    const mine = new Set((await this.shareable(customerId)).map((a) => a.accountId));
    return new Set(
      (await this.shareable(of)).map((a) => a.accountId).filter((id) => !mine.has(id)),
    );
  }

  /** Every other account id, at least one: the subset a "given ids" check asks for. */
  subsetOf(ids: readonly string[]): string[] {
    return ids.filter((_, i) => i % 2 === 0);
  }
}

/** What the FDX checks of the fixture account share. */
export interface FdxScope {
  h: ContractHarness;
  fdx: FdxFixtures;
  customerId: string;
  accountId: string;
}
