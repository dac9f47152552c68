/**
 * Opaque ids over two cores (`npm run multi-core -- --bank temenos`'s layout): Jane Citizen is
 * Transact customer 100500 and, by the same id, the Kraken simulator's; the search finds her once;
 * her one id serves both cores' families; an account id of one core is unknown on a route of the
 * other's, with no call to either.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type KrakenSimulator,
  startKrakenSimulator,
} from '../../adapters/kraken/simulator/simulator';
import {
  startTemenosSimulator,
  type TemenosSimulator,
} from '../../adapters/temenos/simulator/simulator';
import { EXTERNAL_ID_PATTERN } from '../../src/ids/id-codec';
import { multiCoreEnv } from '../../scripts/multi-core-commands';
import { startGateway, type TestGateway } from '../helpers/gateway';

type Env = Record<string, string | number>;

describe('opaque ids over Temenos and Kraken', () => {
  let temenos: TemenosSimulator;
  let kraken: KrakenSimulator;
  let gw: TestGateway;
  let jane: string;
  beforeAll(async () => {
    temenos = await startTemenosSimulator({ port: 0 });
    kraken = await startKrakenSimulator({ port: 0 });
    const keyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-mc-ids-')), 'id.key');
    fs.writeFileSync(keyFile, crypto.randomBytes(32));
    gw = await startGateway({
      ...(multiCoreEnv({}, { temenos, kraken }) as Env),
      ID_ENCODING: 'opaque',
      ID_KEY_FILE: keyFile,
    });
    const found = await gw.post('/auth/v1/customer/search', { email: 'jane.citizen@example.com' });
    expect(found.status).toBe(200);
    expect(found.body.data).toHaveLength(1);
    jane = found.body.data[0].id;
  });
  afterAll(async () => {
    await gw?.close();
    await temenos?.close();
    await kraken?.close();
  });

  it('when Jane is searched, then she is found once, by an opaque id that names her in both cores', async () => {
    expect(jane).toMatch(EXTERNAL_ID_PATTERN);
    const identity = await gw.get(`/auth/v1/customer/${jane}`);
    expect(identity.status).toBe(200);
    expect(identity.body.id).toBe(jane);
    const banking = await gw.get(`/v1/banking/customer/${jane}/accounts`);
    const energy = await gw.get(`/v1/energy/customer/${jane}/accounts`);
    expect([banking.status, energy.status]).toEqual([200, 200]);
    expect(banking.body.data.accounts.length).toBeGreaterThan(0);
    expect(energy.body.data.accounts.length).toBeGreaterThan(0);
  });

  it('when her merged list is read, then every account id is opaque and each answers on its own family only', async () => {
    const list = await gw.get(`/auth/v1/customer/${jane}/accounts`);
    expect(list.status).toBe(200);
    const energy = (await gw.get(`/v1/energy/customer/${jane}/accounts`)).body.data.accounts.map(
      (a: { accountId: string }) => a.accountId,
    );
    const ids = list.body.accounts.map((a: { accountId: string }) => a.accountId);
    for (const id of ids) expect(id).toMatch(EXTERNAL_ID_PATTERN);
    expect(ids).toEqual(expect.arrayContaining(energy));
    const banking = ids.find((id: string) => !energy.includes(id));
    expect((await gw.get(`/v1/banking/customer/${jane}/accounts/${banking}`)).status).toBe(200);
    const calls = temenos.requests.length + kraken.requests.length;
    const crossed = await gw.get(`/v1/banking/customer/${jane}/accounts/${energy[0]}`);
    expect(crossed.status).toBe(404);
    expect(crossed.body).toEqual({ error: 'Account not found' });
    expect(temenos.requests.length + kraken.requests.length).toBe(calls);
  });
});
