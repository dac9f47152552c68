/**
 * The gateway's settings on the Fineract, Kraken and Temenos simulators, cold: the adapters'
 * settings for the customers of each simulator's data set and every cached operation at TTL 0, so
 * each call reaches the simulator (and its request log). The component tests and the core-call
 * counts start from these and add their own.
 */
import { OPERATION_NAMES } from '../../src/ports/operations';
import type { FineractSimulator } from '../../adapters/fineract/simulator/simulator';
import type { KrakenSimulator } from '../../adapters/kraken/simulator/simulator';
import { temenosGatewaySettings } from '../../adapters/temenos/simulator/gateway-settings';
import type { TemenosSimulator } from '../../adapters/temenos/simulator/simulator';

export type Env = Record<string, string | number>;

/** Every cached operation at TTL 0, so every request is a cold one. */
export const NO_CACHE = JSON.stringify(Object.fromEntries(OPERATION_NAMES.map((k) => [k, 0])));

/** Fineract with client 1's self-service login, 4 records to a page. */
export function fineractSimEnv(sim: FineractSimulator): Env {
  return {
    CORE_ADAPTER: 'fineract',
    FINERACT_BASE_URL: sim.url,
    FINERACT_USERNAME: 'mifos',
    FINERACT_PASSWORD: 'password',
    FINERACT_TENANT: 'default',
    FINERACT_CUSTOMERS: JSON.stringify({
      '1': { selfServiceUsername: 'client1', selfServicePassword: 'client1-pass' },
    }),
    FINERACT_INSTALMENT_PRODUCTS: '[1]',
    FINERACT_PAGE_SIZE: 4,
    CACHE_TTL_SECONDS: NO_CACHE,
  };
}

/** Kraken with the simulator's customer map, 5 records to a page. */
export function krakenSimEnv(sim: KrakenSimulator): Env {
  return {
    CORE_ADAPTER: 'kraken',
    KRAKEN_BASE_URL: sim.url,
    KRAKEN_API_KEY: sim.apiKey,
    KRAKEN_CUSTOMERS: JSON.stringify(sim.data.customers),
    KRAKEN_PAGE_SIZE: 5,
    CACHE_TTL_SECONDS: NO_CACHE,
  };
}

/**
 * Temenos as `npm run temenos:sim` prints it: the simulator's company, login, categories and the
 * signatory's relation code; Transact's default page size (100).
 */
export function temenosSimEnv(sim: TemenosSimulator): Env {
  return { ...Object.fromEntries(temenosGatewaySettings(sim)), CACHE_TTL_SECONDS: NO_CACHE };
}
