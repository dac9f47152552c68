/**
 * What the OpenAPI document tells a reader beyond its schemas: a description of every operation
 * and parameter (src/http/openapi-descriptions.ts and the routes' own), and `servers`: the
 * configured public base URL, for the holder subdomain holder tokens must name.
 */
import { OPERATION_DESCRIPTIONS } from '../../src/http/openapi-descriptions';
import { startGateway, type TestGateway } from '../helpers/gateway';
import { validateOpenApi } from '../helpers/openapi-validate';

type Operation = {
  operationId: string;
  summary: string;
  description?: string;
  parameters: { name: string; in: string; description?: string }[];
};
type Doc = { servers?: unknown; paths: Record<string, Record<string, Operation>> };

const operationsOf = (doc: Doc) => Object.values(doc.paths).flatMap((m) => Object.values(m));

describe('the OpenAPI document, descriptions and servers', () => {
  let gw: TestGateway;
  let doc: Doc;
  beforeAll(async () => {
    gw = await startGateway({
      PUBLIC_BASE_URL: 'https://api.bank.example/cdr/',
      HOLDER_SUBDOMAIN: 'acme-bank',
    });
    doc = (await gw.get('/openapi.json', { headers: { authorization: '' } })).body as Doc;
  });
  afterAll(() => gw.close());

  it('when every route is read, then each has a description of its own, and no description is left without a route', () => {
    const ids = gw.gateway.routes.map((r) => r.operationId).sort();
    expect(Object.keys(OPERATION_DESCRIPTIONS).sort()).toEqual(ids);
    for (const op of operationsOf(doc)) {
      expect({ op: op.operationId, description: op.description }).toEqual({
        op: op.operationId,
        description: OPERATION_DESCRIPTIONS[op.operationId],
      });
      expect(op.description).not.toBe(op.summary);
    }
  });

  it('when every parameter is read, then each has a description', () => {
    const params = operationsOf(doc).flatMap((op) =>
      op.parameters.map((p) => ({ op: op.operationId, in: p.in, name: p.name, d: p.description })),
    );
    expect(params.filter((p) => p.in === 'path').length).toBeGreaterThan(40);
    expect(params.filter((p) => p.in === 'query').length).toBeGreaterThan(40);
    expect(params.filter((p) => typeof p.d !== 'string' || p.d.length < 10)).toEqual([]);
  });

  it('when served, then servers is the public base URL for the holder subdomain, and the document stays valid', async () => {
    expect(doc.servers).toEqual([
      {
        url: 'https://api.bank.example/cdr',
        description:
          'The gateway of holder acme-bank: holder tokens carry iss = sub = "acme-bank" and aud = this URL + the request path.',
        'x-holder-subdomain': 'acme-bank',
      },
    ]);
    const result = await validateOpenApi(doc);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });
});
