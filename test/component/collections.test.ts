/**
 * The collections in docs/collections/ (docs/api.md, "Collections for Postman and .http clients"):
 * they are what `npm run collections` writes now; newman runs the Postman collection against a
 * demo gateway and the development token service, every request answering its documented success
 * status; and the .http file, read by a small parser of its format, names every route of the
 * gateway with valid syntax and, sent in order, answers likewise.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  generatedCollections,
  HTTP_FILE,
  POSTMAN_FILE,
} from '../../scripts/integrator/collections';
import { startDemoGateway, type DemoGateway } from '../../scripts/integrator/demo-gateway';
import { startTokenService, type TokenService } from '../../src/cli/token-service';
import type { RouteSpec } from '../../src/routes/route-spec';
import { parseHttpFile, sendHttpFile } from '../helpers/http-file';

const run = promisify(execFile);
const NEWMAN = path.resolve(__dirname, '../../node_modules/newman/bin/newman.js');

/** The route a method and concrete path are an instance of. */
function routeOf(routes: readonly RouteSpec[], method: string, target: string) {
  const pathOnly = target.split('?')[0]!;
  return routes.find(
    (r) =>
      r.method === method &&
      new RegExp(`^${r.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(pathOnly),
  );
}

describe('the collections', () => {
  let demo: DemoGateway;
  let tokens: TokenService;
  beforeAll(async () => {
    demo = await startDemoGateway();
    tokens = await startTokenService(demo.config, 0);
  });
  afterAll(async () => {
    await tokens.close();
    await demo.close();
  });

  it('when the generator runs, then it writes exactly the committed files', async () => {
    const generated = await generatedCollections();
    expect(generated.map((g) => g.file).sort()).toEqual([HTTP_FILE, POSTMAN_FILE].sort());
    for (const { file, text } of generated) {
      expect({ file, text: fs.readFileSync(file, 'utf8') }).toEqual({ file, text });
    }
  }, 60000);

  it('when newman runs the Postman collection, then every route answers its success status', async () => {
    const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-newman-')), 'report.json');
    const secret = await demo.rotateDemoClient();
    const vars = { baseUrl: demo.origin, tokenServiceUrl: tokens.origin, clientSecret: secret };
    const args = [
      NEWMAN,
      'run',
      POSTMAN_FILE,
      '--reporters',
      'json',
      '--reporter-json-export',
      report,
    ];
    for (const [key, value] of Object.entries(vars)) args.push('--env-var', `${key}=${value}`);
    await run(process.execPath, args, { timeout: 60000 });
    const { run: result } = JSON.parse(fs.readFileSync(report, 'utf8')) as {
      run: {
        failures: unknown[];
        executions: {
          id: string;
          request: { method: string; url: { path: string[] } };
          response: { code: number };
        }[];
      };
    };
    expect(result.failures).toEqual([]);
    // The JSON report lists an item twice when its script sent a request of its own (the token
    // service's calls are not listed): one entry per execution id.
    const executions = [...new Map(result.executions.map((e) => [e.id, e])).values()];
    const answered = executions.map((e) => ({
      method: e.request.method,
      target: `/${e.request.url.path.join('/')}`,
      code: e.response.code,
    }));
    for (const route of demo.gateway.routes) {
      const calls = answered.filter((a) => routeOf([route], a.method, a.target));
      expect({ route: route.operationId, codes: calls.map((c) => c.code) }).toEqual({
        route: route.operationId,
        codes: [route.successStatus ?? 200],
      });
    }
  }, 90000);

  it('when the .http file is read, then its syntax is valid and it names every route of the gateway', () => {
    const { requests } = parseHttpFile(fs.readFileSync(HTTP_FILE, 'utf8'));
    const calls = requests.filter((r) => !r.url.startsWith('{{tokenServiceUrl}}'));
    for (const route of demo.gateway.routes) {
      const named = calls.filter((r) =>
        routeOf([route], r.method, r.url.replace('{{baseUrl}}', '')),
      );
      expect({ route: route.operationId, requests: named.length }).toEqual({
        route: route.operationId,
        requests: 1,
      });
    }
    expect(calls).toHaveLength(demo.gateway.routes.length);
  });

  it('when the .http file is sent in order, then each call answers its route success status', async () => {
    const file = parseHttpFile(fs.readFileSync(HTTP_FILE, 'utf8'));
    const answers = await sendHttpFile(file, {
      baseUrl: demo.origin,
      tokenServiceUrl: tokens.origin,
      clientSecret: await demo.rotateDemoClient(),
    });
    const calls = answers.filter(({ request }) => request.url.startsWith('{{baseUrl}}'));
    expect(calls).toHaveLength(demo.gateway.routes.length);
    for (const { request, status, text } of calls) {
      const route = routeOf(
        demo.gateway.routes,
        request.method,
        request.url.slice('{{baseUrl}}'.length),
      );
      expect({ request: request.name, status, text: status < 300 ? '' : text }).toEqual({
        request: request.name,
        status: route!.successStatus ?? 200,
        text: '',
      });
    }
  });
});
