/**
 * The gateway's ids on one core instance's calls (src/ids/gateway-ids.ts): arguments turned into
 * the core's ids, answers into the gateway's, aliases followed both ways, and every id that names
 * nothing of the instance refused.
 */
import crypto from 'node:crypto';
import type { AliasLookup } from '../../src/ids/aliases';
import { IdCodec, type CoreRef, type IdKind } from '../../src/ids/id-codec';
import { OpaqueIds, RAW_IDS, UnknownIdError } from '../../src/ids/gateway-ids';

/** Aliases from a list of `kind`, `from`, `to`. */
function aliases(rows: [IdKind, string, string][]): AliasLookup & { asked: number } {
  const text = (r: CoreRef) => `${r.instance}:${r.id}`;
  const ref = (t: string): CoreRef => ({ instance: t.split(':')[0]!, id: t.split(':')[1]! });
  const lookup = {
    asked: 0,
    async find(kind: IdKind, refs: readonly CoreRef[], direction: 'forward' | 'backward') {
      lookup.asked += 1;
      return refs.map((r) => {
        const row = rows.find(
          ([k, from, to]) => k === kind && (direction === 'forward' ? from : to) === text(r),
        );
        return row ? ref(direction === 'forward' ? row[2] : row[1]) : undefined;
      });
    },
  };
  return lookup;
}

const key = crypto.randomBytes(32);
const refused: string[] = [];
const idsWith = (found: AliasLookup = aliases([]), instances?: string[]) =>
  new OpaqueIds({
    codec: new IdCodec(key),
    aliases: found,
    onRefused: (kind, reason) => refused.push(`${kind}:${reason}`),
    instances: instances && new Set(instances),
  });

describe('the ids of one instance', () => {
  const ids = idsWith();
  const core = ids.of('core');
  let customer: string;
  beforeAll(async () => {
    [customer] = await core.externalIds([{ kind: 'customer', id: 'c-1' }]);
  });

  it('when an answer names accounts, then each comes out as an opaque id, and back as the core id', async () => {
    const answer = [{ accountId: 'acc-1', balance: 1 }, { accountId: 'acc-2' }];
    const out = (await core.answer('banking.listBalances', [customer, ['x']], answer)) as {
      accountId: string;
    }[];
    expect(answer[0]!.accountId).toBe('acc-1'); // never changed: cached answers are shared
    expect(out[0]!.accountId).not.toBe('acc-1');
    expect(out[0]).toMatchObject({ balance: 1 });
    const args = await core.args('banking.listBalances', [customer, out.map((a) => a.accountId)]);
    expect(args).toEqual(['c-1', ['acc-1', 'acc-2']]);
  });

  it('when the same record is given to two customers, then each gets another id, unknown under the other', async () => {
    const [other] = await core.externalIds([{ kind: 'customer', id: 'c-2' }]);
    const [mine] = await core.externalIds([{ kind: 'account', id: 'joint', customer }]);
    const [theirs] = await core.externalIds([{ kind: 'account', id: 'joint', customer: other }]);
    expect(mine).not.toBe(theirs);
    expect(ids.rejects('account', mine!, other)).toBe('unauthentic');
    await expect(core.args('banking.listTransactions', [other, mine])).rejects.toBeInstanceOf(
      UnknownIdError,
    );
  });

  it('when an id is altered or made up, then it is refused and counted by reason', () => {
    refused.length = 0;
    const altered = `${customer.slice(0, -1)}${customer.endsWith('A') ? 'B' : 'A'}`;
    expect(ids.rejects('customer', altered)).toBeDefined();
    expect(ids.rejects('customer', 'c-1')).toBe('malformed');
    expect(ids.rejects('customer', customer)).toBeUndefined();
    expect(refused).toContain('customer:malformed');
  });

  it('when an account of another instance is named, then it is unknown here', async () => {
    const [elsewhere] = await ids
      .of('other')
      .externalIds([{ kind: 'account', id: 'acc-9', customer }]);
    refused.length = 0;
    const call = core.args('banking.listTransactions', [customer, elsewhere]);
    await expect(call).rejects.toMatchObject({ kind: 'account' });
    expect(refused).toEqual(['account:other-core']);
  });

  it('when a core answers for the call customer, then the customer keeps the id the call named them by', async () => {
    const kraken = ids.of('kraken');
    const identity = await kraken.answer('customer.getCustomerIdentity', [customer], {
      id: 'c-1',
      name: 'Jane',
    });
    expect(identity).toEqual({ id: customer, name: 'Jane' });
    expect(ids.customerKey(customer)).toBe('c-1');
    expect(ids.madeFrom('customer', customer)).toBe('c-1');
  });
});

describe('aliases of a core migration', () => {
  const lookup = aliases([
    ['customer', 'old:1', 'new:100500'],
    ['account', 'old:sav-1', 'new:10000183'],
  ]);
  const ids = idsWith(lookup, ['new']);

  it('when an id of the old core is named, then the new core is asked for its own record', async () => {
    const [customer] = await ids.of('old').externalIds([{ kind: 'customer', id: '1' }]);
    const [account] = await ids.of('old').externalIds([{ kind: 'account', id: 'sav-1', customer }]);
    const args = await ids.of('new').args('banking.listTransactions', [customer, account]);
    expect(args).toEqual(['100500', '10000183']);
  });

  it('when the new core answers with an aliased record, then it keeps the id the old one had', async () => {
    const [customer] = await ids.of('old').externalIds([{ kind: 'customer', id: '1' }]);
    const [before] = await ids.of('old').externalIds([{ kind: 'account', id: 'sav-1', customer }]);
    const [after] = await ids
      .of('new')
      .externalIds([{ kind: 'account', id: '10000183', customer }]);
    expect(after).toBe(before);
    const [unaliased] = await ids.of('new').externalIds([{ kind: 'customer', id: '100500' }]);
    expect(unaliased).toBe(customer);
  });

  it('when an old record has no alias, then it is unknown, customers of a retired core too', async () => {
    const [customer] = await ids.of('old').externalIds([{ kind: 'customer', id: '2' }]);
    const [account] = await ids.of('old').externalIds([{ kind: 'account', id: 'sav-2', customer }]);
    await expect(ids.of('new').args('banking.listPayees', [customer])).rejects.toMatchObject({
      kind: 'customer',
    });
    const [aliased] = await ids.of('old').externalIds([{ kind: 'customer', id: '1' }]);
    await expect(
      ids.of('new').args('banking.listTransactions', [aliased, account]),
    ).rejects.toBeInstanceOf(UnknownIdError);
  });

  it('when an FDX position of the old core is named, then it is unknown on the new one', async () => {
    const [customer] = await ids.of('old').externalIds([{ kind: 'customer', id: '1' }]);
    const [account] = await ids.of('old').externalIds([{ kind: 'account', id: 'sav-1', customer }]);
    const [cursor] = await ids.of('old').externalIds([{ kind: 'cursor', id: '25', customer }]);
    const call = ids
      .of('new')
      .args('fdx.listAssetTransferNetworks', [customer, account, { limit: 10, after: cursor }]);
    await expect(call).rejects.toMatchObject({ kind: 'cursor' });
  });
});

describe('raw ids', () => {
  it('when ids are raw, then nothing is refused or translated', async () => {
    expect(RAW_IDS.rejects('account', 'anything', 'c-1')).toBeUndefined();
    const answer = [{ accountId: 'acc-1' }];
    expect(await RAW_IDS.of('core').answer('banking.listBalances', ['c-1', []], answer)).toBe(
      answer,
    );
  });
});
