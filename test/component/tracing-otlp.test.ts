/**
 * The OTLP exporter end to end: the gateway, run as its own process with `OTEL_TRACES_EXPORTER=otlp`
 * (the exporter's transport loads Node's http with `import()`, which jest's module sandbox does
 * not run), sends its spans to a loopback receiver as a collector would get them, over HTTP in
 * protobuf and in JSON, flushing them as it stops.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startJwksServer, TEST_BASE_URL, TEST_SUBDOMAIN } from '../helpers/gateway';
import { holderClaims, makeKey, signToken } from '../helpers/keys';
import { listeningPortOf } from '../helpers/wait';

const ROOT = path.resolve(__dirname, '../..');

interface Received {
  path: string;
  contentType: string;
  body: Buffer;
}

async function startReceiver(): Promise<{
  url: string;
  received: Received[];
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        contentType: String(req.headers['content-type']),
        body: Buffer.concat(chunks),
      });
      const json = /json/.test(String(req.headers['content-type']));
      res.writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' });
      res.end(json ? '{}' : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const ROUTE = 'GET /v1/banking/customer/{customerId}/payees';

/** Runs the gateway with the exporter's settings, calls it once, stops it (which flushes). */
async function exportOnce(protocol: string): Promise<Received[]> {
  const receiver = await startReceiver();
  const key = await makeKey('PS256');
  const jwks = await startJwksServer([key]);
  const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', 'src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: TEST_BASE_URL,
      HOLDER_SUBDOMAIN: TEST_SUBDOMAIN,
      HOLDER_JWKS_URL: jwks.url,
      CORE_ADAPTER: 'demo',
      REDIS_URL: '',
      // Its `gateway listening` line, on stdout, says the port it bound.
      LOG_LEVEL: 'info',
      OTEL_TRACES_EXPORTER: 'otlp',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const listening = listeningPortOf(child);
  let errors = '';
  child.stderr!.on('data', (d: Buffer) => (errors += d.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const origin = `http://127.0.0.1:${await listening}`;
    const target = '/v1/banking/customer/c-1001/payees';
    const token = await signToken(key, holderClaims(TEST_SUBDOMAIN, TEST_BASE_URL + target));
    const res = await fetch(origin + target, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    child.kill('SIGINT');
    await exited;
    expect(errors).toBe('');
    return receiver.received;
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await jwks.close();
    await receiver.close();
  }
}

describe('the OTLP exporter', () => {
  jest.setTimeout(60000);

  it('when the protocol is http/protobuf, then the receiver gets the spans at /v1/traces in protobuf', async () => {
    const received = await exportOnce('http/protobuf');
    expect(received.length).toBeGreaterThanOrEqual(1);
    expect(received[0]).toMatchObject({
      path: '/v1/traces',
      contentType: 'application/x-protobuf',
    });
    const bytes = Buffer.concat(received.map((r) => r.body));
    // Protobuf strings are their UTF-8 bytes: the span names and the service name are there.
    for (const text of [ROUTE, 'core banking.listPayees', 'data-holder-gateway']) {
      expect(bytes.includes(Buffer.from(text))).toBe(true);
    }
    expect(bytes.includes(Buffer.from('c-1001'))).toBe(false);
  });

  it('when the protocol is http/json, then the receiver gets a parent-linked span tree in JSON', async () => {
    const received = await exportOnce('http/json');
    expect(received[0]).toMatchObject({ path: '/v1/traces', contentType: 'application/json' });
    type JsonSpan = { name: string; spanId: string; parentSpanId?: string; traceId: string };
    const spans: JsonSpan[] = received.flatMap((r) =>
      (
        JSON.parse(r.body.toString()) as {
          resourceSpans: { scopeSpans: { spans: JsonSpan[] }[] }[];
        }
      ).resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((ss) => ss.spans)),
    );
    const server = spans.find((s) => s.name === ROUTE)!;
    const core = spans.find((s) => s.name === 'core banking.listPayees')!;
    expect(core.parentSpanId).toBe(server.spanId);
    expect(core.traceId).toBe(server.traceId);
    expect(JSON.stringify(spans)).not.toContain('c-1001');
  });
});
