/** Baseline 2: Express 5 + jose verification, fetching the detail from the loopback core (undici). */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Agent, request } from 'undici';
import { verifier } from './verify';

const env = process.env;
const agent = new Agent({ connections: 128, keepAliveTimeout: 10_000 });
const verify = verifier(env.HOLDER_JWKS_URL!, env.HOLDER_SUBDOMAIN!, env.PUBLIC_BASE_URL!);
const app = express();
app.get('/v1/common/customer/:customerId/detail', async (req, res) => {
  if (!(await verify(req.headers.authorization, req.path))) {
    res.status(401).json({ error: 'Invalid token' });
    return;
  }
  const id = encodeURIComponent(req.params.customerId);
  const core = await request(`${env.BENCH_CORE_URL}/customers/${id}/detail`, { dispatcher: agent });
  if (core.statusCode !== 200) {
    await core.body.dump();
    res.status(404).json({ error: 'Customer not found' });
    return;
  }
  res.set('cache-control', 'no-store').json({ data: await core.body.json() });
});
const server = app.listen(Number(env.PORT), '127.0.0.1', () =>
  // The port it bound: PORT is 0, a port of its own choosing.
  process.stdout.write(`READY ${(server.address() as AddressInfo).port}\n`),
);
server.keepAliveTimeout = 5_000;
