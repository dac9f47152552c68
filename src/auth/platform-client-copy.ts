/**
 * The registry's copy beside Redis (docs/decisions/0063-client-secrets-keyed-hash.md): when the
 * clients live in Redis and `PLATFORM_CLIENTS_FILE` is set, that file holds a copy of every
 * client (hashes, never secrets; written atomically, mode 0600), and the clients Redis has lost (a
 * flush, a Redis restarted without persistence, a failover to an empty replica) are put back from
 * it. Redis stays the registry every instance reads: a client it holds is never overwritten from
 * the copy, and the copy follows Redis.
 *
 * The copy is brought up to date by every change made through this store (the gateway's, the
 * `clients` command's), when the gateway starts and every {@link COPY_EVERY_MS} after. A client
 * asked for and missing from Redis is looked for in the copy at once.
 */
import type { Logger } from 'pino';
import { describeError, StackGate } from '../errors/error-log';
import {
  type ClientStore,
  FileClientStore,
  hashIsCurrent,
  type PlatformClient,
  type RedisClientStore,
} from './platform-clients';

/** How often a gateway brings its copy up to date, and puts back what Redis lost. */
export const COPY_EVERY_MS = 10_000;

/**
 * Of two records of one client, the later one: a revocation is never undone, a later rotation
 * wins, then a hash of the current scheme; else `given` (what Redis holds). A sync that read Redis
 * before another process revoked or rotated a client, and writes after it, so never puts the
 * earlier record back into the copy.
 */
export function laterRecord(held: PlatformClient, given: PlatformClient): PlatformClient {
  if (held.revoked !== given.revoked) return held.revoked ? held : given;
  const rotated = (c: PlatformClient) => c.rotatedAt ?? c.createdAt;
  if (rotated(held) !== rotated(given)) return rotated(held) > rotated(given) ? held : given;
  if (hashIsCurrent(held) !== hashIsCurrent(given)) return hashIsCurrent(held) ? held : given;
  return given;
}

/** Clients in Redis, with a copy in a file that outlives a loss of Redis's data. */
export class CopiedClientStore implements ClientStore {
  readonly description: string;
  private readonly copy: FileClientStore;
  private readonly gate = new StackGate();

  constructor(
    private readonly redis: RedisClientStore,
    readonly copyFile: string,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {
    this.copy = new FileClientStore(copyFile);
    this.description = `${redis.description} (copy in ${copyFile})`;
  }

  /** Warns once per interval and cause: a copy that cannot be used leaves Redis serving. */
  private warn(err: unknown, message: string): void {
    const omitted = this.gate.pass(`${message}\n${describeError(err).type}`);
    if (omitted !== undefined)
      this.logger.warn({ err: describeError(err, omitted), copy: this.copyFile }, message);
  }

  /** What the copy holds (nothing, with a warning, when it cannot be read). */
  private async kept<T>(read: (copy: FileClientStore) => Promise<T>, none: T): Promise<T> {
    try {
      return await read(this.copy);
    } catch (err) {
      this.warn(err, 'the copy of the platform client registry cannot be read');
      return none;
    }
  }

  /** Puts clients back into Redis, each only where Redis holds none of its id. */
  private async restore(clients: readonly PlatformClient[]): Promise<void> {
    const restored: string[] = [];
    for (const client of clients) if (await this.redis.add(client)) restored.push(client.id);
    if (restored.length > 0)
      this.logger.warn(
        { clients: restored, copy: this.copyFile },
        'platform clients Redis had lost were restored from the copy of the registry',
      );
  }

  /**
   * Puts back every client of the copy that Redis lacks, then makes the copy hold what Redis
   * holds, never a record earlier than the copy's own ({@link laterRecord}).
   * @throws when Redis cannot answer (the copy is then left as it is)
   */
  async sync(): Promise<void> {
    let current = await this.redis.list();
    const held = new Set(current.map((c) => c.id));
    const lost = (await this.kept((copy) => copy.list(), [])).filter((c) => !held.has(c.id));
    if (lost.length > 0) {
      await this.restore(lost);
      current = await this.redis.list();
    }
    try {
      await this.copy.mergeAll(current, laterRecord);
    } catch (err) {
      this.warn(err, 'the copy of the platform client registry cannot be written');
    }
  }

  async get(id: string): Promise<PlatformClient | undefined> {
    const client = await this.redis.get(id);
    if (client) return client;
    const kept = await this.kept((copy) => copy.get(id), undefined);
    if (!kept) return undefined;
    await this.restore([kept]);
    return this.redis.get(id);
  }

  async list(): Promise<PlatformClient[]> {
    await this.sync();
    return this.redis.list();
  }

  async add(client: PlatformClient): Promise<boolean> {
    // A client Redis lost still holds its id.
    if (await this.get(client.id)) return false;
    const added = await this.redis.add(client);
    if (added) await this.sync();
    return added;
  }

  async update(
    id: string,
    change: (client: PlatformClient) => PlatformClient,
  ): Promise<PlatformClient | undefined> {
    if (!(await this.get(id))) return undefined;
    const next = await this.redis.update(id, change);
    await this.sync();
    return next;
  }
}
