/**
 * The answer check (ADAPTER_OUTPUT_CHECK) accepts what the SDK lets an adapter return: every field
 * the port types declare, read from the TypeScript types themselves with the compiler API
 * (core.port.ts and the generated resource types it imports), is a field the answer contract of
 * each operation returning it admits, and every field a contract requires is required by the type.
 */
import path from 'node:path';
import ts from 'typescript';
import { loadSchemas, portRecordsSchema } from '../../contracts';
import { ANSWER_CONTRACTS } from '../../src/resilience/answer-contracts';
import { answerMismatches } from '../../src/resilience/output-check';
import { SHARING_REFUSAL_REASONS } from '../../src/ports';

const CORE_PORT = path.join(__dirname, '../../packages/adapter-sdk/src/ports/core.port.ts');
const SDK_TSCONFIG = path.join(__dirname, '../../packages/adapter-sdk/tsconfig.json');
const PORTS = ['authorisation', 'customer', 'banking', 'energy', 'fdx', 'products'] as const;

type Node = Record<string, unknown>;
/** A schema node and the URI its relative references resolve against. */
interface Located {
  node: unknown;
  base: string;
}
/** What one JSON value may hold by a schema: its named fields, which it requires, its items. */
interface Shape {
  fields: Map<string, Located[]>;
  required: Set<string>;
  /** True when some part closes the object (additionalProperties or unevaluatedProperties false). */
  closed: boolean;
  /** True when a schema-valued additionalProperties admits any name. */
  anyName: boolean;
  items: Located[];
}

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every contract document by its `$id`: the SDK's schemas and the port records. */
const documents = new Map<string, Node>(
  [...Object.values(loadSchemas()), portRecordsSchema()].map((d) => [
    (d as Node).$id as string,
    d as Node,
  ]),
);

function resolve(ref: string, base: string): Located {
  const url = new URL(ref, base);
  const hash = decodeURIComponent(url.hash.slice(1));
  url.hash = '';
  let node: unknown = documents.get(url.href);
  if (node === undefined) throw new Error(`no contract ${url.href}`);
  for (const part of hash.split('/').slice(1))
    node = (node as Node)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  if (node === undefined) throw new Error(`unresolved $ref ${ref} from ${base}`);
  return { node, base: url.href };
}

/** The shape of the values `schemas` admit together, following $ref, allOf, anyOf, if/then/else. */
function shapeOf(schemas: readonly Located[]): Shape {
  const shape: Shape = {
    fields: new Map(),
    required: new Set(),
    closed: false,
    anyName: false,
    items: [],
  };
  const seen = new Set<unknown>();
  const visit = ({ node, base }: Located, branch: boolean): void => {
    if (!isNode(node) || seen.has(node)) return;
    seen.add(node);
    const here = typeof node.$id === 'string' ? new URL(node.$id, base).href : base;
    if (node.additionalProperties === false || node.unevaluatedProperties === false)
      shape.closed = true;
    if (isNode(node.additionalProperties)) shape.anyName = true;
    for (const [name, sub] of Object.entries(isNode(node.properties) ? node.properties : {})) {
      shape.fields.set(name, [...(shape.fields.get(name) ?? []), { node: sub, base: here }]);
    }
    // A requirement of one branch only (anyOf, then) binds no value as a whole.
    if (!branch && Array.isArray(node.required))
      for (const name of node.required as string[]) shape.required.add(name);
    if (node.items !== undefined) shape.items.push({ node: node.items, base: here });
    if (typeof node.$ref === 'string') visit(resolve(node.$ref, here), branch);
    for (const part of (node.allOf as unknown[] | undefined) ?? [])
      visit({ node: part, base: here }, branch);
    for (const key of ['anyOf', 'oneOf'])
      for (const part of (node[key] as unknown[] | undefined) ?? [])
        visit({ node: part, base: here }, true);
    for (const key of ['then', 'else']) visit({ node: node[key], base: here }, true);
  };
  for (const s of schemas) visit(s, false);
  return shape;
}

/** The port types of core.port.ts, read by the compiler with the SDK's own settings. */
function portTypes(): { checker: ts.TypeChecker; adapter: ts.Type } {
  const config = ts.readConfigFile(SDK_TSCONFIG, (f) => ts.sys.readFile(f));
  const { options } = ts.parseJsonConfigFileContent(
    config.config,
    ts.sys,
    path.dirname(SDK_TSCONFIG),
  );
  const program = ts.createProgram([CORE_PORT], { ...options, noEmit: true, composite: false });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(CORE_PORT)!)!;
  const symbol = checker.getExportsOfModule(module).find((s) => s.getName() === 'CoreAdapter')!;
  return { checker, adapter: checker.getDeclaredTypeOfSymbol(symbol) };
}

const SCALARS =
  ts.TypeFlags.StringLike |
  ts.TypeFlags.NumberLike |
  ts.TypeFlags.BooleanLike |
  ts.TypeFlags.BigIntLike |
  ts.TypeFlags.Null |
  ts.TypeFlags.Undefined |
  ts.TypeFlags.Void;

/** Where a type and a contract disagree: a field not admitted, a required field left optional. */
interface Disagreements {
  notAdmitted: string[];
  optionalButRequired: string[];
  /** Fields compared, to show the walk reached the records. */
  compared: number;
}

function compare(
  checker: ts.TypeChecker,
  type: ts.Type,
  schemas: readonly Located[],
  at: string,
  out: Disagreements,
  depth = 0,
): void {
  const t = checker.getNonNullableType(type);
  if (depth > 12 || schemas.length === 0 || t.flags & SCALARS) return;
  if (t.isUnion()) {
    for (const member of t.types) compare(checker, member, schemas, at, out, depth + 1);
    return;
  }
  const shape = shapeOf(schemas);
  const args =
    (t.flags & ts.TypeFlags.Object && checker.getTypeArguments(t as ts.TypeReference)) || [];
  if (checker.isArrayType(t))
    return compare(checker, args[0]!, shape.items, `${at}[]`, out, depth + 1);
  // The instalment plans Map is checked as the list of its values.
  if (t.getSymbol()?.getName() === 'Map')
    return compare(checker, args[1]!, shape.items, `${at}.values()[]`, out, depth + 1);
  for (const field of checker.getPropertiesOfType(t)) {
    const name = field.getName();
    const where = `${at}.${name}`;
    const admitted = shape.fields.get(name);
    out.compared += 1;
    if (!admitted) {
      if (shape.closed && !shape.anyName) out.notAdmitted.push(where);
      continue;
    }
    if (shape.required.has(name) && field.flags & ts.SymbolFlags.Optional)
      out.optionalButRequired.push(where);
    compare(checker, checker.getTypeOfSymbol(field), admitted, where, out, depth + 1);
  }
}

/** Every operation's answer type (the awaited return type) against its answer contract. */
function disagreements(contracts: typeof ANSWER_CONTRACTS): Disagreements {
  const { checker, adapter } = portTypes();
  const out: Disagreements = { notAdmitted: [], optionalButRequired: [], compared: 0 };
  for (const port of PORTS) {
    const portType = checker.getNonNullableType(
      checker.getTypeOfSymbol(adapter.getProperty(port)!),
    );
    for (const method of checker.getPropertiesOfType(portType)) {
      const contract = (contracts[port] as Record<string, Node | null>)[method.getName()];
      if (contract === undefined) throw new Error(`${port}.${method.getName()} has no entry`);
      if (contract === null) continue;
      const signature = checker
        .getNonNullableType(checker.getTypeOfSymbol(method))
        .getCallSignatures()[0]!;
      const answer = checker.getAwaitedType(signature.getReturnType())!;
      const root = { node: contract, base: 'https://dhg.example/contracts/' };
      compare(checker, answer, [root], `${port}.${method.getName()}`, out);
    }
  }
  return out;
}

describe('answer contracts and the SDK port types', () => {
  let found: Disagreements;
  beforeAll(() => {
    found = disagreements(ANSWER_CONTRACTS);
  }, 60_000);

  it('when every operation’s answer type is read from the SDK with the TypeScript compiler, then its answer contract admits every field the type declares', () => {
    expect(found.compared).toBeGreaterThan(500);
    expect(found.notAdmitted).toEqual([]);
  });

  it('when a contract requires a field, then the SDK type requires it too (an adapter that compiles is not refused for leaving it out)', () => {
    expect(found.optionalButRequired).toEqual([]);
  });

  it('when a contract leaves out a field its type declares, then the comparison names it', () => {
    const records = { type: 'object', properties: { records: {} }, additionalProperties: false };
    const narrowed = {
      ...ANSWER_CONTRACTS,
      fdx: { ...ANSWER_CONTRACTS.fdx, listPaymentNetworks: records },
    } as unknown as typeof ANSWER_CONTRACTS;
    expect(disagreements(narrowed).notAdmitted).toEqual([
      'fdx.listPaymentNetworks.next',
      'fdx.listPaymentNetworks.total',
    ]);
  }, 60_000);
});

describe('the refusal to share in the port records', () => {
  it('when the records schema names the refusal reasons, then they are exactly the SDK’s reasons', () => {
    const defs = (portRecordsSchema() as { $defs: { SharingRefusal: { enum: string[] } } }).$defs;
    expect(defs.SharingRefusal.enum).toEqual([...SHARING_REFUSAL_REASONS]);
  });

  it.each([
    [
      'authorisation',
      'listShareableAccounts',
      { openStatus: 'OPEN', complexAccountType: 'INDIVIDUAL', users: [] },
    ],
    ['banking', 'listAccountRefs', {}],
    ['energy', 'listAccountRefs', {}],
  ])(
    'when %s.%s answers a record with each reason, then it conforms; another reason does not',
    (port, method, rest) => {
      for (const reason of SHARING_REFUSAL_REASONS)
        expect(
          answerMismatches(port, method, [{ accountId: 'a-1', ...rest, sharingRefusal: reason }]),
        ).toEqual([]);
      expect(
        answerMismatches(port, method, [
          { accountId: 'a-1', ...rest, sharingRefusal: 'frozen' },
        ]).map((m) => m.keyword),
      ).toContain('enum');
    },
  );
});
