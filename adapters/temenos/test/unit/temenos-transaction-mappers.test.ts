/**
 * Temenos transactions → the banking transaction, its detail and the FDX transaction: posted and
 * pending ones, types from Transact's codes, exact signed amounts, and the query helpers (window,
 * amounts, text, order). Every output is validated against the SDK's contract schemas.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  createContractsAjv,
  refOf,
  type BankingTransaction,
} from '@data-holder-gateway/adapter-sdk';
import { parseTemenosJson } from '../..';
import {
  dateRangeOf,
  detailConcerns,
  inAmountRange,
  isEmptyRange,
  isPending,
  matchesText,
  newestFirst,
  pendingDateOf,
  toBankingTransaction,
  toBankingTransactionDetail,
  toFdxTransaction,
  transactionIdOf,
  type TemenosList,
  type TemenosTransaction,
  type TemenosTransactionDetail,
} from '../../mappers';

const ajv = createContractsAjv();
const errorsOf = (value: unknown, name: string): string[] => {
  const validate = ajv.getSchema(refOf(name))!;
  return validate(value)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
};
const listOf = <T>(name: string): T[] =>
  (
    parseTemenosJson(
      fs.readFileSync(path.resolve(__dirname, '../../fixtures', name), 'utf8'),
    ) as TemenosList<T>
  ).body ?? [];

const listed = listOf<TemenosTransaction>('transactions-100100001.json');
const byId = (id: string) => listed.find((t) => transactionIdOf(t) === id)!;
const POSTED = { status: 'POSTED' } as const;
const PENDING = { status: 'PENDING' } as const;
const pendingDetail = listOf<TemenosTransactionDetail>('transaction-FT25020PPPPP.json')[0]!;

describe('Temenos banking transaction mapper', () => {
  it('when a booked transaction is mapped, then it is POSTED on its booking date, its amount signed and exact', () => {
    const record = toBankingTransaction('100100001', byId('250116000003.000001'), POSTED);
    expect(record).toEqual({
      accountId: '100100001',
      transactionId: '250116000003.000001',
      isDetailAvailable: true,
      type: 'PAYMENT',
      status: 'POSTED',
      description: 'Rent January',
      postingDateTime: '2025-01-16T00:00:00Z',
      amount: '-2100.00',
      currency: 'AUD',
      reference: 'FT25016RENT1',
    });
    expect(errorsOf(record, 'banking-transaction')).toEqual([]);
  });

  it('when a transaction has no booking date, then it is PENDING, known by its reference and dated by its detail', () => {
    const tx = byId('FT25020PPPPP');
    expect(isPending(tx)).toBe(true);
    const record = toBankingTransaction('100100001', tx, {
      status: 'PENDING',
      executedOn: pendingDateOf(pendingDetail)!,
    });
    expect(record).toEqual({
      accountId: '100100001',
      transactionId: 'FT25020PPPPP',
      isDetailAvailable: true,
      type: 'PAYMENT',
      status: 'PENDING',
      description: 'Card hold BONDI CAFE',
      executionDateTime: '2025-01-20T00:00:00Z',
      amount: '-12.40',
      currency: 'AUD',
      reference: 'FT25020PPPPP',
    });
    expect(errorsOf(record, 'banking-transaction')).toEqual([]);
  });

  it('when the pending list names a transaction with a booking date, then it is PENDING on that date', () => {
    const record = toBankingTransaction('100100001', byId('250120000005.000001'), PENDING);
    expect(record).toMatchObject({
      transactionId: '250120000005.000001',
      status: 'PENDING',
      executionDateTime: '2025-01-20T00:00:00Z',
      reference: 'FT25020WOOLW',
    });
    expect(record).not.toHaveProperty('postingDateTime');
  });

  it('when a pending transaction has no date from its detail, then it cannot be placed', () => {
    expect(toBankingTransaction('100100001', byId('FT25020PPPPP'), PENDING)).toBeNull();
    expect(pendingDateOf({ processingDate: '20250121' })).toBe('2025-01-21');
  });

  it.each([
    ['250117000004.000001', 'DIRECT_DEBIT'],
    ['250116000003.000001', 'PAYMENT'],
    ['250115000002.000001', 'TRANSFER_INCOMING'],
    ['250115000001.000001', 'FEE'],
    ['241231000009.000001', 'INTEREST_PAID'],
  ])('when transaction %s is typed by its code and sign, then it is %s', (id, type) => {
    expect(toBankingTransaction('100100001', byId(id), POSTED)?.type).toBe(type);
  });

  it('when transfers and interest go out, then they are TRANSFER_OUTGOING and INTEREST_CHARGED', () => {
    const out = { ...byId('250115000002.000001'), amount: -10 };
    const charged = { ...byId('241231000009.000001'), amount: '-1.10' };
    expect(toBankingTransaction('1', out, POSTED)?.type).toBe('TRANSFER_OUTGOING');
    expect(toBankingTransaction('1', charged, POSTED)?.type).toBe('INTEREST_CHARGED');
  });

  it('when a loan’s movements are typed, then money in is a repayment and money out an advance', () => {
    const repayment = { ...byId('250115000002.000001'), transactionType: 'LNPY' };
    const advance = { ...byId('250116000003.000001'), transactionType: 'LNDB' };
    const fee = byId('250115000001.000001');
    expect(toBankingTransaction('1', repayment, POSTED, true)?.type).toBe('PAYMENT');
    expect(toBankingTransaction('1', advance, POSTED, true)?.type).toBe('TRANSFER_OUTGOING');
    expect(toBankingTransaction('1', fee, POSTED, true)?.type).toBe('FEE');
  });

  it('when an amount has more digits than cents, then every digit is kept', () => {
    expect(toBankingTransaction('100100001', byId('241231000009.000001'), POSTED)?.amount).toBe(
      '0.4213',
    );
  });

  it('when the detail is built, then it is the listed record plus the counterparty as payee or payer', () => {
    const out = toBankingTransactionDetail('100100001', byId('250116000003.000001'), POSTED);
    const into = toBankingTransactionDetail('100100001', byId('250115000002.000001'), POSTED);
    const fee = toBankingTransactionDetail('100100001', byId('250115000001.000001'), POSTED);
    expect(out).toEqual({
      ...toBankingTransaction('100100001', byId('250116000003.000001'), POSTED),
      extendedData: { payee: 'Harbour Realty' },
    });
    expect(into?.extendedData).toEqual({ payer: 'ACME PTY LTD' });
    expect(fee).toMatchObject({ isDetailAvailable: false, reference: '', extendedData: {} });
    for (const d of [out, into, fee]) expect(errorsOf(d, 'banking-transaction-detail')).toEqual([]);
  });

  it('when a detail is told from another account’s side, then it still concerns an account of either side', () => {
    const detail: TemenosTransactionDetail = {
      accountId: '100100002',
      debits: [{ debitAccountId: '100100002' }],
      credits: [{ creditAccountId: '100100001' }],
    };
    expect(detailConcerns(detail, '100100001')).toBe(true);
    expect(detailConcerns(detail, '999')).toBe(false);
  });
});

describe('Temenos FDX transaction mapper', () => {
  it('when a deposit account’s booked transactions are mapped, then they are DEPOSIT_ACCOUNT ones with absolute amounts', () => {
    const records = listed.filter((t) => !isPending(t)).map((t) => toFdxTransaction(t, false));
    expect(records[1]).toEqual({
      accountCategory: 'DEPOSIT_ACCOUNT',
      transactionType: 'WITHDRAWAL',
      transactionId: '250117000004.000001',
      postedTimestamp: '2025-01-17T00:00:00Z',
      transactionTimestamp: '2025-01-17T00:00:00Z',
      description: 'Sydney Energy direct debit',
      debitCreditMemo: 'DEBIT',
      status: 'POSTED',
      amount: 89.95,
    });
    expect(records.map((r) => r?.transactionType)).toEqual([
      'WITHDRAWAL',
      'WITHDRAWAL',
      'WITHDRAWAL',
      'TRANSFER',
      'FEE',
      'INTEREST',
      'WITHDRAWAL',
    ]);
    for (const r of records) expect(errorsOf(r, 'fdx-transaction')).toEqual([]);
  });

  it('when a loan’s transactions are mapped, then repayments are PAYMENTs and an advance has no FDX type', () => {
    const repayment = toFdxTransaction(
      { ...byId('250115000002.000001'), transactionType: 'LNPY' },
      true,
    );
    const advance = toFdxTransaction(
      { ...byId('250116000003.000001'), transactionType: 'LNDB' },
      true,
    );
    expect(repayment).toMatchObject({
      accountCategory: 'LOAN_ACCOUNT',
      transactionType: 'PAYMENT',
      debitCreditMemo: 'CREDIT',
    });
    expect(advance).toMatchObject({ accountCategory: 'LOAN_ACCOUNT', debitCreditMemo: 'DEBIT' });
    expect(advance).not.toHaveProperty('transactionType');
    expect(errorsOf(repayment, 'fdx-transaction')).toEqual([]);
    expect(errorsOf(advance, 'fdx-transaction')).toEqual([]);
  });
});

describe('Temenos transaction query helpers', () => {
  it('when a window of date-times is read, then it holds the dates whose midnight lies in it', () => {
    expect(dateRangeOf('2025-01-15T00:00:00.000Z', '2025-01-17T23:59:59.999Z')).toEqual({
      from: '2025-01-15',
      to: '2025-01-17',
    });
    expect(dateRangeOf('2025-01-15T00:00:01.000Z', '2025-01-17T00:00:00.000Z')).toEqual({
      from: '2025-01-16',
      to: '2025-01-17',
    });
    expect(dateRangeOf('2025-01-15T01:00:00.000Z', '2025-01-15T23:00:00.000Z')).toBeNull();
  });

  it('when amounts are bounded, then the signed bounds are compared exactly', () => {
    expect(inAmountRange('-2100.00', { min: '-2100', max: '0' })).toBe(true);
    expect(inAmountRange('0.4213', { min: '0.4214' })).toBe(false);
    expect(isEmptyRange({ min: '5', max: '4.99' })).toBe(true);
  });

  it('when records are ordered and searched, then newest first with a day’s ties by id, text in any case', () => {
    const records = listed
      .flatMap(
        (t) =>
          toBankingTransaction(
            '100100001',
            t,
            isPending(t) ? { status: 'PENDING', executedOn: '2025-01-20' } : POSTED,
          ) ?? [],
      )
      .sort(newestFirst);
    expect(records.map((r) => r.transactionId)).toEqual([
      '250120000005.000001',
      'FT25020PPPPP',
      '250117000004.000001',
      '250116000003.000001',
      '250115000001.000001',
      '250115000002.000001',
      '241231000009.000001',
      '241101000001.000001',
    ]);
    const rent = records.find(
      (r) => r.transactionId === '250116000003.000001',
    ) as BankingTransaction;
    expect([
      matchesText(rent, 'rent jan'),
      matchesText(rent, 'ft25016'),
      matchesText(rent, 'x'),
    ]).toEqual([true, true, false]);
  });
});
