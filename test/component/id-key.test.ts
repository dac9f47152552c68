/**
 * The id key (src/ids/id-key.ts): read from its file in the documented forms, and kept to one
 * key per deployment by its fingerprint in a real Redis.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import {
  checkIdKeyFingerprint,
  idKeyFingerprint,
  IdKeyError,
  readIdKey,
} from '../../src/ids/id-key';
import { redisKeys } from '../../src/stores/redis-keys';
import { REDIS_URL, runId } from './platform-helpers';

const KEY = crypto.randomBytes(32);
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'id-key-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const keyFile = (name: string, content: string | Buffer) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
};

describe('the id key file', () => {
  it.each([
    ['raw bytes', KEY],
    ['hex with a newline', `${KEY.toString('hex')}\n`],
    ['base64', KEY.toString('base64')],
    ['base64url', KEY.toString('base64url')],
  ])('when it holds the key as %s, then the 32 bytes are read', (form, content) => {
    expect(Buffer.from(readIdKey(keyFile(form, content)))).toEqual(KEY);
  });

  it('when it holds anything else, or is missing, then the error names the file and what to do', () => {
    const short = keyFile('short', crypto.randomBytes(16));
    expect(() => readIdKey(short)).toThrow(IdKeyError);
    expect(() => readIdKey(short)).toThrow(`openssl rand -out ${short} 32`);
    expect(() => readIdKey(path.join(dir, 'absent'))).toThrow(/cannot be read/);
  });

  it('when a fingerprint is taken, then it shows nothing of the key', () => {
    const print = idKeyFingerprint(KEY);
    expect(print).toMatch(/^[0-9a-f]{32}$/);
    expect(KEY.toString('hex')).not.toContain(print.slice(0, 8));
    expect(idKeyFingerprint(crypto.randomBytes(32))).not.toBe(print);
  });
});

describe('one key per deployment', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1 });
  });
  afterAll(() => redis.quit());

  it('when a deployment starts with its key again, then it starts; with another key, then it is refused with a clear line', async () => {
    const keys = redisKeys({ namespace: `id-key-${runId()}` });
    await checkIdKeyFingerprint(redis, keys, KEY);
    await checkIdKeyFingerprint(redis, keys, Buffer.from(KEY));
    const other = crypto.randomBytes(32);
    const refused = checkIdKeyFingerprint(redis, keys, other);
    await expect(refused).rejects.toThrow(IdKeyError);
    await expect(checkIdKeyFingerprint(redis, keys, other)).rejects.toThrow(
      /another key than the one this deployment's ids were made with/,
    );
    expect(await redis.get(keys.key('ids', 'key-fingerprint'))).toBe(idKeyFingerprint(KEY));
    await redis.del(keys.key('ids', 'key-fingerprint'));
  });

  it('when another deployment shares the Redis, then its own key is its own', async () => {
    const [a, b] = [
      redisKeys({ namespace: `a-${runId()}` }),
      redisKeys({ namespace: `b-${runId()}` }),
    ];
    await checkIdKeyFingerprint(redis, a, KEY);
    await checkIdKeyFingerprint(redis, b, crypto.randomBytes(32));
    await redis.del(a.key('ids', 'key-fingerprint'), b.key('ids', 'key-fingerprint'));
  });
});
