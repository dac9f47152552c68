/**
 * `data-holder-gateway check` says what `serve` will say: for each bad configuration, the built
 * command line run as a child process refuses under both commands, with exit 1 and the same lines
 * on stderr, every problem at once, each named by the variable the operator set.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildOnce } from '../helpers/build-once';
import { platformFilesForTests } from '../helpers/gateway';

const ROOT = path.resolve(__dirname, '../..');
const CLI = path.join(ROOT, 'dist', 'src', 'cli', 'main.js');

const FINERACT = {
  CORE_ADAPTER: 'fineract',
  FINERACT_BASE_URL: 'http://127.0.0.1:9/fineract-provider/api',
  FINERACT_USERNAME: 'mifos',
  FINERACT_PASSWORD: 'password',
};
const PLATFORM_TOKENS = {
  HOLDER_SUBDOMAIN: 'bank',
  HOLDER_JWKS_URL: 'http://127.0.0.1:9/jwks.json',
};
/** What a real core without ID_KEY_FILE (opaque ids, its default) is refused with. */
const ID_KEY_FILE_REQUIRED =
  "ID_KEY_FILE: required with opaque ids (the default unless CORE_ADAPTER is demo) unless HOLDER_DEV_KEYS=true; make one with `openssl rand -out id.key 32` and back it up, or set ID_ENCODING=raw to hand out the cores' own ids";

/** An adapter module whose banking port lacks every method but listAccounts. */
const PARTIAL_ADAPTER = `module.exports = {
  id: 'partial',
  configSchema: { type: 'object', properties: {}, additionalProperties: false },
  async create() {
    return {
      id: 'partial',
      authorisation: { async listShareableAccounts() { return []; } },
      customer: { async getCustomerDetail() { return {}; } },
      banking: { async listAccounts() { return []; } },
    };
  },
};
`;

interface Outcome {
  code: number | null;
  stderr: string;
}

async function runCli(command: string, env: Record<string, string>): Promise<Outcome> {
  try {
    const { stderr } = await promisify(execFile)(process.execPath, [CLI, command], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', HOME: dir, PORT: '0', HOST: '127.0.0.1', ...env },
      timeout: 20_000,
    });
    return { code: 0, stderr };
  } catch (err) {
    const e = err as { code: number | null; stderr: string };
    return { code: e.code, stderr: e.stderr };
  }
}

let dir: string;
let platform: Record<string, string>;

beforeAll(async () => {
  await buildOnce();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-check-serve-'));
  fs.writeFileSync(path.join(dir, 'partial-adapter.js'), PARTIAL_ADAPTER);
  platform = await platformFilesForTests();
}, 300_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Each bad configuration and the exact lines both commands print. */
const CASES: {
  name: string;
  env: () => Record<string, string>;
  lines: (string | RegExp)[];
}[] = [
  {
    name: 'a real core without PLATFORM_SIGNING_KEY_FILE',
    env: () => ({
      ...FINERACT,
      ...PLATFORM_TOKENS,
      PLATFORM_CLIENTS_FILE: platform.PLATFORM_CLIENTS_FILE!,
      PLATFORM_CLIENT_HASH_KEY: platform.PLATFORM_CLIENT_HASH_KEY!,
    }),
    lines: [
      ID_KEY_FILE_REQUIRED,
      'PLATFORM_SIGNING_KEY_FILE: required unless CORE_ADAPTER is demo or HOLDER_DEV_KEYS=true',
    ],
  },
  {
    name: 'an unreadable PLATFORM_SIGNING_KEY_FILE, no client store and no PLATFORM_CLIENT_HASH_KEY',
    env: () => ({
      ...FINERACT,
      ...PLATFORM_TOKENS,
      PLATFORM_SIGNING_KEY_FILE: path.join(dir, 'no-such-key.json'),
    }),
    lines: [
      ID_KEY_FILE_REQUIRED,
      /^PLATFORM_SIGNING_KEY_FILE: \S+no-such-key\.json cannot be read as a JSON Web Key \(ENOENT/,
      'PLATFORM_CLIENTS_FILE: required unless CORE_ADAPTER is demo, HOLDER_DEV_KEYS=true or REDIS_URL is set',
      'PLATFORM_CLIENT_HASH_KEY: required unless CORE_ADAPTER is demo or HOLDER_DEV_KEYS=true (the same on every instance and for the clients command: openssl rand -base64 48)',
    ],
  },
  {
    name: 'a DEMO_DATA_FILE that does not exist',
    env: () => ({ DEMO_DATA_FILE: path.join(dir, 'missing.json') }),
    lines: [/^DEMO_DATA_FILE: \S+missing\.json: \(file\): ENOENT/],
  },
  {
    name: 'HOLDER_DEV_KEYS=true with NODE_ENV=production and a real core',
    env: () => ({ ...FINERACT, ...platform, HOLDER_DEV_KEYS: 'true', NODE_ENV: 'production' }),
    lines: [
      'HOLDER_DEV_KEYS: true is refused with NODE_ENV=production when CORE_ADAPTER is not demo (it trusts a key set the gateway made itself); set HOLDER_JWKS_URL and HOLDER_SUBDOMAIN',
    ],
  },
  {
    name: 'CORE_ADAPTERS naming an unknown adapter, without the holder token and platform settings',
    env: () => ({ CORE_ADAPTERS: 'banking:nope' }),
    lines: [
      'HOLDER_SUBDOMAIN: required unless CORE_ADAPTER is demo or HOLDER_DEV_KEYS=true',
      'HOLDER_JWKS_URL: required unless CORE_ADAPTER is demo or HOLDER_DEV_KEYS=true',
      ID_KEY_FILE_REQUIRED,
      'PLATFORM_SIGNING_KEY_FILE: required unless CORE_ADAPTER is demo or HOLDER_DEV_KEYS=true',
      'PLATFORM_CLIENTS_FILE: required unless CORE_ADAPTER is demo, HOLDER_DEV_KEYS=true or REDIS_URL is set',
      'PLATFORM_CLIENT_HASH_KEY: required unless CORE_ADAPTER is demo or HOLDER_DEV_KEYS=true (the same on every instance and for the clients command: openssl rand -base64 48)',
      'CORE_ADAPTERS: unknown adapter "nope" (built in: demo, fineract, kraken, temenos, proxy; or give a module path or an installed package name)',
    ],
  },
  {
    name: 'an adapter whose banking port lacks methods',
    env: () => ({ ...PLATFORM_TOKENS, ...platform, CORE_ADAPTER: './partial-adapter.js' }),
    lines: [
      'CORE_ADAPTER: adapter "partial" port banking has no method listBalances',
      'CORE_ADAPTER: adapter "partial" port banking has no method listDirectDebits',
      'CORE_ADAPTER: adapter "partial" port banking has no method listScheduledPayments',
      'CORE_ADAPTER: adapter "partial" port banking has no method listInstalmentPlans',
      'CORE_ADAPTER: adapter "partial" port banking has no method listPayees',
    ],
  },
  {
    name: 'a shadow candidate without a required setting',
    env: () => ({
      ...FINERACT,
      ...PLATFORM_TOKENS,
      ...platform,
      SHADOW_ADAPTERS: 'banking:cand=fineract',
      CAND_USERNAME: 'mifos',
      CAND_PASSWORD: 'password',
    }),
    lines: ['CAND_BASE_URL: required by adapter cand'],
  },
];

describe('check and serve refuse a bad configuration alike', () => {
  it.each(CASES)(
    'when the configuration has $name, then check and serve exit 1 with the same lines',
    async ({ env, lines }) => {
      const vars = env();
      const [check, serve] = await Promise.all([runCli('check', vars), runCli('serve', vars)]);
      expect(check.code).toBe(1);
      expect(serve).toEqual(check);
      const printed = check.stderr.trimEnd().split('\n');
      expect(printed[0]).toBe('Invalid configuration:');
      const problems = printed.slice(1).map((l) => l.replace(/^ {2}- /, ''));
      expect(problems).toHaveLength(lines.length);
      lines.forEach((line, i) =>
        typeof line === 'string'
          ? expect(problems[i]).toBe(line)
          : expect(problems[i]).toMatch(line),
      );
    },
  );

  it('when the configuration is valid, then check says so and names the core', async () => {
    const res = await runCli('check', { DEV_KEYS_DIR: path.join(dir, '.dev') });
    expect(res).toEqual({ code: 0, stderr: '' });
  });
});
