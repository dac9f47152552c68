/**
 * Get Status from the circuits, over the Fineract and Kraken simulators: Kraken down turns the
 * status to PARTIAL_FAILURE naming the energy endpoints within one circuit window, and back to OK
 * once Kraken answers again; both down is UNAVAILABLE.
 */
import {
  type FineractSimulator,
  loadFineractDataset,
  startFineractSimulator,
} from '../../adapters/fineract/simulator/simulator';
import {
  type KrakenSimulator,
  startKrakenSimulator,
} from '../../adapters/kraken/simulator/simulator';
import { fineractSettings, krakenSettings } from '../../scripts/simulator-settings';
import { OPERATION_NAMES } from '../../src/ports/operations';
import { type AdminListener, serveAdmin } from '../helpers/admin-listener';
import { startGateway, type TestGateway } from '../helpers/gateway';
import { statusValidator } from '../helpers/cds-admin-schemas';
import { waitFor } from '../helpers/wait';

const LOGIN = { tenant: 'default', username: 'mifos', password: 'password' };
const NO_CACHE = JSON.stringify(Object.fromEntries(OPERATION_NAMES.map((k) => [k, 0])));
const WINDOW_SECONDS = 10;

/** What Kraken serves here, and the authorisation list that needs every core. */
// The customer search asks every core (Kraken too); the identity comes from the common core
// (Fineract) and is not affected.
const ENERGY_ENDPOINTS = [
  'GET /auth/v1/customer/{customerId}/accounts',
  'POST /auth/v1/customer/search',
  // Identity asks Kraken when the common core cannot identify the customer.
  'GET /auth/v1/customer/{customerId}',
  'GET /v1/energy/customer/{customerId}/accounts',
  'POST /v1/energy/customer/{customerId}/accounts',
  'GET /v1/energy/customer/{customerId}/accounts/{accountId}',
  'GET /v1/energy/customer/{customerId}/accounts/{accountId}/balance',
  'POST /v1/energy/customer/{customerId}/accounts/invoices',
  'GET /v1/energy/customer/{customerId}/accounts/{accountId}/invoices',
  'GET /v1/energy/customer/{customerId}/accounts/{accountId}/concessions',
];

describe('status from the circuits of several cores', () => {
  let fineract: FineractSimulator;
  let kraken: KrakenSimulator;
  let gw: TestGateway;
  let admin: AdminListener;

  beforeAll(async () => {
    fineract = await startFineractSimulator({ port: 0 });
    kraken = await startKrakenSimulator({ port: 0 });
    gw = await startGateway({
      ...Object.fromEntries(fineractSettings(fineract, LOGIN, loadFineractDataset())),
      ...Object.fromEntries(krakenSettings(kraken)),
      CORE_ADAPTERS: 'banking:fineract,energy:kraken,common:fineract,fdx:fineract',
      CACHE_TTL_SECONDS: NO_CACHE,
      RETRY_ATTEMPTS: 0,
      CIRCUIT_MIN_VOLUME: 2,
      CIRCUIT_RESET_SECONDS: 0.5,
      CIRCUIT_WINDOW_SECONDS: WINDOW_SECONDS,
      METRICS_PORT: 0,
    });
    admin = await serveAdmin(gw);
  });
  afterAll(async () => {
    await admin?.close();
    await gw?.close();
    await fineract?.close();
    await kraken?.close();
  });
  afterEach(() => {
    fineract.setFault('none');
    kraken.setFault('none');
  });

  const status = async () => (await admin.get('/discovery/status')).body;

  /** Calls `path` until the status is `wanted`; the status then. */
  const callUntil = (path: string, wanted: string) =>
    waitFor(async () => {
      const body = await status();
      if (body.data.status === wanted) return body;
      await gw.get(path);
      return undefined;
    }, `the status ${wanted}`);

  it('when Kraken fails, then within one circuit window the status is PARTIAL_FAILURE naming the energy endpoints, and OK again after it recovers', async () => {
    expect((await status()).data.status).toBe('OK');
    const faultAt = Date.now();
    kraken.setFault('unavailable503');
    const failing = await callUntil('/v1/energy/customer/3/accounts', 'PARTIAL_FAILURE');
    expect(Date.now() - faultAt).toBeLessThan(WINDOW_SECONDS * 1000);
    expect(statusValidator()(failing)).toBe(true);
    expect(failing.data).toEqual({
      status: 'PARTIAL_FAILURE',
      explanation: `Some data is unexpectedly unavailable. Endpoints affected: ${ENERGY_ENDPOINTS.join(', ')}.`,
      detectionTime: expect.any(String),
      updateTime: expect.any(String),
    });
    const detected = Date.parse(failing.data.detectionTime);
    expect(detected).toBeGreaterThanOrEqual(faultAt - 1);
    expect(detected).toBeLessThanOrEqual(Date.parse(failing.data.updateTime));
    // Banking is served by Fineract and keeps answering.
    expect((await gw.get('/v1/common/customer/1/detail')).status).toBe(200);

    kraken.setFault('none');
    const recovered = await callUntil('/v1/energy/customer/3/accounts', 'OK');
    expect(recovered.data).toEqual({ status: 'OK', updateTime: expect.any(String) });
  });

  it('when both cores fail, then the status is UNAVAILABLE', async () => {
    kraken.setFault('unavailable503');
    fineract.setFault('unavailable503');
    await callUntil('/v1/energy/customer/3/accounts', 'PARTIAL_FAILURE');
    const down = await callUntil('/v1/common/customer/1/detail', 'UNAVAILABLE');
    expect(down.data).toEqual({
      status: 'UNAVAILABLE',
      explanation: 'Every core system is unexpectedly unavailable: no customer data can be shared.',
      detectionTime: expect.any(String),
      updateTime: expect.any(String),
    });
    expect(statusValidator()(down)).toBe(true);
    // Readiness is this instance's own: the cores' outage is reported, never decides it.
    expect((await admin.get('/readyz')).status).toBe(200);
  });
});
