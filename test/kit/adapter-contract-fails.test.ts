/**
 * The contract suite can fail: run on a deliberately broken adapter
 * (`broken-adapter.contract.ts`, in a child jest), each defect fails the check meant for it.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface JestJson {
  testResults: {
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}

const ROOT = path.resolve(__dirname, '../..');

function runBrokenSuite(): Promise<JestJson> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-contract-')), 'result.json');
  const jest = require.resolve('jest/bin/jest', { paths: [ROOT] });
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [
        jest,
        '--testMatch',
        '**/test/kit/broken-adapter.contract.ts',
        '--json',
        '--outputFile',
        out,
      ],
      { cwd: ROOT, env: { ...process.env, DHG_TIMING: '' } },
      () => {
        // jest exits 1 because tests failed: that is the point; read what it wrote.
        try {
          resolve(JSON.parse(fs.readFileSync(out, 'utf8')) as JestJson);
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      },
    );
  });
}

describe('adapter contract suite on a broken adapter', () => {
  let results: { fullName: string; status: string; failureMessages: string[] }[];

  beforeAll(async () => {
    results = (await runBrokenSuite()).testResults.flatMap((r) => r.assertionResults);
  }, 60_000);

  const failure = (title: string): string => {
    const found = results.find((r) => r.fullName.includes(title));
    if (!found) throw new Error(`no test titled ${title}`);
    expect(found.status).toBe('failed');
    return found.failureMessages.join('\n');
  };

  test('when an unknown customer gets an answer, then the unknown-customer check fails', () => {
    expect(
      failure('when the customer is unknown, then customer.getCustomerDetail rejects'),
    ).toContain('resolved for an unknown customer');
  });

  test('when a record holds a Date, then the plain-data check fails', () => {
    expect(failure('customer c-1001 (with data) when customer detail is asked for')).toContain(
      'is a Date, not a plain object',
    );
  });

  test('when a core field leaks into an account, then the contract check names it', () => {
    expect(failure('customer c-1001 (with data) when banking accounts are listed')).toContain(
      '"coreBranch"',
    );
  });

  test('when balances come back for ids nobody asked for, then the given-ids check fails', () => {
    expect(failure('customer c-1001 (with data) when balances are asked for')).toContain(
      'outside the requested ones',
    );
  });

  test('when the last transaction page still has a next, then the paging walk fails', () => {
    expect(failure('when transactions are walked 50 at a time')).toContain(
      'repeats its own position key',
    );
  });

  test('when circuitGroups names an unknown operation and a bad group, then the identity check names both', () => {
    const message = failure('when circuitGroups is given');
    expect(message).toContain('banking.listBalance is no operation of an exposed port');
    expect(message).toContain('fdx.listStatements -> "Archive"');
  });

  test('when the search compares case-sensitively, then the search check fails', () => {
    expect(failure("when the customer's address is searched as the gateway hands it")).toContain(
      'searchCustomersByEmail(JANE.CITIZEN@EXAMPLE.COM) does not find c-1001: compare addresses case-insensitively',
    );
  });

  test('when an unknown customer gets an identity, then the identity check fails', () => {
    expect(failure('then an unknown customer is CustomerNotFoundError')).toContain(
      'getCustomerIdentity of an unknown customer resolved; expected CustomerNotFoundError',
    );
  });

  test('when the authorisation list gives a refusal reason that is none of the three, then the refusal checks name it', () => {
    expect(failure("when c-2001's accounts carry sharingRefusal")).toContain(
      'acc-b-2001-02: sharingRefusal "frozen" is not a reason',
    );
    expect(failure('then acc-b-2001-02 carries sharingRefusal blocked on every record')).toContain(
      'authorisation list: acc-b-2001-02 has sharingRefusal frozen',
    );
  });

  test('when account refs leave out the records’ product category, then the account refs check fails', () => {
    expect(failure('customer c-1001 (with data) when the adapter lists account refs')).toContain(
      'productCategory',
    );
  });

  test('when the refs of an invoice check depend on the window, then the invoice refs check fails', () => {
    expect(
      failure('customer c-1001 (with data) when the energy port lists account refs for an invoice'),
    ).toContain('2026-01-31');
  });

  test('when the payees of a customer flagged for harm are served, then the harm check fails', () => {
    expect(failure('when the data of c-2002 (flagged for harm) is read')).toContain(
      'banking.listPayees resolved for a customer flagged for harm',
    );
  });

  test('when the defects do not touch a check, then that check still passes', () => {
    const passed = results.filter((r) => r.status === 'passed').map((r) => r.fullName);
    expect(passed).toEqual(
      expect.arrayContaining([
        expect.stringContaining('when payees are asked for'),
        expect.stringContaining('when the gateway shuts down, then close() resolves'),
        expect.stringContaining('when circuitPerOperation is given'),
        expect.stringContaining(
          'when nobody has the address, then the search answers an empty list',
        ),
        expect.stringContaining("then the customer's identity validates against customer-identity"),
        expect.stringContaining("when c-1002's accounts carry sharingRefusal"),
      ]),
    );
  });
});
