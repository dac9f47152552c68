/**
 * The pass-through proxies of a gateway: one per proxy instance, each serving the core families
 * assigned to it, each the innermost step of that instance's resilience stack.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Logger } from 'pino';
import type { CoreFamily } from '../config/core-layout';
import type { GatewayMetrics } from '../observability/metrics';
import type { CoreCallStack } from '../core-call/stack';
import type { GatewayIds } from '../ids/gateway-ids';
import { FamilyProxy } from './family-proxy';
import type { ProxySettings } from './proxy-settings';

/** One core family assigned to a proxy instance (`CORE_ADAPTERS=fdx:fdx-upstream=proxy`). */
export interface PassThroughEntry {
  family: CoreFamily;
  /** The instance id: its variables' prefix and its metrics' `adapter` label. */
  id: string;
  settings: ProxySettings;
}

export interface PassThroughDeps {
  /** The resilience stack of an instance (the one its ports go through, when it has some). */
  stackOf(id: string, settings: ProxySettings): Pick<CoreCallStack, 'pass'>;
  /** `CORE_TIMEOUT_MS`: the timeout of an instance without `timeoutMs`. */
  defaultTimeoutMs: number;
  metrics: GatewayMetrics;
  logger: Logger;
  /**
   * The deployment's ids: with opaque ids each instance's requests carry its own ids and its
   * answers the gateway's, as served routes do (proxy-ids.ts); default raw, nothing translated.
   */
  ids?: GatewayIds;
}

export interface PassThroughProxies {
  /** The proxy of each passed-through family. */
  byFamily: ReadonlyMap<CoreFamily, FamilyProxy>;
  /** Every instance, by id. */
  byId: ReadonlyMap<string, FamilyProxy>;
  /** Closes every instance's upstream connections. */
  close(): Promise<void>;
}

/**
 * The settings of each instance id, every entry checked.
 * @throws Error when a family is assigned twice, or one id comes with different settings
 */
function settingsById(entries: readonly PassThroughEntry[]): Map<string, ProxySettings> {
  const settingsOf = new Map<string, ProxySettings>();
  const families = new Set<CoreFamily>();
  for (const { family, id, settings } of entries) {
    if (families.has(family)) throw new Error(`core family ${family} is passed through twice`);
    families.add(family);
    const known = settingsOf.get(id);
    if (known && !isDeepStrictEqual(known, settings)) {
      throw new Error(`proxy instance ${id} is given two different settings`);
    }
    settingsOf.set(id, known ?? settings);
  }
  return settingsOf;
}

/**
 * Builds one proxy per instance id (entries with the same id share it, and must carry the same
 * settings) and maps each family to its instance.
 * @throws Error when a family is assigned twice, or one id comes with different settings
 */
export function passThroughProxies(
  entries: readonly PassThroughEntry[],
  deps: PassThroughDeps,
): PassThroughProxies {
  // Every entry is checked before any proxy (connections) exists.
  const byId = new Map<string, FamilyProxy>();
  for (const [id, settings] of settingsById(entries)) {
    byId.set(
      id,
      new FamilyProxy({
        id,
        settings,
        timeoutMs: settings.timeoutMs ?? deps.defaultTimeoutMs,
        stack: deps.stackOf(id, settings),
        metrics: deps.metrics,
        logger: deps.logger.child({ adapter: id }),
        ids: deps.ids,
      }),
    );
  }
  const byFamily = new Map<CoreFamily, FamilyProxy>(
    entries.map(({ family, id }) => [family, byId.get(id)!]),
  );
  return {
    byFamily,
    byId,
    async close() {
      await Promise.all([...byId.values()].map((proxy) => proxy.close()));
    },
  };
}
