/** Baseline 1: Express 5 + jose verification, answering the detail body from memory. */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { verifier } from './verify';

async function main(): Promise<void> {
  const env = process.env;
  const core = await fetch(`${env.BENCH_CORE_URL}/customers/c-bench/detail`);
  const body = JSON.stringify({ data: await core.json() });
  const verify = verifier(env.HOLDER_JWKS_URL!, env.HOLDER_SUBDOMAIN!, env.PUBLIC_BASE_URL!);
  const app = express();
  app.get('/v1/common/customer/:customerId/detail', async (req, res) => {
    if (!(await verify(req.headers.authorization, req.path))) {
      res.status(401).json({ error: 'Invalid token' });
      return;
    }
    res.type('application/json').set('cache-control', 'no-store').send(body);
  });
  const server = app.listen(Number(env.PORT), '127.0.0.1', () =>
    // The port it bound: PORT is 0, a port of its own choosing.
    process.stdout.write(`READY ${(server.address() as AddressInfo).port}\n`),
  );
  server.keepAliveTimeout = 5_000;
}

void main();
