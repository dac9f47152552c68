/**
 * `data-holder-gateway ids`: alias files imported into the real Redis (a namespace of its own per
 * test) after the whole file is checked, listed and exported as files that import back; id
 * exports of the demo core's records, each external id decoding to the core record it is listed
 * beside; new id keys; usage and exit codes, and the command line as a user runs it.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Redis from 'ioredis';
import { idsCommand } from '../../src/cli/ids';
import { readAliasFile } from '../../src/ids/alias-file';
import { aliasHash } from '../../src/ids/aliases';
import { csvFields } from '../../src/ids/csv';
import { EXTERNAL_ID_PATTERN, ID_KINDS, IdCodec, type IdKind } from '../../src/ids/id-codec';
import { readIdKey } from '../../src/ids/id-key';
import { DEV_ID_KEY_FILE } from '../../src/ids/ids-of-config';
import { redisKeys } from '../../src/stores/redis-keys';

const ROOT = path.resolve(__dirname, '../..');
const REDIS_URL = process.env.REDIS_URL_TEST ?? 'redis://127.0.0.1:6379';
const SAMPLE = JSON.parse(
  fs.readFileSync(path.join(ROOT, 'adapters/demo/data/sample.json'), 'utf8'),
) as {
  customers: {
    customerId: string;
    bankingAccounts?: { accountId: string }[];
    energyAccounts?: { accountId: string }[];
  }[];
};

function capture(stdin = '') {
  const out: string[] = [];
  const err: string[] = [];
  const io = {
    out: (l: string) => out.push(l),
    err: (l: string) => err.push(l),
    input: async () => stdin,
  };
  return { io, out, err };
}

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-ids-'));

/** A file of `text` in a new folder. */
function fileOf(text: string, name = 'aliases.csv'): string {
  const file = path.join(tempDir(), name);
  fs.writeFileSync(file, text);
  return file;
}

describe('ids alias', () => {
  let redis: Redis;
  let namespace: string;
  let env: Record<string, string>;
  const hash = (kind: IdKind, direction: 'forward' | 'backward') =>
    aliasHash(redisKeys({ namespace }), kind, direction);
  const stored = async () => redis.keys(`dhg:${namespace}:*`);
  const run = async (args: string[], stdin = '') => {
    const c = capture(stdin);
    return { code: await idsCommand(args, c.io, env), out: c.out, err: c.err };
  };

  beforeAll(() => {
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  });
  beforeEach(() => {
    namespace = `dhg-test-ids-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
    env = {
      CORE_ADAPTER: 'demo',
      REDIS_URL,
      REDIS_KEY_NAMESPACE: namespace,
      LOG_LEVEL: 'silent',
      DEV_KEYS_DIR: tempDir(),
    };
  });
  afterEach(async () => {
    const keys = await stored();
    if (keys.length > 0) await redis.del(...keys);
  });
  afterAll(async () => {
    await redis.quit();
  });

  const GOOD = [
    'kind,from,to',
    'account,fineract:A-1,temenos:AA-0001',
    'account,fineract:A-2,temenos:AA-0002',
    'customer,fineract:C-9,temenos:190001',
    '',
    'account,fineract:A-1,temenos:AA-0001',
  ].join('\n');

  it('when a good file is imported, then each alias lands both ways; a second import writes nothing new', async () => {
    const file = fileOf(GOOD);
    expect(await run(['alias', 'import', file])).toEqual({
      code: 0,
      out: ['imported 3 aliases (0 already there)'],
      err: [],
    });
    expect(await redis.hgetall(hash('account', 'forward'))).toEqual({
      'fineract:A-1': 'temenos:AA-0001',
      'fineract:A-2': 'temenos:AA-0002',
    });
    expect(await redis.hgetall(hash('account', 'backward'))).toEqual({
      'temenos:AA-0001': 'fineract:A-1',
      'temenos:AA-0002': 'fineract:A-2',
    });
    expect(await redis.hgetall(hash('customer', 'backward'))).toEqual({
      'temenos:190001': 'fineract:C-9',
    });
    const again = await run(['alias', 'import', file]);
    expect(again.out).toEqual(['imported 0 aliases (3 already there)']);
    expect((await stored()).sort()).toHaveLength(4);
  });

  it('when a file has bad rows, then exit 1 names each by its line and nothing is written', async () => {
    const file = fileOf(
      [
        'kind,from,to',
        'account,fineract:A-1,temenos:AA-0001',
        'acount,fineract:A-3,temenos:AA-0003',
        'account,A-4,temenos:AA-0004',
        'account,fineract:,temenos:AA-0005',
        'payee,fineract:P-1,fineract:P-1',
        'account,fineract:A-1,temenos:AA-0009',
        'account,fineract:A-7,temenos:AA-0001',
        'account,fineract:A-8',
        'account,"fineract:A-9,temenos:AA-9',
      ].join('\n'),
    );
    const { code, out, err } = await run(['alias', 'import', file]);
    expect({ code, out }).toEqual({ code: 1, out: [] });
    expect(err).toEqual([
      expect.stringMatching(/^line 3: unknown kind \(kinds: customer, account, payee, /),
      'line 4: from is not <core instance id>:<core id> (an instance id is lower-case letters, digits and dashes)',
      'line 5: from is not <core instance id>:<core id> (an instance id is lower-case letters, digits and dashes)',
      'line 6: from and to are the same',
      'line 7: its from is given another to on line 2',
      'line 8: its to is given another from on line 2',
      'line 9: expected 3 fields (kind,from,to), found 2',
      'line 10: a quote is not closed',
      'nothing was imported (8 problems)',
    ]);
    expect(await stored()).toEqual([]);
  });

  it('when a file contradicts an alias in Redis, then exit 1 names the line and nothing of the file is written', async () => {
    expect((await run(['alias', 'import', fileOf(GOOD)])).code).toBe(0);
    const before = await redis.hgetall(hash('account', 'forward'));
    const file = fileOf(
      [
        'account,fineract:A-5,temenos:AA-0005',
        'account,fineract:A-1,temenos:AA-0099',
        'account,fineract:A-6,temenos:AA-0002',
        'account,temenos:AA-0002,fineract:A-2',
      ].join('\n'),
    );
    const { code, err } = await run(['alias', 'import', file]);
    expect(code).toBe(1);
    expect(err).toEqual([
      'line 2: its from is an alias of another to in Redis already',
      'line 3: its to is the alias of another from in Redis already',
      'line 4: its alias chain leads back to its from',
      'nothing was imported (3 problems)',
    ]);
    expect(await redis.hgetall(hash('account', 'forward'))).toEqual(before);
    expect(await redis.hexists(hash('account', 'backward'), 'temenos:AA-0005')).toBe(0);
  });

  it('when aliases are exported and imported elsewhere, then the listing is the same, ids with commas and quotes included', async () => {
    const odd = 'account,"fineract:A,1","temenos:AA ""7"""\nplan,fineract:P:1,temenos:PL-1\n';
    expect((await run(['alias', 'import', fileOf(GOOD + '\n' + odd)])).code).toBe(0);
    const listed = await run(['alias', 'list']);
    expect(listed.code).toBe(0);
    expect(listed.err).toEqual(['5 aliases']);
    expect(listed.out).toEqual([
      'kind,from,to',
      'customer,fineract:C-9,temenos:190001',
      'account,"fineract:A,1","temenos:AA ""7"""',
      'account,fineract:A-1,temenos:AA-0001',
      'account,fineract:A-2,temenos:AA-0002',
      'plan,fineract:P:1,temenos:PL-1',
    ]);
    const file = path.join(tempDir(), 'exported.csv');
    const exported = await run(['alias', 'export', file]);
    expect(exported.out).toEqual([`wrote 5 aliases to ${file}`]);
    expect(fs.readFileSync(file, 'utf8')).toBe(`${listed.out.join('\n')}\n`);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect((await run(['alias', 'import', file])).out).toEqual([
      'imported 0 aliases (5 already there)',
    ]);
    expect((await run(['alias', 'export'])).out).toEqual(listed.out);

    const first = namespace;
    namespace = `${first}-copy`;
    env = { ...env, REDIS_KEY_NAMESPACE: namespace };
    try {
      expect((await run(['alias', 'import', '-'], fs.readFileSync(file, 'utf8'))).out).toEqual([
        'imported 5 aliases (0 already there)',
      ]);
      expect((await run(['alias', 'list'])).out).toEqual(listed.out);
    } finally {
      await redis.del(...(await stored()));
      namespace = first;
    }
  });

  it('when a file is only checked, then what would be imported is said and nothing is written', async () => {
    const { code, out } = await run(['alias', 'import', '--check', fileOf(GOOD)]);
    expect({ code, out }).toEqual({
      code: 0,
      out: ['3 aliases to import (0 already there); nothing written'],
    });
    expect(await stored()).toEqual([]);
  });

  it('when no Redis is configured, then exit 2 says aliases live in Redis', async () => {
    const { REDIS_URL: _url, ...without } = env;
    env = without as typeof env;
    for (const args of [
      ['alias', 'import', fileOf(GOOD)],
      ['alias', 'list'],
    ]) {
      const { code, err } = await run(args);
      expect({ code, err }).toEqual({
        code: 2,
        err: [
          'aliases are kept in Redis: set REDIS_URL (or a Redis Cluster or Sentinel) as the gateway has it',
        ],
      });
    }
  });

  it('when an alias file is not there, then exit 1 names it', async () => {
    const missing = path.join(tempDir(), 'missing.csv');
    expect(await run(['alias', 'import', missing])).toEqual({
      code: 1,
      out: [],
      err: [`${missing} cannot be read (ENOENT)`],
    });
  });
});

describe('alias files', () => {
  it('when fields are quoted, padded or empty, then they read as CSV does', () => {
    expect(csvFields('a, b ,"c, d"," e ",""')).toEqual(['a', 'b', 'c, d', ' e ', '']);
    expect(csvFields('a,"b""c"')).toEqual(['a', 'b"c']);
    expect(csvFields('a,"b"c')).toBeUndefined();
    expect(csvFields('a,')).toEqual(['a', '']);
  });

  it('when a file has a header, CRLF line ends and a BOM, then its aliases are read with their lines', () => {
    const { aliases, problems } = readAliasFile(
      '\uFEFFKind,From,To\r\n\r\nstatement,old:S1,new:S1\r\n',
    );
    expect(problems).toEqual([]);
    expect(aliases).toEqual([
      {
        kind: 'statement',
        from: { instance: 'old', id: 'S1' },
        to: { instance: 'new', id: 'S1' },
        line: 3,
      },
    ]);
  });
});

describe('ids new-key', () => {
  it('when a key is written, then it is 64 hex digits, mode 0600, a key the gateway reads; a second write is refused', async () => {
    const file = path.join(tempDir(), 'id.key');
    const c = capture();
    expect(await idsCommand(['new-key', file], c.io, {})).toBe(0);
    expect(c.out).toEqual([`wrote ${file}; set ID_KEY_FILE=${file} and back the file up`]);
    const written = fs.readFileSync(file, 'utf8');
    expect(written).toMatch(/^[0-9a-f]{64}\n$/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(readIdKey(file)).toHaveLength(32);

    const again = capture();
    expect(await idsCommand(['new-key', file], again.io, {})).toBe(1);
    expect(again.err).toEqual([
      `${file} exists already; it is not overwritten (a key in use must never change)`,
    ]);
    expect(fs.readFileSync(file, 'utf8')).toBe(written);
  });
});

describe('ids export', () => {
  // A customer of several accounts, each their own (no joint holder: one customer row).
  const customer = SAMPLE.customers.find((c) => c.customerId === 'c-1002')!;
  const accounts = [...(customer.bankingAccounts ?? []), ...(customer.energyAccounts ?? [])].map(
    (a) => `demo:${a.accountId}`,
  );
  const namespace = `dhg-test-ids-export-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  const keysDir = tempDir();
  const env = (encoding: string) => ({
    CORE_ADAPTER: 'demo',
    ID_ENCODING: encoding,
    DEV_KEYS_DIR: keysDir,
    REDIS_URL,
    REDIS_KEY_NAMESPACE: namespace,
    LOG_LEVEL: 'silent',
  });
  const rowsOf = (out: string[]) =>
    out.slice(1).map((l) => csvFields(l) as [IdKind, string, string]);

  afterAll(async () => {
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    const keys = await redis.keys(`dhg:${namespace}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it("when a demo customer's ids are exported, then the customer and their accounts are listed, each id decoding to its core record", async () => {
    const c = capture();
    expect(
      await idsCommand(['export', '--customer', customer.customerId], c.io, env('opaque')),
    ).toBe(0);
    expect(c.out[0]).toBe('kind,external id,core ref');
    const rows = rowsOf(c.out);
    const [kind, customerId, ref] = rows[0]!;
    expect([kind, ref]).toEqual(['customer', `demo:${customer.customerId}`]);
    expect(
      rows
        .filter(([k]) => k === 'account')
        .map(([, , r]) => r)
        .sort(),
    ).toEqual(accounts.sort());
    expect(new Set(rows.map(([k]) => k))).toEqual(
      new Set(['customer', 'account', 'payee', 'scheduled-payment', 'plan', 'transaction']),
    );
    const codec = new IdCodec(readIdKey(path.join(keysDir, DEV_ID_KEY_FILE)));
    for (const [k, external, coreRef] of rows) {
      expect(external).toMatch(EXTERNAL_ID_PATTERN);
      const decoded = codec.decode(k, external, k === 'customer' ? undefined : customerId);
      expect(decoded).toEqual({ instance: 'demo', id: coreRef.slice('demo:'.length) });
    }
    const order = (r: [IdKind, string, string]) => `${ID_KINDS.indexOf(r[0])}\u0000${r[1]}`;
    expect(rows.map(order)).toEqual(rows.map(order).sort());
    expect(new Set(c.out).size).toBe(c.out.length);
  });

  it("when a customer's accounts have another holder, then that holder is listed with the id they have as a customer", async () => {
    const joint = capture();
    expect(await idsCommand(['export', '--customer', 'c-1001'], joint.io, env('opaque'))).toBe(0);
    const own = capture();
    expect(await idsCommand(['export', '--customer', 'c-1002'], own.io, env('opaque'))).toBe(0);
    const customerRow = (out: string[], id: string) =>
      rowsOf(out).find(([k, , r]) => k === 'customer' && r === `demo:${id}`);
    expect(customerRow(joint.out, 'c-1002')).toEqual(customerRow(own.out, 'c-1002'));
    expect(customerRow(joint.out, 'c-1001')).toBeDefined();
  });

  it('when customer ids come on stdin, one refused and one no core knows, then the others are listed and exit 1 names it', async () => {
    const c = capture(`${customer.customerId}\n\nc-2002\nno-such-customer\n`);
    expect(await idsCommand(['export'], c.io, env('opaque'))).toBe(1);
    expect(c.err).toEqual([
      'customer c-2002: core demo refuses to share their data; their records there are not listed',
      'customer no-such-customer: no configured core knows them',
    ]);
    const customers = rowsOf(c.out).filter(([k]) => k === 'customer');
    expect(customers.map(([, , ref]) => ref).sort()).toEqual([
      `demo:${customer.customerId}`,
      'demo:c-2002',
    ]);
  });

  it('when ids are raw, then each external id is the core id', async () => {
    const c = capture();
    expect(await idsCommand(['export', '--customer', customer.customerId], c.io, env('raw'))).toBe(
      0,
    );
    const rows = rowsOf(c.out);
    expect(rows.length).toBeGreaterThan(accounts.length);
    for (const [, external, ref] of rows) expect(`demo:${external}`).toBe(ref);
  });

  it('when no customer is given, then exit 2 says how to give one', async () => {
    const c = capture('\n');
    expect(await idsCommand(['export'], c.io, env('opaque'))).toBe(2);
    expect(c.err).toEqual([
      'no customer: give --customer <core customer id>, or core customer ids on stdin, one a line',
    ]);
  });
});

describe('ids usage', () => {
  it.each([
    [['--help'], 'usage: data-holder-gateway ids <command>'],
    [['alias', '--help'], 'usage: data-holder-gateway ids alias <command>'],
    [['alias', 'import', '--help'], 'usage: data-holder-gateway ids alias <command>'],
    [
      ['export', '--help'],
      'usage: data-holder-gateway ids export [--customer <core customer id>]...',
    ],
    [['new-key', '--help'], 'usage: data-holder-gateway ids new-key <file>'],
  ])(
    'when asked %j, then the usage with its exit codes is printed (exit 0)',
    async (args, first) => {
      const c = capture();
      expect(await idsCommand(args, c.io, {})).toBe(0);
      expect(c.out[0]!.split('\n')[0]).toBe(first);
      expect(c.out[0]).toMatch(/Exit codes: 0 /);
    },
  );

  it.each([
    [[]],
    [['rename']],
    [['alias']],
    [['alias', 'import']],
    [['alias', 'list', 'x']],
    [['new-key']],
    [['export', '--bogus']],
  ])('when given %j, then it is usage (exit 2)', async (args) => {
    const c = capture();
    expect(await idsCommand(args, c.io, { CORE_ADAPTER: 'demo', LOG_LEVEL: 'silent' })).toBe(2);
    expect(c.err.join('\n')).toMatch(/usage: data-holder-gateway ids/);
  });

  it('when a user runs the command line from the clone, then ids --help answers (exit 0)', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(ROOT, 'scripts/run-cli.cjs'), 'ids', '--help'],
      { cwd: ROOT },
    );
    expect(stdout).toMatch(/^usage: data-holder-gateway ids <command>\n/);
    expect(stdout).toMatch(/Exit codes: 0 done, 1 bad input or refused/);
  }, 60_000);
});
