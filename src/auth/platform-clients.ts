/**
 * The platform client registry (docs/api.md, Platform endpoints): clients of the platform endpoints, each
 * with an id, the keyed hash of its secret (never the secret; platform-secret-hash.ts), its scopes
 * and a revoked flag.
 *
 * Two stores behind one interface: a JSON file (`PLATFORM_CLIENTS_FILE`, written atomically with
 * mode 0600) and a Redis hash (when `REDIS_URL` is set, so every gateway instance sees the same
 * clients; the file is then its copy, platform-client-copy.ts). The gateway reads the registry on
 * every platform request, so a client revoked by `npm run clients -- revoke` (another process) is
 * refused at once.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import writeFileAtomic from 'write-file-atomic';
import { describeError, StackGate } from '../errors/error-log';
import type { RedisClient } from '../stores/redis';
import type { RedisKeys } from '../stores/redis-keys';
import { HMAC_TAG, SecretHasher } from './platform-secret-hash';

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
  /**
   * `hmac-sha256$<key id>$<digest>` (or, until its next success, an earlier version's
   * `scrypt$<N>$<r>$<p>$<salt>$<key>`); never the secret itself.
   */
  secretHash: string;
  revoked: boolean;
  /** ISO 8601 date-times. */
  createdAt: string;
  rotatedAt?: string;
  revokedAt?: string;
}

/** Whether a client's hash is of the current scheme (else it moves at its next success). */
export const hashIsCurrent = (client: PlatformClient): boolean =>
  client.secretHash.startsWith(`${HMAC_TAG}$`);

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

const byId = (a: PlatformClient, b: PlatformClient) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The registry file's text for `clients`, by id. */
function fileText(clients: Iterable<PlatformClient>): string {
  const body: ClientsFile = { version: 1, clients: [...clients].sort(byId) };
  return `${JSON.stringify(body, null, 2)}\n`;
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
    await writeFileSecret(this.file, fileText(clients.values()));
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
      if (next === current) return current;
      clients.set(id, next);
      await this.save(clients);
      return next;
    });
  }

  /**
   * Makes the file hold `clients` (the copy of a registry kept elsewhere) merged with what it
   * holds: of two records of one client, `later` picks the one kept; a client only the file holds
   * stays. Writes only when that changes the file (an unreadable one is replaced); true when it
   * wrote.
   */
  mergeAll(
    clients: readonly PlatformClient[],
    later: (held: PlatformClient, given: PlatformClient) => PlatformClient,
  ): Promise<boolean> {
    return this.serialised(async () => {
      // An unreadable file is written whole again.
      const read = await this.load().catch(() => undefined);
      const held = read ?? new Map<string, PlatformClient>();
      const merged = new Map(held);
      for (const client of clients) {
        const known = held.get(client.id);
        merged.set(client.id, known ? later(known, client) : client);
      }
      const text = fileText(merged.values());
      if (read && fileText(held.values()) === text) return false;
      await writeFileSecret(this.file, text);
      this.cached = undefined;
      return true;
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
      if (next === current) return current;
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

/** What a registry needs besides its store. */
export interface RegistryOptions {
  /** How secrets are hashed; default the development key of demo mode (platform-secret-hash.ts). */
  hasher?: SecretHasher;
  /** Where a hash it could not replace, or one made under another key, is told. */
  logger?: Pick<Logger, 'warn'>;
}

/** The registry: creates, rotates, revokes and authenticates clients over a store. */
export class PlatformClientRegistry {
  private readonly hasher: SecretHasher;
  /** A hash of a random secret nobody knows: unknown clients are checked against it. */
  private readonly dummyHash: string;
  /** One warning per interval for hashes this instance cannot check (another key). */
  private readonly otherKeyGate = new StackGate();

  constructor(
    readonly store: ClientStore,
    private readonly now: () => number = Date.now,
    private readonly options: RegistryOptions = {},
  ) {
    this.hasher = options.hasher ?? SecretHasher.development();
    this.dummyHash = this.hasher.hash(generateSecret());
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
      secretHash: this.hasher.hash(secret),
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
    const secretHash = this.hasher.hash(secret);
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
    return (await this.store.list()).sort(byId);
  }

  /** The client, when it exists and is not revoked. */
  async active(id: string): Promise<PlatformClient | undefined> {
    const client = await this.store.get(id);
    return client && !client.revoked ? client : undefined;
  }

  /**
   * The client whose id and secret these are, or undefined. Unknown, revoked and wrong-secret
   * clients take one path: one look-up and one HMAC (against a dummy hash when there is no
   * client), and only then the decision. A client whose hash is an earlier version's scrypt costs
   * its scrypt work, and gets the current hash once its secret matched.
   */
  async authenticate(id: string, secret: string): Promise<PlatformClient | undefined> {
    const client = await this.store.get(id);
    const check = await this.hasher.check(secret, client?.secretHash ?? this.dummyHash);
    if (client && check.otherKey) this.warnOtherKey(client.id);
    if (!client || !check.matches || client.revoked) return undefined;
    if (check.outdated) await this.replaceHash(client, secret);
    return client;
  }

  /**
   * Stores the current hash of a secret that matched an earlier version's hash, unless the
   * client changed meanwhile. A failure only delays it to the next success.
   */
  private async replaceHash(client: PlatformClient, secret: string): Promise<void> {
    const secretHash = this.hasher.hash(secret);
    try {
      await this.store.update(client.id, (c) =>
        c.secretHash === client.secretHash ? { ...c, secretHash } : c,
      );
    } catch (err) {
      this.options.logger?.warn(
        { err: describeError(err), clientId: client.id },
        'the scrypt hash of a platform client secret could not be replaced; it is tried again at its next token request',
      );
    }
  }

  /**
   * Replaces the scrypt hash of every revoked client by the current hash of a secret nobody
   * holds (a revoked client never authenticates, so nothing is lost, and a guess at it costs one
   * HMAC). Returns their ids.
   */
  async retireRevokedScryptHashes(): Promise<string[]> {
    const retired: string[] = [];
    for (const client of await this.list()) {
      if (!client.revoked || hashIsCurrent(client)) continue;
      const secretHash = this.hasher.hash(generateSecret());
      const done = await this.store.update(client.id, (c) =>
        c.revoked && c.secretHash === client.secretHash ? { ...c, secretHash } : c,
      );
      if (done?.secretHash === secretHash) retired.push(client.id);
    }
    return retired;
  }

  private warnOtherKey(clientId: string): void {
    if (this.otherKeyGate.pass(clientId) === undefined) return;
    this.options.logger?.warn(
      { clientId },
      'the secret of this platform client was hashed under another PLATFORM_CLIENT_HASH_KEY: every instance and the clients command need the same key',
    );
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
