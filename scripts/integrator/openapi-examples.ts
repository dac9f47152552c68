/**
 * `npm run openapi:examples`: records the demo core's success answer to each operation's demo
 * request (demo-requests.ts) from a demo gateway run in this process, and writes them to
 * contracts/openapi-examples.json, which the OpenAPI document shows as each success answer's
 * example. The base URL is fixed (links in answers carry it), and the requests give their windows
 * and pages, so the answers are the same on every run and day.
 * test/component/openapi-examples.test.ts fails when the file is no longer what this writes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_PLATFORM_CLIENT_ID } from '../../src/endpoints/platform/platform.routes';
import type { RouteSpec } from '../../src/routes/route-spec';
import { type DemoGateway, startDemoGateway } from './demo-gateway';
import { DEMO_REQUESTS, type DemoRequest, targetOf } from './demo-requests';
import { formatted } from './formatted';

export const EXAMPLES_FILE = path.resolve(__dirname, '../../contracts/openapi-examples.json');
/** The base URL of the recorded answers: `npm start`'s. */
export const EXAMPLES_BASE_URL = 'http://localhost:3000';

export interface RecordedExample {
  /** The request it answers, e.g. `GET /v1/common/customer/c-1001/detail`. */
  summary: string;
  status: number;
  value: unknown;
}

/** An access token of the demo client with both scopes, through `POST /v1/token`. */
async function platformToken(demo: DemoGateway): Promise<string> {
  const res = await fetch(`${demo.origin}/v1/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: DEMO_PLATFORM_CLIENT_ID,
      client_secret: await demo.rotateDemoClient(),
    }),
  });
  if (res.status !== 200) throw new Error(`POST /v1/token answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** The demo gateway's answer to one route's demo request, which must be its success status. */
async function answerOf(
  demo: DemoGateway,
  route: RouteSpec,
  request: DemoRequest,
  platform: () => Promise<string>,
): Promise<RecordedExample> {
  const target = targetOf(route.path, request);
  const headers: Record<string, string> = {
    authorization: `Bearer ${route.auth === 'holder' ? await demo.holderToken(target) : await platform()}`,
  };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(demo.origin + target, {
    method: route.method,
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  const text = await res.text();
  const status = route.successStatus ?? 200;
  if (res.status !== status)
    throw new Error(
      `${route.operationId}: ${route.method} ${target} answered ${res.status} ${text}`,
    );
  return { summary: `${route.method} ${target}`, status, value: JSON.parse(text) as unknown };
}

/** The example of every route whose demo request is recorded, by operation id, in route order. */
export async function recordExamples(): Promise<Record<string, RecordedExample>> {
  const demo = await startDemoGateway({ publicBaseUrl: EXAMPLES_BASE_URL });
  let token: Promise<string> | undefined;
  const platform = () => (token ??= platformToken(demo));
  try {
    const out: Record<string, RecordedExample> = {};
    for (const route of demo.gateway.routes) {
      const request = DEMO_REQUESTS[route.operationId];
      if (!request) throw new Error(`no demo request for ${route.operationId}`);
      if (request.example) out[route.operationId] = await answerOf(demo, route, request, platform);
    }
    return out;
  } finally {
    await demo.close();
  }
}

/** The file's text for `examples`. */
export function examplesText(examples: Record<string, RecordedExample>): string {
  return formatted(EXAMPLES_FILE, JSON.stringify(examples, null, 2));
}

if (require.main === module) {
  recordExamples()
    .then((examples) => {
      fs.writeFileSync(EXAMPLES_FILE, examplesText(examples));
      process.stdout.write(`wrote ${path.relative(process.cwd(), EXAMPLES_FILE)}\n`);
    })
    .catch((err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    });
}
