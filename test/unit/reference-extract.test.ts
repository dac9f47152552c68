/**
 * The extraction of the public specifications' schemas (scripts/extract-reference-schemas.ts):
 * annotations go and validation keywords stay, only what the roots reach is kept, and the
 * committed extracts in test/reference/ are closed under `$ref` and free of prose.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  extractDocument,
  REFERENCE_DIR,
  REFERENCE_SOURCES,
  shakeSchemas,
  stripAnnotations,
} from '../../scripts/extract-reference-schemas';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('stripAnnotations', () => {
  it('when a schema carries prose, then the prose goes and every validation keyword stays', () => {
    const schema = {
      type: 'object',
      title: 'Account',
      description: 'An account.',
      'x-cds-type': 'AccountString',
      externalDocs: { url: 'https://example.com' },
      example: { id: '1' },
      required: ['id', 'description'],
      properties: {
        id: { type: 'string', pattern: '^[0-9]+$', description: 'Its id.', examples: ['1'] },
        description: { type: 'string', maxLength: 10, summary: 'A property named description' },
        'x-kind': { type: 'string', enum: ['A', 'B'], default: 'A' },
      },
      additionalProperties: { description: 'Any', nullable: true, format: 'date' },
      allOf: [{ description: 'part', minProperties: 1 }],
      items: [{ title: 'first', type: 'integer' }],
    };
    expect(stripAnnotations(schema)).toEqual({
      type: 'object',
      required: ['id', 'description'],
      properties: {
        id: { type: 'string', pattern: '^[0-9]+$' },
        description: { type: 'string', maxLength: 10 },
        'x-kind': { type: 'string', enum: ['A', 'B'], default: 'A' },
      },
      additionalProperties: { nullable: true, format: 'date' },
      allOf: [{ minProperties: 1 }],
      items: [{ type: 'integer' }],
    });
  });

  it('when enum or default values look like annotations, then they are kept as data', () => {
    const schema = { enum: [{ description: 'x' }], default: { example: 1 } };
    expect(stripAnnotations(schema)).toEqual(schema);
  });
});

describe('shakeSchemas', () => {
  const schemas = {
    Unused: { type: 'string' },
    Root: { type: 'object', properties: { a: ref('A'), list: { items: ref('B') } } },
    A: { allOf: [ref('C')], description: 'A' },
    B: { oneOf: [ref('A')], discriminator: { propertyName: 't', mapping: { d: ref('D').$ref } } },
    C: { type: 'integer' },
    D: { type: 'boolean' },
  };

  it('when roots are given, then only what they reach comes along, in source order', () => {
    const kept = shakeSchemas(schemas, ['Root']);
    expect(Object.keys(kept)).toEqual(['Root', 'A', 'B', 'C', 'D']);
    expect(kept.A).toEqual({ allOf: [ref('C')] });
  });

  it('when a root or a reference is missing, then the extraction fails', () => {
    expect(() => shakeSchemas(schemas, ['Nope'])).toThrow('no component schema Nope');
    expect(() => shakeSchemas({ R: ref('Gone') }, ['R'])).toThrow('no component schema Gone');
  });

  it('when a document is extracted, then only its version line, licence and schemas remain', () => {
    const doc = {
      openapi: '3.0.3',
      info: { title: 'T', version: '1', description: 'Long prose', license: { name: 'MIT' } },
      tags: [{ name: 't', description: 'prose' }],
      paths: { '/x': { get: { summary: 'prose' } } },
      components: { schemas, parameters: { p: { name: 'p' } } },
    };
    expect(extractDocument(doc, ['C'])).toEqual({
      openapi: '3.0.3',
      info: { title: 'T', version: '1', license: { name: 'MIT', url: null } },
      components: { schemas: { C: { type: 'integer' } } },
    });
  });
});

describe('the committed extracts', () => {
  it.each(REFERENCE_SOURCES.map((s) => [s.output, s] as const))(
    'when %s is shaken again from its own roots, then nothing changes (closed, no prose)',
    (output, source) => {
      const file = path.join(REFERENCE_DIR, output);
      const extract = JSON.parse(fs.readFileSync(file, 'utf8')) as {
        components: { schemas: Record<string, never> };
      };
      const schemas = extract.components.schemas;
      expect(Object.keys(shakeSchemas(schemas, source.roots))).toEqual(Object.keys(schemas));
      expect(shakeSchemas(schemas, source.roots)).toEqual(schemas);
    },
  );
});
