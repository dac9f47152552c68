/**
 * The platform client registry (docs/api.md, Platform endpoints): clients of the platform endpoints, each
 * with an id, the scrypt hash of its secret (never the secret), its scopes and a revoked flag.
 *
 * Two stores behind one interface: a JSON file (`PLATFORM_CLIENTS_FILE`, written atomically with
 * mode 0600) and a Redis hash (when `REDIS_URL` is set, so every gateway instance sees the same
 * clients). The gateway reads the registry on every platform request, so a client revoked by
 * `npm run clients -- revoke` (another process) is refused at once.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { promisify } from 'node:util';
import type { RedisClient } from '../resilience/redis';
import type { RedisKeys } from '../resilience/redis-keys';

/** Lists and views products. */
export const SCOPE_PRODUCTS_READ = 'api:provider.products.read';
/** Creates, updates and deletes products. */
export const SCOPE_PRODUCTS_WRITE = 'api:provider.products.write';
/** Every scope a platform client may hold. */
export const PLATFORM_SCOPES = [SCOPE_PRODUCTS_READ, SCOPE_PRODUCTS_WRITE] as const;
export type PlatformScope = (typeof PLATFORM_SCOPES)[number];

/** Client ids: URL- and Basic-safe (no `:`), 1 to 128 characters, starting with a letter or digit. */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,127}$/;

/** One registered client, as stored. */
export interface PlatformClient {
  id: string;
  scopes: PlatformScope[];
  /** `scrypt$<N>$<r>$<p>$<salt base64url>$<key base64url>`; never the secret itself. */
  secretHash: string;
  revoked: boolean;
  /** ISO 8601 date-times. */
  createdAt: string;
  rotatedAt?: string;
  revokedAt?: string;
}

/** scrypt cost of new hashes: N = 2^14, r = 8, p = 1 (16 MiB, tens of ms), 32-byte key. */
export const SCRYPT_PARAMS = { N: 2 ** 14, r: 8, p: 1, keyLength: 32 } as const;

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

function scryptOptions(N: number, r: number, p: number): crypto.ScryptOptions {
  return { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
}

/** Hashes a secret with scrypt and a fresh random 16-byte salt. */
export async function hashSecret(secret: string): Promise<string> {
  const { N, r, p, keyLength } = SCRYPT_PARAMS;
  const salt = crypto.randomBytes(16);
  const key = await scrypt(secret, salt, keyLength, scryptOptions(N, r, p));
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * Whether `secret` matches `encoded`. Always does the full scrypt work of the hash's parameters,
 * and compares in constant time. A malformed hash is a mismatch (after the work of a default one).
 */
export async function verifySecret(secret: string, encoded: string): Promise<boolean> {
  const parts = encoded.split('$');
  const [tag, n, r, p, salt, key] = parts;
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  const wellFormed =
    parts.length === 6 &&
    tag === 'scrypt' &&
    Number.isInteger(N) &&
    N >= 2 &&
    N <= 2 ** 20 &&
    (N & (N - 1)) === 0 &&
    Number.isInteger(R) &&
    R >= 1 &&
    R <= 32 &&
    Number.isInteger(P) &&
    P >= 1 &&
    P <= 16;
  const expected = wellFormed ? Buffer.from(key!, 'base64url') : Buffer.alloc(0);
  const derived = await scrypt(
    secret,
    wellFormed ? Buffer.from(salt!, 'base64url') : crypto.randomBytes(16),
    wellFormed && expected.length > 0 ? expected.length : SCRYPT_PARAMS.keyLength,
    wellFormed
      ? scryptOptions(N, R, P)
      : scryptOptions(SCRYPT_PARAMS.N, SCRYPT_PARAMS.r, SCRYPT_PARAMS.p),
  );
  return (
    wellFormed && expected.length === derived.length && crypto.timingSafeEqual(expected, derived)
  );
}

/** A new client secret: 32 random bytes, base64url (43 characters). */
export function generateSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Where clients are kept. */
export interface ClientStore {
  /** `file <path>` or `redis <key>`, for messages. */
  readonly description: string;
  get(id: string): Promise<PlatformClient | undefined>;
  list(): Promise<PlatformClient[]>;
  /** Adds a client; false when the id exists already. */
  add(client: PlatformClient): Promise<boolean>;
  /** Replaces a client through `change`; undefined when it does not exist. */
  update(
    id: string,
    change: (client: PlatformClient) => PlatformClient,
  ): Promise<PlatformClient | undefined>;
}

/** The registry file's content. */
interface ClientsFile {
  version: 1;
  clients: PlatformClient[];
}

function isClient(value: unknown): value is PlatformClient {
  const c = value as PlatformClient;
  return (
    typeof c === 'object' &&
    c !== null &&
    typeof c.id === 'string' &&
    typeof c.secretHash === 'string' &&
    typeof c.revoked === 'boolean' &&
    typeof c.createdAt === 'string' &&
    Array.isArray(c.scopes) &&
    c.scopes.every((s) => (PLATFORM_SCOPES as readonly string[]).includes(s))
  );
}

/** The registry file cannot be used. */
export class ClientStoreError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ClientStoreError';
  }
}

/**
 * Writes `content` to `file` atomically (write-file-atomic: a temporary file in the same folder,
 * fsync, then rename), mode 0600, in a folder made 0700 when missing.
 */
export async function writeFileSecret(file: string, content: string): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFileAtomic(file, content, { mode: 0o600 });
}

/**
 * Clients in a JSON file. Reads are served from memory and reloaded whenever the file changed
 * (one `stat` per look-up), so another process's writes are seen at once. Writes are serialised
 * within the process and atomic on disk.
 */
export class FileClientStore implements ClientStore {
  readonly description: string;
  private cached?: { stamp: string; clients: Map<string, PlatformClient> };
  private writes: Promise<unknown> = Promise.resolve();

  constructor(private readonly file: string) {
    this.description = `file ${file}`;
  }

  private async load(): Promise<Map<string, PlatformClient>> {
    let stat: fs.Stats;
    try {
      stat = await fs.promises.stat(this.file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        this.cached = { stamp: 'absent', clients: new Map() };
        return this.cached.clients;
      }
      throw new ClientStoreError(`cannot read ${this.file}`, { cause: err });
    }
    const stamp = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    if (this.cached?.stamp === stamp) return this.cached.clients;
    let parsed: unknown;
    try {
      parsed = JSON.parse(await fs.promises.readFile(this.file, 'utf8'));
    } catch (err) {
      throw new ClientStoreError(`cannot read ${this.file}`, { cause: err });
    }
    const body = parsed as Partial<ClientsFile>;
    if (!body || !Array.isArray(body.clients) || !body.clients.every(isClient)) {
      throw new ClientStoreError(`${this.file} is not a platform client registry`);
    }
    this.cached = { stamp, clients: new Map(body.clients.map((c) => [c.id, c])) };
    return this.cached.clients;
  }

  private async save(clients: Map<string, PlatformClient>): Promise<void> {
    const body: ClientsFile = {
      version: 1,
      clients: [...clients.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    };
    await writeFileSecret(this.file, `${JSON.stringify(body, null, 2)}\n`);
    this.cached = undefined;
  }

  /** Runs `fn` after every earlier write of this process. */
  private serialised<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.writes.then(fn, fn);
    this.writes = run.catch(() => undefined);
    return run;
  }

  async get(id: string): Promise<PlatformClient | undefined> {
    return (await this.load()).get(id);
  }

  async list(): Promise<PlatformClient[]> {
    return [...(await this.load()).values()];
  }

  add(client: PlatformClient): Promise<boolean> {
    return this.serialised(async () => {
      const clients = new Map(await this.load());
      if (clients.has(client.id)) return false;
      clients.set(client.id, client);
      await this.save(clients);
      return true;
    });
  }

  update(
    id: string,
    change: (client: PlatformClient) => PlatformClient,
  ): Promise<PlatformClient | undefined> {
    return this.serialised(async () => {
      const clients = new Map(await this.load());
      const current = clients.get(id);
      if (!current) return undefined;
      const next = change(current);
      clients.set(id, next);
      await this.save(clients);
      return next;
    });
  }
}

/**
 * The Redis hash holding every client, `dhg:<namespace>:platform:clients`: field = client id, value
 * = the client as JSON. Client ids stay readable: the registry lists them, and they are neither
 * secret nor about a customer (ADR 0017).
 */
export function redisClientsKey(keys: RedisKeys): string {
  return keys.key('platform', 'clients');
}

/** Replaces a field only when it still holds the value read (optimistic concurrency). */
const COMPARE_AND_SET = `if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[3]) return 1 end return 0`;

function parseClient(raw: string | null): PlatformClient | undefined {
  if (raw === null) return undefined;
  const parsed: unknown = JSON.parse(raw);
  if (!isClient(parsed)) throw new ClientStoreError('a Redis client record is malformed');
  return parsed;
}

/** Clients in one Redis hash, shared by every gateway instance and the CLI. */
export class RedisClientStore implements ClientStore {
  readonly description: string;

  constructor(
    private readonly redis: RedisClient,
    private readonly key: string,
  ) {
    this.description = `redis ${key}`;
  }

  async get(id: string): Promise<PlatformClient | undefined> {
    return parseClient(await this.redis.hget(this.key, id));
  }

  async list(): Promise<PlatformClient[]> {
    const all = await this.redis.hgetall(this.key);
    return Object.values(all).map((raw) => parseClient(raw)!);
  }

  async add(client: PlatformClient): Promise<boolean> {
    return (await this.redis.hsetnx(this.key, client.id, JSON.stringify(client))) === 1;
  }

  async update(
    id: string,
    change: (client: PlatformClient) => PlatformClient,
  ): Promise<PlatformClient | undefined> {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const raw = await this.redis.hget(this.key, id);
      const current = parseClient(raw);
      if (!current) return undefined;
      const next = change(current);
      const done = await this.redis.eval(
        COMPARE_AND_SET,
        1,
        this.key,
        id,
        raw!,
        JSON.stringify(next),
      );
      if (done === 1) return next;
    }
    throw new ClientStoreError(`client ${id} kept changing; try again`);
  }
}

/** A client id is taken, or malformed. */
export class ClientRegistryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClientRegistryError';
  }
}

/** A client and its new secret: the only moment the secret exists outside its owner. */
export interface IssuedSecret {
  client: PlatformClient;
  secret: string;
}

/** The registry: creates, rotates, revokes and authenticates clients over a store. */
export class PlatformClientRegistry {
  /** A hash of a random secret nobody knows: unknown clients are checked against it. */
  private readonly dummyHash: Promise<string>;

  constructor(
    readonly store: ClientStore,
    private readonly now: () => number = Date.now,
  ) {
    this.dummyHash = hashSecret(generateSecret());
  }

  private stamp(): string {
    return new Date(this.now()).toISOString();
  }

  /** Creates a client with a new secret. @throws ClientRegistryError when the id is bad or taken */
  async create(id: string, scopes: readonly PlatformScope[]): Promise<IssuedSecret> {
    if (!CLIENT_ID_PATTERN.test(id)) {
      throw new ClientRegistryError(
        `client id must be 1 to 128 of A-Z a-z 0-9 . _ ~ -, starting with a letter or digit (got ${JSON.stringify(id)})`,
      );
    }
    if (scopes.length === 0) throw new ClientRegistryError('a client needs at least one scope');
    const secret = generateSecret();
    const client: PlatformClient = {
      id,
      scopes: PLATFORM_SCOPES.filter((s) => scopes.includes(s)),
      secretHash: await hashSecret(secret),
      revoked: false,
      createdAt: this.stamp(),
    };
    if (!(await this.store.add(client)))
      throw new ClientRegistryError(`client ${id} exists already`);
    return { client, secret };
  }

  /**
   * Gives a client a new secret; the old one stops working for new tokens (tokens issued before
   * stay valid until they expire). A revoked client stays revoked.
   * @throws ClientRegistryError when the client does not exist
   */
  async rotate(id: string): Promise<IssuedSecret> {
    const secret = generateSecret();
    const secretHash = await hashSecret(secret);
    const client = await this.store.update(id, (c) => ({
      ...c,
      secretHash,
      rotatedAt: this.stamp(),
    }));
    if (!client) throw new ClientRegistryError(`no client ${id}`);
    return { client, secret };
  }

  /** Revokes a client: its secret and every token it holds stop working. */
  async revoke(id: string): Promise<PlatformClient> {
    const client = await this.store.update(id, (c) =>
      c.revoked ? c : { ...c, revoked: true, revokedAt: this.stamp() },
    );
    if (!client) throw new ClientRegistryError(`no client ${id}`);
    return client;
  }

  /** Every client, by id. */
  async list(): Promise<PlatformClient[]> {
    return (await this.store.list()).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /** The client, when it exists and is not revoked. */
  async active(id: string): Promise<PlatformClient | undefined> {
    const client = await this.store.get(id);
    return client && !client.revoked ? client : undefined;
  }

  /**
   * The client whose id and secret these are, or undefined. Unknown, revoked and wrong-secret
   * clients cost the same: one look-up and one full scrypt verification (against a dummy hash
   * when there is no client), and only then the decision.
   */
  async authenticate(id: string, secret: string): Promise<PlatformClient | undefined> {
    const dummy = await this.dummyHash;
    const client = await this.store.get(id);
    const matches = await verifySecret(secret, client?.secretHash ?? dummy);
    return client && matches && !client.revoked ? client : undefined;
  }
}

/** Parses `read,write` (or full scope names) into scopes. @throws ClientRegistryError */
export function parseScopes(text: string): PlatformScope[] {
  const scopes = new Set<PlatformScope>();
  for (const word of text
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean)) {
    const scope =
      word === 'read'
        ? SCOPE_PRODUCTS_READ
        : word === 'write'
          ? SCOPE_PRODUCTS_WRITE
          : (PLATFORM_SCOPES as readonly string[]).includes(word)
            ? (word as PlatformScope)
            : undefined;
    if (!scope)
      throw new ClientRegistryError(
        `unknown scope ${JSON.stringify(word)} (read, write, ${PLATFORM_SCOPES.join(', ')})`,
      );
    scopes.add(scope);
  }
  if (scopes.size === 0) throw new ClientRegistryError('a client needs at least one scope');
  return PLATFORM_SCOPES.filter((s) => scopes.has(s));
}
