/**
 * Fineract transactions → banking transactions (the /v1 list and detail), the query in Fineract's
 * terms (whole dates, amount push-down, order), and the FDX descriptor and contact mappers, on
 * recorded payloads (adapters/fineract/fixtures, each validated against its Fineract component
 * in fineract-mappers.test.ts). Every output is checked against its contract.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseFineractJson } from '../..';
import {
  SAVINGS_CREDIT_TYPES,
  SAVINGS_DEBIT_TYPES,
  dateRangeOf,
  inAmountRange,
  isEmptyRange,
  newestFirst,
  savingsSearchFilters,
  toBankingTransactionDetail,
  toFdxContact,
  toFdxDescriptor,
  toLoanBankingTransaction,
  toPhysicalAddresses,
  toSavingsBankingTransaction,
  type FineractAddress,
  type FineractClient,
  type FineractClientAccounts,
  type FineractLoanTransaction,
  type FineractLoanTransactionPage,
  type FineractSavingsTransaction,
  type FineractSavingsTransactionPage,
} from '../../mappers';
import type { BankingTransaction } from '@data-holder-gateway/adapter-sdk';
import { contractErrorsOf } from '../../../../test/helpers/contracts';

const FIXTURES = path.resolve(__dirname, '../../fixtures');

/** A fixture as the adapter reads it (lossless: unsafe numbers are decimal text). */
function fixture<T>(name: string): T {
  return parseFineractJson(fs.readFileSync(path.join(FIXTURES, name), 'utf8')) as T;
}

const expectContract = (name: string, value: unknown) =>
  expect(contractErrorsOf(name, value)).toEqual([]);

const savingsPage = fixture<FineractSavingsTransactionPage>('savings-transactions-11.json');
const loanPage = fixture<FineractLoanTransactionPage>('loan-transactions-21.json');

/** A savings transaction of one type, the rest from the recorded deposit 118. */
function ofType(id: number, amount: string | number = 10): FineractSavingsTransaction {
  const base = fixture<FineractSavingsTransaction>('savings-transaction-118.json');
  return { ...base, transactionType: { id, code: `type.${id}`, value: `Type ${id}` }, amount };
}

describe('Fineract savings transactions → banking transactions', () => {
  it('when the recorded search page is mapped, then reversed ones and holds are left out and every record conforms', () => {
    const records = (savingsPage.content ?? []).map((t) =>
      toSavingsBankingTransaction('sav-11', t),
    );
    for (const r of records) if (r) expectContract('banking-transaction', r);
    expect(records.map((r) => r && [r.transactionId, r.type, r.amount])).toEqual([
      ['120', 'INTEREST_PAID', '4.41'],
      ['119', 'PAYMENT', '-1234567890123456789.12'],
      ['118', 'TRANSFER_INCOMING', '1500.00'],
      null, // 117: reversed
      ['116', 'FEE', '-2.50'],
      null, // 115: an amount hold moves no money
    ]);
  });

  it('when a deposit read alone is mapped, then every field comes from the payload, the receipt number as the reference', () => {
    const tx = fixture<FineractSavingsTransaction>('savings-transaction-118.json');
    const record = toSavingsBankingTransaction('sav-11', tx);
    expect(record).toEqual({
      accountId: 'sav-11',
      transactionId: '118',
      isDetailAvailable: false,
      type: 'TRANSFER_INCOMING',
      status: 'POSTED',
      description: 'Deposit (Bank Transfer)',
      postingDateTime: '2024-06-15T00:00:00Z',
      valueDateTime: '2024-06-15T00:00:00Z',
      amount: '1500.00',
      currency: 'AUD',
      reference: 'SAL-20240615',
    });
    const detail = toBankingTransactionDetail(record!);
    expect(detail).toEqual({ ...record, extendedData: {} });
    expectContract('banking-transaction-detail', detail);
  });

  it('when a withdrawal belongs to an account transfer, then it is a transfer out; a plain one a payment', () => {
    const transfer = fixture<FineractSavingsTransaction>('savings-transaction-121-transfer.json');
    expect(toSavingsBankingTransaction('sav-11', transfer)).toMatchObject({
      type: 'TRANSFER_OUTGOING',
      amount: '-1850.50',
      reference: 'RENT-2024-07',
      description: 'Withdrawal (Bank Transfer)',
    });
    const { transfer: _linked, ...plain } = transfer;
    expect(toSavingsBankingTransaction('sav-11', plain)).toMatchObject({ type: 'PAYMENT' });
  });

  it.each([
    [1, 'TRANSFER_INCOMING', '10.00'],
    [2, 'PAYMENT', '-10.00'],
    [3, 'INTEREST_PAID', '10.00'],
    [4, 'FEE', '-10.00'],
    [5, 'FEE', '-10.00'],
    [7, 'FEE', '-10.00'],
    [8, 'OTHER', '10.00'],
    [12, 'TRANSFER_OUTGOING', '-10.00'],
    [13, 'TRANSFER_INCOMING', '10.00'],
    [14, 'TRANSFER_INCOMING', '10.00'],
    [15, 'TRANSFER_INCOMING', '10.00'],
    [16, 'OTHER', '-10.00'],
    [17, 'INTEREST_CHARGED', '-10.00'],
    [18, 'OTHER', '-10.00'],
    [19, 'OTHER', '-10.00'],
  ])('when the savings type is %i, then the type is %s and the amount %s', (id, type, amount) => {
    const record = toSavingsBankingTransaction('sav-11', ofType(id));
    expect(record).toMatchObject({ type, amount });
    expectContract('banking-transaction', record);
  });

  it.each([0, 6, 9, 10, 11, 20, 21, 22, 99])(
    'when the savings type is %i (bookkeeping, no money moved, or unknown), then it is left out',
    (id) => {
      expect(toSavingsBankingTransaction('sav-11', ofType(id))).toBeNull();
    },
  );

  it('when the push-down sets of types are read, then they are exactly the served types by direction', () => {
    expect([...SAVINGS_CREDIT_TYPES].sort((a, b) => a - b)).toEqual([1, 3, 8, 13, 14, 15]);
    expect([...SAVINGS_DEBIT_TYPES].sort((a, b) => a - b)).toEqual([
      2, 4, 5, 7, 12, 16, 17, 18, 19,
    ]);
  });

  it('when amounts are signed, then digits are kept exactly, zero has no sign, and a negative Fineract amount turns round', () => {
    expect(toSavingsBankingTransaction('s', ofType(2, '0.10'))?.amount).toBe('-0.10');
    expect(toSavingsBankingTransaction('s', ofType(2, '0'))?.amount).toBe('0.00');
    expect(toSavingsBankingTransaction('s', ofType(2, '1.005'))?.amount).toBe('-1.005');
    expect(toSavingsBankingTransaction('s', ofType(2, '-3'))?.amount).toBe('3.00');
  });

  it('when a record lacks its id, date or amount, or is a reversal entry, then it is left out', () => {
    const base = ofType(1);
    expect(toSavingsBankingTransaction('s', { ...base, id: undefined })).toBeNull();
    expect(toSavingsBankingTransaction('s', { ...base, date: [2024, 2, 30] })).toBeNull();
    expect(toSavingsBankingTransaction('s', { ...base, amount: 'n/a' })).toBeNull();
    expect(toSavingsBankingTransaction('s', { ...base, isReversal: true })).toBeNull();
    const reversed = fixture<FineractSavingsTransaction>('savings-transaction-reversed.json');
    expect(toSavingsBankingTransaction('s', reversed)).toBeNull();
  });

  it('when there is no receipt number, a foreign currency code or none, then reference is empty and currency follows', () => {
    const base = ofType(1);
    const bare = { ...base, paymentDetailData: undefined, currency: { code: 'usd' } };
    expect(toSavingsBankingTransaction('s', bare)).toMatchObject({
      reference: '',
      description: 'Type 1',
    });
    expect(toSavingsBankingTransaction('s', bare)).not.toHaveProperty('currency');
    expect(toSavingsBankingTransaction('s', { ...base, currency: { code: 'NZD' } })).toMatchObject({
      currency: 'NZD',
    });
  });
});

describe('Fineract loan transactions → banking transactions', () => {
  it('when the recorded loan page is mapped, then accruals and reversed ones are left out; repayments come in, the disbursement goes out', () => {
    const records = (loanPage.content ?? []).map((t) => toLoanBankingTransaction('loan-21', t));
    for (const r of records) if (r) expectContract('banking-transaction', r);
    expect(records.map((r) => r && [r.transactionId, r.type, r.amount])).toEqual([
      ['305', 'PAYMENT', '1060.00'],
      null, // 304: accrual
      ['303', 'PAYMENT', '1060.00'],
      null, // 302: manually reversed
      ['301', 'TRANSFER_OUTGOING', '-6000.00'],
    ]);
  });

  it('when a disbursement read alone is mapped, then its receipt is the reference and the detail has no extended data', () => {
    const tx = fixture<FineractLoanTransaction>('loan-transaction-301-disbursement.json');
    const detail = toBankingTransactionDetail(toLoanBankingTransaction('loan-21', tx)!);
    expect(detail).toEqual({
      accountId: 'loan-21',
      transactionId: '301',
      isDetailAvailable: false,
      type: 'TRANSFER_OUTGOING',
      status: 'POSTED',
      description: 'Disbursement (Bank Transfer)',
      postingDateTime: '2024-03-01T00:00:00Z',
      valueDateTime: '2024-03-01T00:00:00Z',
      amount: '-6000.00',
      currency: 'AUD',
      reference: 'DISB-21',
      extendedData: {},
    });
    expectContract('banking-transaction-detail', detail);
  });

  it.each([
    ['repayment', 'PAYMENT', '10.00'],
    ['downPayment', 'PAYMENT', '10.00'],
    ['chargePayment', 'PAYMENT', '10.00'],
    ['waiveInterest', 'OTHER', '10.00'],
    ['writeOff', 'OTHER', '10.00'],
    ['chargeback', 'OTHER', '-10.00'],
    ['capitalizedIncome', 'FEE', '-10.00'],
    ['somethingNew', 'OTHER', '10.00'],
  ])('when the loan type is %s, then the type is %s and the amount %s', (name, type, amount) => {
    const tx: FineractLoanTransaction = {
      id: 9,
      type: { code: `loanTransactionType.${name}` },
      date: [2024, 1, 2],
      amount: 10,
    };
    expect(toLoanBankingTransaction('loan-1', tx)).toMatchObject({ type, amount });
  });

  it.each(['accrual', 'contra', 'chargeOff', 'reAge', 'incomePosting'])(
    'when the loan type is %s (bookkeeping), then it is left out',
    (name) => {
      const tx = {
        id: 9,
        type: { code: `loanTransactionType.${name}` },
        date: [2024, 1, 2],
        amount: 1,
      };
      expect(toLoanBankingTransaction('loan-1', tx)).toBeNull();
    },
  );
});

describe('a transaction query in Fineract terms', () => {
  it.each([
    [
      '2025-11-27T00:00:00.000Z',
      '2026-11-27T23:59:59.999Z',
      { from: '2025-11-27', to: '2026-11-27' },
    ],
    [
      '2025-11-27T00:00:00.001Z',
      '2026-11-27T00:00:00.000Z',
      { from: '2025-11-28', to: '2026-11-27' },
    ],
    [
      '2025-11-26T23:59:59.999Z',
      '2025-11-27T00:00:00.000Z',
      { from: '2025-11-27', to: '2025-11-27' },
    ],
    ['2025-11-27T00:00:00.001Z', '2025-11-27T23:59:59.999Z', null],
    ['2025-11-28T00:00:00.000Z', '2025-11-27T00:00:00.000Z', null],
    ['not a time', '2025-11-27T00:00:00.000Z', null],
  ])('when the window is %s to %s, then the whole dates are %j', (oldest, newest, expected) => {
    expect(dateRangeOf(oldest, newest)).toEqual(expected);
  });

  it('when a transaction dated D is at D 00:00 UTC, then it is in the window exactly when its dates include D', () => {
    // Exhaustive over a few days of boundaries: a date-time window and its date range agree.
    const midnight = (d: string) => Date.parse(`${d}T00:00:00.000Z`);
    const days = ['2025-02-27', '2025-02-28', '2025-03-01', '2025-03-02'];
    const edges = days.flatMap((d) => [midnight(d) - 1, midnight(d), midnight(d) + 1]);
    for (const start of edges) {
      for (const end of edges) {
        const range = dateRangeOf(new Date(start).toISOString(), new Date(end).toISOString());
        for (const d of days) {
          const inWindow = start <= midnight(d) && midnight(d) <= end;
          const inRange = range !== null && range.from <= d && d <= range.to;
          expect([d, start, end, inRange]).toEqual([d, start, end, inWindow]);
        }
      }
    }
  });

  it('when amounts are compared, then the bounds are inclusive and exact', () => {
    expect(inAmountRange('-100.00', { min: '-100' })).toBe(true);
    expect(inAmountRange('-100.01', { min: '-100' })).toBe(false);
    expect(inAmountRange('1234567890123456789.12', { max: '1234567890123456789.11' })).toBe(false);
    expect(inAmountRange('0.00', {})).toBe(true);
    expect(isEmptyRange({ min: '5', max: '4.99' })).toBe(true);
    expect(isEmptyRange({ min: '5', max: '5.00' })).toBe(false);
  });

  it.each([
    [{}, { types: 'all' }],
    [{ min: '100.50' }, { types: 'credit', fromAmount: '100.5' }],
    [
      { min: '10', max: '20' },
      { types: 'credit', fromAmount: '10', toAmount: '20' },
    ],
    [{ max: '-10' }, { types: 'debit', fromAmount: '10' }],
    [
      { min: '-20', max: '-10' },
      { types: 'debit', fromAmount: '10', toAmount: '20' },
    ],
    [
      { min: '-30', max: '20' },
      { types: 'all', toAmount: '30' },
    ],
    [
      { min: '-5', max: '20' },
      { types: 'all', toAmount: '20' },
    ],
    [
      { min: '0', max: '20' },
      { types: 'all', toAmount: '20' },
    ],
    [{ min: '-5' }, { types: 'all' }],
    [{ max: '0' }, { types: 'all' }],
  ])('when the signed range is %j, then the search is asked %j', (range, expected) => {
    const sets = {
      all: [...SAVINGS_CREDIT_TYPES, ...SAVINGS_DEBIT_TYPES].sort((a, b) => a - b),
      credit: SAVINGS_CREDIT_TYPES,
      debit: SAVINGS_DEBIT_TYPES,
    };
    const { types, ...bounds } = expected as { types: keyof typeof sets };
    expect(savingsSearchFilters(range)).toEqual({ types: sets[types], ...bounds });
  });

  it('when every savings type and amount sign is filtered through the push-down, then nothing the exact filter keeps is lost', () => {
    const ranges = [
      { min: '0.01' },
      { min: '5', max: '7' },
      { max: '-0.01' },
      { min: '-7', max: '-5' },
      { min: '-6', max: '6' },
      { min: '0', max: '6' },
    ];
    for (const range of ranges) {
      const pushed = savingsSearchFilters(range);
      for (const id of [...SAVINGS_CREDIT_TYPES, ...SAVINGS_DEBIT_TYPES]) {
        for (const size of ['0', '0.01', '5', '6', '6.5', '7', '8']) {
          const record = toSavingsBankingTransaction('s', ofType(id, size))!;
          if (!inAmountRange(record.amount, range)) continue;
          // Fineract keeps it: its type is asked and its unsigned amount is within the bounds.
          const kept =
            pushed.types.includes(id) &&
            (pushed.fromAmount === undefined || Number(size) >= Number(pushed.fromAmount)) &&
            (pushed.toAmount === undefined || Number(size) <= Number(pushed.toAmount));
          expect([range, id, size, kept]).toEqual([range, id, size, true]);
        }
      }
    }
  });

  it('when records are ordered, then the newest effective time comes first, a day by id ascending as numbers', () => {
    const at = (id: string, day: string, execution = false): BankingTransaction => ({
      accountId: 'a',
      transactionId: id,
      isDetailAvailable: false,
      type: 'OTHER',
      status: execution ? 'PENDING' : 'POSTED',
      description: '',
      amount: '1.00',
      reference: '',
      ...(execution
        ? { executionDateTime: `${day}T00:00:00Z` }
        : { postingDateTime: `${day}T00:00:00Z` }),
    });
    const records = [
      at('100', '2024-01-01'),
      at('99', '2024-01-01'),
      at('7', '2024-01-02', true),
      at('101', '2023-12-31'),
    ];
    expect(records.sort(newestFirst).map((r) => r.transactionId)).toEqual([
      '7',
      '99',
      '100',
      '101',
    ]);
  });
});

describe('Fineract accounts and clients → FDX descriptor and contact', () => {
  const accounts = fixture<FineractClientAccounts>('client-accounts-1.json');

  it('when a savings and a loan entry are described, then kind, masked number, product, status and currency come from the entry', () => {
    const savings = accounts.savingsAccounts![0]!;
    const descriptor = toFdxDescriptor(
      'sav',
      String(savings.id),
      savings,
      'TRANS_AND_SAVINGS_ACCOUNTS',
      'OPEN',
    );
    expectContract('fdx-account-descriptor', descriptor);
    expect(descriptor).toMatchObject({
      accountId: `sav-${savings.id}`,
      accountCategory: 'DEPOSIT_ACCOUNT',
      status: 'OPEN',
      currency: { currencyCode: savings.currency?.code },
    });
    expect(descriptor.accountNumberDisplay).toMatch(/^x+[0-9A-Za-z]{1,4}$/);
    const loan = accounts.loanAccounts![0]!;
    const loanDescriptor = toFdxDescriptor('loan', String(loan.id), loan, 'PERS_LOANS', 'CLOSED');
    expectContract('fdx-account-descriptor', loanDescriptor);
    expect(loanDescriptor).toMatchObject({
      accountCategory: 'LOAN_ACCOUNT',
      accountType: 'PERSONALLOAN',
      status: 'CLOSED',
    });
  });

  it('when the client and its addresses are the contact, then active Australian addresses come, the inactive and foreign one do not', () => {
    const client = fixture<FineractClient>('client-1.json');
    const addresses = fixture<FineractAddress[]>('client-addresses-1.json');
    const contact = toFdxContact(client, addresses);
    expectContract('fdx-account-contact', contact);
    expect(contact).toEqual({
      holders: [
        {
          type: 'CONSUMER',
          name: { first: 'Alex', middle: 'Jordan', last: 'Citizen' },
          relationship: 'SOLE_OWNER',
        },
      ],
      emails: ['alex.citizen@example.com'],
      addresses: [
        {
          line1: 'Unit 4',
          line2: '12 Example Street',
          city: 'Sydney',
          region: 'NSW',
          postalCode: '2000',
          country: 'AU',
        },
        { line1: 'PO Box 77', city: 'Haymarket', region: 'NSW', postalCode: '2001', country: 'AU' },
      ],
      telephones: [{ type: 'CELL', country: '61', number: '491570006' }],
    });
  });

  it('when an address names its country by an ISO alpha-3 code or has no line or city, then the code is used or the address is left out', () => {
    const base: FineractAddress = {
      isActive: true,
      addressLine1: '1 Quay Street',
      city: 'Auckland',
    };
    expect(toPhysicalAddresses([{ ...base, countryName: 'NZL', addressType: 'Office' }])).toEqual([
      {
        addressUType: 'simple',
        simple: { addressLine1: '1 Quay Street', city: 'Auckland', state: '', country: 'NZL' },
        purpose: 'WORK',
      },
    ]);
    expect(toPhysicalAddresses([{ ...base, addressLine1: ' ' }])).toEqual([]);
    expect(toPhysicalAddresses([{ ...base, city: undefined }])).toEqual([]);
    expect(toPhysicalAddresses([{ ...base, countryName: 'Aotearoa' }])).toEqual([]);
  });
});
