/**
 * The adapter's operations against Kraken's schema: the carried subset is a valid schema by
 * itself, every operation in `queries/` validates against it, and (when `KRAKEN_FULL_SDL` names the
 * full introspected schema) against the full schema too, with the committed subset exactly what
 * `npm run kraken:schema` extracts from it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  buildSchema,
  parse,
  print,
  validate,
  validateSchema,
  visit,
  type DocumentNode,
  type FieldNode,
} from 'graphql';
import { extractSubsetSdl, readOperations, SUBSET_FILE } from '../../../../scripts/kraken-schema';
import { loadOperations, OPERATION_NAMES, withFragments } from '../../kraken-queries';
import { MAX_PAGE_SIZE } from '../../kraken-client';

const subset = buildSchema(fs.readFileSync(SUBSET_FILE, 'utf8'));
const operations = readOperations();
const source = (file: string) =>
  fs.readFileSync(path.join(__dirname, '..', '..', 'queries', file), 'utf8');

describe('the Kraken schema subset and the adapter operations', () => {
  it('when the subset is built alone, then it is a valid schema', () => {
    expect(validateSchema(subset).map((e) => e.message)).toEqual([]);
  });

  it('when the queries folder is read, then it holds exactly the operations the adapter sends', () => {
    expect(operations.map((o) => o.file)).toEqual(
      [...OPERATION_NAMES].sort().map((name) => `${name}.graphql`),
    );
    const texts = loadOperations();
    for (const name of OPERATION_NAMES) expect(texts[name]).toMatch(new RegExp(`\\b${name}\\b`));
  });

  it.each(operations.map((o) => [o.file, o.document] as [string, DocumentNode]))(
    'when %s is validated against the subset, then graphql reports no error',
    (_file, document) => {
      expect(validate(subset, document).map((e) => e.message)).toEqual([]);
    },
  );

  it('when a query selects a field the subset lacks, then validation fails (the check can fail)', () => {
    const wrong = parse('query { account(accountNumber: "A-1") { number balanceOverdue } }');
    const messages = validate(subset, wrong).map((e) => e.message);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^Cannot query field "balanceOverdue" on type "AccountType"/);
  });

  it('when a connection is paged, then the page size is a variable the client keeps at most 100', () => {
    const paged = operations.filter(({ file }) => /\bfirst:/.test(source(file)));
    expect(paged.map((o) => o.file)).toEqual([
      'AccountBills.graphql',
      'AccountUserSupply.graphql',
      'ProductRates.graphql',
    ]);
    for (const { file } of paged) {
      expect({ file, literal: /\bfirst:\s*\d/.test(source(file)) }).toEqual({
        file,
        literal: false,
      });
    }
    expect(MAX_PAGE_SIZE).toBeLessThanOrEqual(100);
  });

  it('when the accounts query reads the first bill page, then it reads the page AccountBills reads (one fragment), with the same window arguments', () => {
    const billsField = (file: string) => {
      let found: FieldNode | undefined;
      visit(operations.find((o) => o.file === file)!.document, {
        Field: (f) => {
          if (f.name.value === 'bills') found = f;
        },
      });
      return found!;
    };
    const paging = billsField('AccountBills.graphql');
    const first = billsField('AccountUserSupply.graphql');
    for (const field of [paging, first])
      expect(print(field.selectionSet!)).toBe('{\n  ...BillPage\n}');
    const args = (f: FieldNode) =>
      f.arguments!.map((a) => print(a)).filter((a) => !a.startsWith('after'));
    expect(args(first)).toEqual(args(paging));
    expect(first.directives!.map((d) => print(d))).toEqual(['@include(if: $withBills)']);
  });

  it('when an operation spreads fragments, then each is appended once, and a spread without a fragment file fails naming it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kraken-fragments-'));
    fs.mkdirSync(path.join(dir, 'fragments'));
    fs.writeFileSync(path.join(dir, 'fragments', 'A.graphql'), 'fragment A on T { x ...B }');
    fs.writeFileSync(path.join(dir, 'fragments', 'B.graphql'), 'fragment B on T { y }');
    const text = withFragments('query Q { t { ...A ...B } u { ...A } }', dir);
    expect(text.match(/fragment \w/g)).toEqual(['fragment A', 'fragment B']);
    expect(() => withFragments('query Q { t { ...C } }', dir)).toThrow(/fragments\/C\.graphql/);
  });

  // An optional test input, not gateway configuration: the full schema is not in the repository.
  // eslint-disable-next-line no-restricted-properties
  const fullSdl = process.env.KRAKEN_FULL_SDL;
  const withFull = fullSdl && fs.existsSync(fullSdl) ? it : it.skip;
  withFull(
    'when the full schema is given, then every operation validates against it and the subset is current',
    () => {
      const text = fs.readFileSync(fullSdl!, 'utf8');
      const full = buildSchema(text, { assumeValidSDL: true });
      for (const { file, document } of operations) {
        expect({ file, errors: validate(full, document).map((e) => e.message) }).toEqual({
          file,
          errors: [],
        });
      }
      // The same definitions as the committed file (which prettier formatted).
      const canonical = (sdl: string) => print(parse(sdl));
      expect(canonical(extractSubsetSdl(text))).toBe(
        canonical(fs.readFileSync(SUBSET_FILE, 'utf8')),
      );
    },
  );
});
