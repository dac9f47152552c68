/**
 * The adapter's GraphQL operations, read once from `queries/*.graphql` (the files the schema test
 * validates against the subset of Kraken's schema, and `npm run kraken:schema` walks).
 *
 * The files stay the single source of each operation's text. A compiled gateway (`dist/`) runs
 * beside the repository's sources, so the folder is looked for next to this module first (ts-node,
 * jest) and then at its place in the source tree.
 */
import fs from 'node:fs';
import path from 'node:path';

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

/** Every operation's text, read from its file. */
export function loadOperations(dir = queriesDir()): Readonly<Record<OperationName, string>> {
  return Object.fromEntries(
    OPERATION_NAMES.map((name) => [
      name,
      fs.readFileSync(path.join(dir, `${name}.graphql`), 'utf8'),
    ]),
  ) as Record<OperationName, string>;
}
