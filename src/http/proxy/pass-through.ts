/**
 * The pass-through proxies of a gateway: one per proxy instance, each serving the core families
 * assigned to it.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Logger } from 'pino';
import type { Config } from '../../config/config';
import type { GatewayMetrics } from '../../observability/metrics';
import type { ProxySettings } from '../../proxy/proxy-settings';
import type { CoreFamily } from '../route-spec';
import { createFamilyProxy, type FamilyProxy } from './family-proxy';

/** One core family assigned to a proxy instance (`CORE_ADAPTERS=fdx:fdx-upstream=proxy`). */
export interface PassThroughEntry {
  family: CoreFamily;
  /** The instance id: its variables' prefix and its metrics' `adapter` label. */
  id: string;
  settings: ProxySettings;
}

export interface PassThroughProxies {
  /** The proxy of each passed-through family. */
  byFamily: ReadonlyMap<CoreFamily, FamilyProxy>;
  /** Every instance, by id. */
  byId: ReadonlyMap<string, FamilyProxy>;
  close(): void;
}

/**
 * Builds one proxy per instance id (entries with the same id share it, and must carry the same
 * settings) and maps each family to its instance.
 * @throws Error when a family is assigned twice, or one id comes with different settings
 */
export function passThroughProxies(
  entries: readonly PassThroughEntry[],
  deps: { resilience: Config['resilience']; metrics: GatewayMetrics; logger: Logger },
): PassThroughProxies {
  // Every entry is checked before any proxy (timers, connections) exists.
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
  const byId = new Map<string, FamilyProxy>();
  for (const [id, settings] of settingsOf) {
    byId.set(
      id,
      createFamilyProxy({
        id,
        settings,
        resilience: deps.resilience,
        metrics: deps.metrics,
        logger: deps.logger.child({ adapter: id }),
      }),
    );
  }
  const byFamily = new Map<CoreFamily, FamilyProxy>(
    entries.map(({ family, id }) => [family, byId.get(id)!]),
  );
  return {
    byFamily,
    byId,
    close() {
      for (const proxy of byId.values()) proxy.close();
    },
  };
}
