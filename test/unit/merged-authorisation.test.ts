/** The authorisation list over several cores: merge order, unknown customers, outages, collisions. */
import pino from 'pino';
import {
  type AccountSource,
  accountSources,
  AccountIdCollisionError,
  mergedAccounts,
} from '../../src/core-call/fan-out/merged-accounts';
import { CoreTimeoutError, CoreUnavailableError, CustomerNotFoundError } from '../../src/errors';
import type { AuthorisationPort, CoreAdapter, ShareableAccountRecord } from '../../src/ports';
import { asMethod, ctx, instanceOf } from '../helpers/fan-out';
const logger = pino({ level: 'silent' });

const record = (accountId: string, industry?: 'banking' | 'energy'): ShareableAccountRecord => ({
  accountId,
  openStatus: 'OPEN',
  complexAccountType: 'INDIVIDUAL',
  users: [],
  ...(industry ? { industry } : {}),
});

/** A port answering per customer: records, or an error to throw. */
const port = (byCustomer: Record<string, ShareableAccountRecord[] | Error>): AuthorisationPort => ({
  async listShareableAccounts(customerId) {
    const answer = byCustomer[customerId] ?? new CustomerNotFoundError();
    if (answer instanceof Error) throw answer;
    return answer;
  },
});

const source = (
  id: string,
  families: ('banking' | 'energy')[],
  p: AuthorisationPort,
): AccountSource => ({
  id,
  families,
  holdsOthers: false,
  step: instanceOf(id, families, { id, authorisation: p } as unknown as CoreAdapter).step,
});

/** The merged list over `sources`, as the authorisation port a service calls. */
const mergedAuthorisation = (sources: AccountSource[], log: pino.Logger) => ({
  listShareableAccounts: asMethod<ShareableAccountRecord[]>(
    mergedAccounts(sources, log),
    'authorisation.listShareableAccounts',
  ),
});

const ids = (records: ShareableAccountRecord[]) => records.map((r) => r.accountId);

describe('the merged authorisation list', () => {
  const bank = port({ '1': [record('b2'), record('b1')], '2': [record('b3')] });
  const power = port({ '1': [record('e9'), record('e1')], '3': [record('e5')] });
  const merged = mergedAuthorisation(
    [source('bank', ['banking'], bank), source('power', ['energy'], power)],
    logger,
  );

  it('when both cores know the customer, then banking comes first, each in its core order', async () => {
    expect(ids(await merged.listShareableAccounts('1', ctx))).toEqual(['b2', 'b1', 'e9', 'e1']);
  });

  it('when one core knows the customer, then its accounts alone are the list', async () => {
    expect(ids(await merged.listShareableAccounts('2', ctx))).toEqual(['b3']);
    expect(ids(await merged.listShareableAccounts('3', ctx))).toEqual(['e5']);
  });

  it('when no core knows the customer, then Customer not found', async () => {
    await expect(merged.listShareableAccounts('9', ctx)).rejects.toBeInstanceOf(
      CustomerNotFoundError,
    );
  });

  it.each([
    ['unavailable', new CoreUnavailableError({ retryAfterSeconds: 7 })],
    ['too slow', new CoreTimeoutError()],
  ])('when one core is %s, then the list fails with its error, never partial', async (_, err) => {
    const down = mergedAuthorisation(
      [
        source('bank', ['banking'], bank),
        source('power', ['energy'], port({ '1': err, '3': err })),
      ],
      logger,
    );
    await expect(down.listShareableAccounts('1', ctx)).rejects.toBe(err);
    // Even where the other core does not know the customer: the down core may hold the accounts.
    await expect(down.listShareableAccounts('3', ctx)).rejects.toBe(err);
  });

  it('when two cores list the same account id, then the list is refused and both ids logged', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'error' }, { write: (l: string) => lines.push(l) });
    const clash = mergedAuthorisation(
      [
        source('bank', ['banking'], port({ '1': [record('1001')] })),
        source('power', ['energy'], port({ '1': [record('1001')] })),
      ],
      log,
    );
    const err = await clash.listShareableAccounts('1', ctx).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AccountIdCollisionError);
    expect(err).toMatchObject({ status: 500, expose: false });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ adapters: ['bank', 'power'] });
    expect(lines[0]).not.toContain('1001');
  });

  it('when a core holds accounts of a family another core serves, then those are left out', async () => {
    const both = port({ '1': [record('b1', 'banking'), record('e1', 'energy'), record('u1')] });
    const mixed = mergedAuthorisation(
      [
        { ...source('bank', ['banking'], both), holdsOthers: true },
        source('power', ['energy'], port({ '1': [record('e7')] })),
      ],
      logger,
    );
    expect(ids(await mixed.listShareableAccounts('1', ctx))).toEqual(['b1', 'u1', 'e7']);
  });
});

describe('the sources of the list', () => {
  /** A port with one method: enough for the instance to implement the port's family. */
  const some = { listAccounts: () => Promise.resolve([]) } as never;
  const adapter = (ports: Partial<CoreAdapter>): CoreAdapter =>
    ({ id: 'x', authorisation: port({}), customer: {}, ...ports }) as unknown as CoreAdapter;

  it('when one instance serves both account families, then it is asked once', () => {
    const demo = adapter({ banking: some, energy: some });
    const sources = accountSources([
      instanceOf('demo', ['banking', 'energy', 'common', 'fdx', 'products'], demo),
    ]);
    expect(sources.map((s) => [s.id, s.families, s.holdsOthers])).toEqual([
      ['demo', ['banking', 'energy'], false],
    ]);
  });

  it('when an instance with both ports serves only banking, then its list is narrowed', () => {
    const sources = accountSources([
      instanceOf('kraken', ['energy'], adapter({ energy: some })),
      instanceOf(
        'demo',
        ['banking', 'common', 'fdx', 'products'],
        adapter({ banking: some, energy: some }),
      ),
    ]);
    expect(sources.map((s) => [s.id, s.families, s.holdsOthers])).toEqual([
      ['demo', ['banking'], true],
      ['kraken', ['energy'], false],
    ]);
  });
});
