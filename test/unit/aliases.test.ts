/**
 * The alias lookup over Redis (src/ids/aliases.ts): one round trip per batch, remembered for a
 * while, nothing asked per call of a kind without aliases, and a Redis that cannot answer a 503.
 */
import { AliasesUnavailableError, redisAliases } from '../../src/ids/aliases';
import { redisKeys } from '../../src/stores/redis-keys';

const keys = redisKeys({ namespace: 'aliases-test' });

/** A Redis of hashes that counts what it is asked. */
function fakeRedis(hashes: Record<string, Record<string, string>>) {
  const asked: string[] = [];
  return {
    asked,
    failing: false,
    async hlen(key: string) {
      asked.push('hlen');
      if (this.failing) throw new Error('connection lost');
      return Object.keys(hashes[key] ?? {}).length;
    },
    async hmget(key: string, ...fields: string[]) {
      asked.push(`hmget ${fields.length}`);
      return fields.map((f) => hashes[key]?.[f] ?? null);
    },
  };
}

describe('aliases in Redis', () => {
  const forward = keys.key('ids', 'alias', 'account', 'to');

  it('when a kind has no alias, then one HLEN answers every lookup for a while, then one more', async () => {
    const redis = fakeRedis({});
    let now = 0;
    const aliases = redisAliases(redis, keys, () => now);
    const ref = { instance: 'old', id: 'sav-1' };
    expect(await aliases.find('account', [ref], 'forward')).toEqual([undefined]);
    expect(await aliases.find('account', [ref, ref], 'forward')).toEqual([undefined, undefined]);
    expect(redis.asked).toEqual(['hlen']);
    now = 31_000;
    await aliases.find('account', [ref], 'forward');
    expect(redis.asked).toEqual(['hlen', 'hlen']);
  });

  it('when aliases exist, then a batch is one HMGET and each answer is remembered', async () => {
    const redis = fakeRedis({ [forward]: { 'old:sav-1': 'new:10000183' } });
    const aliases = redisAliases(redis, keys, () => 0);
    const refs = [
      { instance: 'old', id: 'sav-1' },
      { instance: 'old', id: 'sav-2' },
    ];
    expect(await aliases.find('account', refs, 'forward')).toEqual([
      { instance: 'new', id: '10000183' },
      undefined,
    ]);
    await aliases.find('account', refs, 'forward');
    expect(redis.asked).toEqual(['hlen', 'hmget 2']);
  });

  it('when Redis cannot answer, then the lookup is refused as unavailable (503)', async () => {
    const redis = fakeRedis({});
    redis.failing = true;
    const aliases = redisAliases(redis, keys, () => 0);
    const lookup = aliases.find('customer', [{ instance: 'old', id: '1' }], 'backward');
    await expect(lookup).rejects.toBeInstanceOf(AliasesUnavailableError);
    await expect(lookup).rejects.toMatchObject({ status: 503, retryAfterSeconds: 1 });
  });
});
