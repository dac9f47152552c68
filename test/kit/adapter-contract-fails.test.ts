/**
 * The contract suite can fail: run on deliberately broken adapters (`broken-adapter.contract.ts`,
 * the demo; `broken-template.contract.ts`, the template's optional methods; in a child jest), each
 * defect fails the check meant for it.
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
        '**/test/kit/broken-template.contract.ts',
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

  /** The failure message of the test titled `title` of a suite (default the broken demo). */
  const failure = (title: string, suite = 'broken demo'): string => {
    const found = results.find(
      (r) => r.fullName.startsWith(`adapter contract: ${suite} `) && r.fullName.includes(title),
    );
    if (!found) throw new Error(`no test titled ${title} in ${suite}`);
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

  test('when an energy balance is a JSON number, then the balance check names the contract', () => {
    expect(
      failure('customer c-1001 (with data) when the balance of each unrefused account'),
    ).toContain('does not match schemas/energy-balance.json');
  });

  describe('the optional methods, on the broken template', () => {
    const template = (title: string) => failure(title, 'broken template');

    test.each([
      [
        'a whole list not newest first',
        'when the account’s transactions are listed',
        'are not newest effective time first',
      ],
      [
        'a page after the first counting only what follows it',
        'when transactions are read 7 at a time by offset',
        'page 2 (offset 7, limit 7) says total 69; the whole list holds 76',
      ],
      [
        'textIgnored without text',
        'when transactions are listed without text, then textIgnored is not set',
        'banking.listTransactions (offset 1, limit 2) says textIgnored although no text was asked for',
      ],
      [
        'the newest end of a window left out',
        'when a narrower window is asked for',
        '"newest":"2026-',
      ],
      ['maxAmount ignored', 'when amounts are bounded', '"maxAmount":"'],
      ['text compared case-sensitively', 'when text is asked for in other capitals', '{"text":"'],
      [
        'a detail without the extended data its list item announces',
        'when the detail of each listed transaction is asked for',
        'is listed with isDetailAvailable true, but its extendedData is empty',
      ],
      [
        "another customer's account answering",
        'when 1001 asks for the transactions of an account exclusive to 1002',
        "banking.listTransactions(1001, a-1002-01 of 1002) answered the other customer's transactions",
      ],
    ])('when the transaction list has %s, then its check fails', (_defect, title, message) => {
      expect(template(title)).toContain(message);
    });

    test('when a window, amount or text filter misses, then its check names the query and what differs', () => {
      expect(template('when a narrower window is asked for')).toMatch(/\) leaves out a-1001-01-/);
      expect(template('when amounts are bounded')).toMatch(
        /\) holds a-1001-01-.*, which do not match/,
      );
      expect(template('when text is asked for in other capitals')).toMatch(
        /\) leaves out a-1001-01-/,
      );
    });

    test.each([
      [
        'a descriptor whose status is not its account info’s',
        'customer 1001 (with data) when account descriptors are listed',
        'descriptor a-1001-04 has status OPEN; getAccountInfo says CLOSED',
      ],
      [
        'a descriptor without its account’s refusal',
        'then a-1004-02 carries sharingRefusal blocked on every record',
        'fdx.listAccountDescriptors: a-1004-02 has sharingRefusal undefined',
      ],
      [
        'a detail whose status is not its account info’s',
        'customer 1001 (with data) when account details are asked for',
        'fdx.getAccountDetail(a-1001-04) has status OPEN; getAccountInfo says CLOSED',
      ],
      [
        'a detail for an unknown customer',
        'then fdx.getAccountDetail (when the adapter has it) rejects',
        'fdx.getAccountDetail resolved for an unknown customer',
      ],
      [
        'a contact for an unknown account',
        'customer 1001 (with data) when account contacts are asked for',
        'expect(received).toBeNull()',
      ],
      [
        "a contact of another customer's account",
        'when 1001 asks for the FDX detail, contact or payment networks',
        "fdx.getAccountContact(1001, a-1002-01 of 1002) answered for another customer's account",
      ],
      [
        'payment networks whose position key never moves on',
        'customer 1001 (with data) when payment networks are walked one at a time',
        'fdx.listPaymentNetworks(a-1001-01) page 2 repeats its own position key',
      ],
    ])('when the FDX accounts have %s, then its check fails', (_defect, title, message) => {
      expect(template(title)).toContain(message);
    });

    test('when the defects do not touch a check of the template, then that check still passes', () => {
      const passed = results
        .filter(
          (r) =>
            r.status === 'passed' && r.fullName.startsWith('adapter contract: broken template '),
        )
        .map((r) => r.fullName);
      expect(passed).toEqual(
        expect.arrayContaining([
          expect.stringContaining('customer 1002 (second) when account descriptors are listed'),
          expect.stringContaining('customer 1002 (second) when account details are asked for'),
          expect.stringContaining('customer 1002 (second) when account contacts are asked for'),
          expect.stringContaining(
            'then banking.listTransactions (when the adapter has it) rejects',
          ),
          expect.stringContaining(
            'when 1002 asks for the transactions of an account exclusive to 1001',
          ),
          expect.stringContaining(
            'then a-1004-03 carries sharingRefusal suspended on every record',
          ),
          expect.stringContaining(
            "when the customer's address is searched as the gateway hands it",
          ),
        ]),
      );
    });
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
