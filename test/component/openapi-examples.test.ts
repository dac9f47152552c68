/**
 * The success examples of the OpenAPI document (contracts/openapi-examples.json, written by
 * `npm run openapi:examples`): each validates against its operation's response schema in the
 * served document, each is what the demo core answers today (recorded again here, so an example
 * cannot go stale), and every operation with a recorded demo request shows one.
 */
import fs from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { startDemoGateway, type DemoGateway } from '../../scripts/integrator/demo-gateway';
import { DEMO_REQUESTS } from '../../scripts/integrator/demo-requests';
import {
  EXAMPLES_FILE,
  examplesText,
  recordExamples,
} from '../../scripts/integrator/openapi-examples';

type MediaType = { schema: unknown; examples?: { demo?: { summary: string; value: unknown } } };
type Doc = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, MediaType> }> }>
  >;
};

const committed = () =>
  JSON.parse(fs.readFileSync(EXAMPLES_FILE, 'utf8')) as Record<
    string,
    { summary: string; status: number; value: unknown }
  >;

/** A JSON pointer token. */
const token = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

describe('the OpenAPI examples', () => {
  let demo: DemoGateway;
  let doc: Doc;
  beforeAll(async () => {
    demo = await startDemoGateway();
    doc = (await (await fetch(`${demo.origin}/openapi.json`)).json()) as Doc;
  });
  afterAll(() => demo.close());

  it('when an operation has a recorded demo request, then its success answer shows the example', () => {
    const examples = committed();
    for (const route of demo.gateway.routes) {
      const status = String(route.successStatus ?? 200);
      const media =
        doc.paths[route.path]![route.method.toLowerCase()]!.responses[status]!.content?.[
          'application/json'
        ];
      const expected = DEMO_REQUESTS[route.operationId]!.example
        ? {
            summary: examples[route.operationId]!.summary,
            value: examples[route.operationId]!.value,
          }
        : undefined;
      expect({ operation: route.operationId, example: media?.examples?.demo }).toEqual({
        operation: route.operationId,
        example: expected,
      });
    }
  });

  it("when each example is validated, then it meets its operation's response schema in the served document", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ ...doc, $id: 'urn:dhg:openapi' });
    let checked = 0;
    for (const route of demo.gateway.routes) {
      const status = String(route.successStatus ?? 200);
      const media =
        doc.paths[route.path]![route.method.toLowerCase()]!.responses[status]!.content?.[
          'application/json'
        ];
      if (!media?.examples?.demo) continue;
      const pointer = ['paths', route.path, route.method.toLowerCase(), 'responses', status]
        .concat(['content', 'application/json', 'schema'])
        .map(token)
        .join('/');
      const validate = ajv.compile({ $ref: `urn:dhg:openapi#/${pointer}` });
      validate(media.examples.demo.value);
      expect({ operation: route.operationId, errors: validate.errors ?? [] }).toEqual({
        operation: route.operationId,
        errors: [],
      });
      checked += 1;
    }
    expect(checked).toBe(Object.keys(committed()).length);
  });

  it('when the demo core is asked again, then the committed examples are exactly its answers', async () => {
    const recorded = await recordExamples();
    expect(recorded).toEqual(committed());
    expect(examplesText(recorded)).toBe(fs.readFileSync(EXAMPLES_FILE, 'utf8'));
  }, 60000);

  it('when an example is altered, then its schema check fails', () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    ajv.addSchema({ ...doc, $id: 'urn:dhg:openapi' });
    const validate = ajv.compile({
      $ref: 'urn:dhg:openapi#/paths/~1v1~1energy~1customer~1{customerId}~1accounts~1{accountId}~1balance/get/responses/200/content/application~1json/schema',
    });
    const { value } = committed().getEnergyAccountBalance!;
    expect(validate(value)).toBe(true);
    expect(validate({ data: { balance: 120 } })).toBe(false);
  });
});
