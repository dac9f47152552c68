import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadSchemas } from '../../contracts';
import { foldedSchema } from '../../contracts/fold-schemas';
import type { FdxTransaction } from '@data-holder-gateway/adapter-sdk';

const ROOT = path.join(__dirname, '..', '..');
const GENERATED_FILE = path.join(
  'packages',
  'adapter-sdk',
  'src',
  'ports',
  'resources.generated.ts',
);

type Node = Record<string, unknown>;

/** Every object node of a schema, depth first. */
function nodes(value: unknown): Node[] {
  if (Array.isArray(value)) return value.flatMap(nodes);
  if (typeof value !== 'object' || value === null) return [];
  return [value as Node, ...Object.values(value).flatMap(nodes)];
}

describe('resource types generated from contracts/schemas', () => {
  // A child process: Prettier loads its plugins by dynamic import, which jest's sandbox refuses.
  it('when the types are generated again, then they equal the committed file (run `npm run types:generate`)', () => {
    const committed = fs.readFileSync(path.join(ROOT, GENERATED_FILE), 'utf8');
    const fresh = execFileSync(
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', 'contracts/resource-types.ts', '--stdout'],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(fresh).toBe(committed);
  }, 60_000);

  it('when the schemas are folded, then every $ref names a definition of the folded document', () => {
    const folded = foldedSchema() as { $defs: Record<string, unknown> };
    const refs = nodes(folded)
      .map((node) => node.$ref)
      .filter((ref): ref is string => typeof ref === 'string');
    expect(refs.length).toBeGreaterThan(100);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/\$defs\/[A-Za-z0-9]+$/);
      expect(Object.keys(folded.$defs)).toContain(ref.slice('#/$defs/'.length));
    }
  });

  it('when the schemas are folded, then each resource file has a type named after it and the envelopes none', () => {
    const names = Object.keys((foldedSchema() as { $defs: object }).$defs);
    expect(names).toEqual(
      expect.arrayContaining(['Balance', 'BankingAccountV4', 'FdxTransaction', 'ShareableAccount']),
    );
    expect(names).not.toContain('Envelopes');
    expect(names).not.toContain('Links');
  });

  it('when the schemas are folded, then keywords only the validator uses are gone', () => {
    const keywords = nodes(foldedSchema()).flatMap((node) => Object.keys(node));
    for (const keyword of ['if', 'then', 'unevaluatedProperties', '$id', '$schema']) {
      expect(keywords).not.toContain(keyword);
    }
  });

  it('when a schema changes, then the folded document follows it', () => {
    const schemas = loadSchemas() as Record<string, { properties: Record<string, unknown> }>;
    schemas.balance.properties.pendingBalance = { $ref: 'common.json#/$defs/AmountString' };
    const balance = (foldedSchema(schemas) as { $defs: Record<string, Node> }).$defs.Balance;
    expect(balance.properties).toMatchObject({ pendingBalance: { $ref: '#/$defs/AmountString' } });
  });

  it('when two schema files define the same name, then folding fails instead of losing one', () => {
    const schemas = loadSchemas() as Record<string, { $defs?: Record<string, unknown> }>;
    schemas['fdx-statement'].$defs = { Fee: { type: 'string' } };
    expect(() => foldedSchema(schemas)).toThrow(/type Fee exists twice/);
  });

  it('when a loan transaction is typed, then deposit-only fields and types are compile errors', () => {
    const loan: FdxTransaction = {
      accountCategory: 'LOAN_ACCOUNT',
      transactionType: 'PAYOFF',
      transactionId: 't1',
      transactionTimestamp: '2024-01-01T00:00:00Z',
      description: 'Payoff',
      debitCreditMemo: 'CREDIT',
      status: 'POSTED',
      amount: 10,
    };
    // @ts-expect-error a check number belongs to deposit accounts only
    const withCheck: FdxTransaction = { ...loan, checkNumber: 12 };
    // @ts-expect-error PAYOFF is a loan transaction type
    const depositPayoff: FdxTransaction = { ...loan, accountCategory: 'DEPOSIT_ACCOUNT' };
    expect([withCheck.checkNumber, depositPayoff.accountCategory]).toEqual([12, 'DEPOSIT_ACCOUNT']);
  });
});
