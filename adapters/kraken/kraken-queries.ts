/**
 * The adapter's GraphQL operations, read once from `queries/*.graphql` (the files the schema test
 * validates against the subset of Kraken's schema, and `npm run kraken:schema` walks).
 *
 * The files stay the single source of each operation's text; a selection two operations share is
 * a named fragment in `queries/fragments/`, appended to each operation that spreads it. A compiled
 * gateway (`dist/`) runs beside the repository's sources, so the folder is looked for next to this
 * module first (ts-node, jest) and then at its place in the source tree.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  Kind,
  parse,
  print,
  visit,
  type ASTNode,
  type FieldNode,
  type OperationDefinitionNode,
} from 'graphql';

/** The operations the adapter sends, by operation (and file) name. */
export const OPERATION_NAMES = [
  'ObtainKrakenToken',
  'AccountUserAccounts',
  'AccountUserSupply',
  'AccountUserDetail',
  'ProductRates',
  'AccountBills',
  'AccountUserByEmail',
  'AccountHolders',
] as const;

export type OperationName = (typeof OPERATION_NAMES)[number];

const CANDIDATE_DIRS = [
  path.join(__dirname, 'queries'),
  path.join(__dirname, '..', '..', '..', 'adapters', 'kraken', 'queries'),
];

/** The folder holding the operation files. @throws Error when neither place has it */
export function queriesDir(): string {
  const dir = CANDIDATE_DIRS.find((d) => fs.existsSync(path.join(d, 'AccountBills.graphql')));
  if (!dir) throw new Error(`Kraken adapter: no queries folder in ${CANDIDATE_DIRS.join(', ')}`);
  return dir;
}

/** Every operation's text, read from its file, with the fragments it spreads. */
export function loadOperations(dir = queriesDir()): Readonly<Record<OperationName, string>> {
  return Object.fromEntries(
    OPERATION_NAMES.map((name) => [
      name,
      withFragments(fs.readFileSync(path.join(dir, `${name}.graphql`), 'utf8'), dir),
    ]),
  ) as Record<OperationName, string>;
}

/**
 * An operation's text followed by every named fragment it spreads (`...Name`), each read from
 * `fragments/<Name>.graphql` once, the fragments' own spreads included: a GraphQL document must
 * define each fragment it uses, and the files keep a selection two operations share written once.
 * @throws Error when a spread fragment has no file
 */
export function withFragments(text: string, dir = queriesDir()): string {
  const added = new Set<string>();
  const texts = [text];
  for (let i = 0; i < texts.length; i += 1) {
    for (const name of spreadNames(texts[i]!)) {
      if (added.has(name)) continue;
      added.add(name);
      const file = path.join(dir, 'fragments', `${name}.graphql`);
      if (!fs.existsSync(file)) throw new Error(`Kraken adapter: no fragment file ${file}`);
      texts.push(fs.readFileSync(file, 'utf8'));
    }
  }
  return texts.join('\n');
}

/** The names of the fragments a text spreads. */
function spreadNames(text: string): string[] {
  const names: string[] = [];
  visit(parse(text), { FragmentSpread: (node) => void names.push(node.name.value) });
  return names;
}

/** An operation asked for several sets of variables at once (see {@link aliasedOperation}). */
export interface AliasedOperation {
  /** The query text. */
  text: string;
  /** The response keys of the operation's root fields, as one set's answer has them. */
  keys: readonly string[];
}

/**
 * The operation `text` with its root fields asked `count` times in one query: copy `i` of each
 * root field is aliased `<key>_<i>` and reads the variables `<name>_<i>`. GraphQL answers each
 * alias as the field alone, so one query does the work of `count` (a page of several products'
 * rates or accounts' bills) and each copy's answer is read back under its own keys.
 */
export function aliasedOperation(text: string, count: number): AliasedOperation {
  const document = parse(text);
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  if (!operation) throw new Error('Kraken adapter: an operation file without an operation');
  const suffixed = <N extends ASTNode>(node: N, i: number): N =>
    visit(node, {
      Variable: (v) => ({ ...v, name: { ...v.name, value: `${v.name.value}_${i}` } }),
    });
  const roots = operation.selectionSet.selections.filter(
    (s): s is FieldNode => s.kind === Kind.FIELD,
  );
  if (roots.length !== operation.selectionSet.selections.length) {
    throw new Error('Kraken adapter: an aliased operation has root fields only');
  }
  const keys = roots.map((f) => (f.alias ?? f.name).value);
  const copies = Array.from({ length: count }, (_, i) => i);
  const selections = copies.flatMap((i) =>
    roots.map((field, k) => ({
      ...suffixed(field, i),
      alias: { kind: Kind.NAME, value: `${keys[k]!}_${i}` } as const,
    })),
  );
  const variableDefinitions = copies.flatMap((i) =>
    (operation.variableDefinitions ?? []).map((d) => suffixed(d, i)),
  );
  const aliased: OperationDefinitionNode = {
    ...operation,
    variableDefinitions,
    selectionSet: { ...operation.selectionSet, selections },
  };
  const fragments = document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
  return { text: print({ ...document, definitions: [aliased, ...fragments] }), keys };
}
