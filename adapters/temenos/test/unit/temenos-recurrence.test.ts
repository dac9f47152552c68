/**
 * Transact's recurrence strings and standing orders: the grammar (`20210501 e0Y e1M e0W o1D e0F`)
 * read into the interface's recurrence, unreadable strings reported rather than failing the list,
 * and each standing order's source, destination, amount and status.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createContractsAjv, refOf } from '@data-holder-gateway/adapter-sdk';
import { parseTemenosJson } from '../..';
import {
  parseT24Recurrence,
  recurrenceInterval,
  sourceAccountOf,
  toRecurrence,
  toScheduledPayment,
  type TemenosList,
  type TemenosStandingOrder,
} from '../../mappers';

const ajv = createContractsAjv();
const errorsOf = (value: unknown, name: string): string[] => {
  const validate = ajv.getSchema(refOf(name))!;
  return validate(value)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
};

const orders =
  (
    parseTemenosJson(
      fs.readFileSync(
        path.resolve(__dirname, '../../fixtures/standing-orders-100100.json'),
        'utf8',
      ),
    ) as TemenosList<TemenosStandingOrder>
  ).body ?? [];
const order = (id: string) => orders.find((o) => o.standingOrderId === id)!;
const own = new Set(['100100001', '100100002', '100100003', '100100004']);

describe('Transact recurrence strings', () => {
  it('when the published example is read, then it is a date and every one month on day 1', () => {
    expect(parseT24Recurrence('20210501 e0Y e1M e0W o1D e0F')).toEqual({
      date: '2021-05-01',
      every: { Y: 0, M: 1, W: 0, D: 0, F: 0 },
      onDay: 1,
    });
  });

  it.each([
    ['20210501 e0Y e1M e0W o1D e0F', 'P1M', 'P1D'],
    ['20250415 e0Y e3M e0W o15D e0F', 'P3M', 'P15D'],
    ['20250710 e1Y e0M e0W o10D e0F', 'P1Y', 'P191D'],
    ['e1Y e6M e0W e0D e0F', 'P1Y6M', undefined],
    ['20250124 e0Y e0M e1W o5D e0F', 'P1W', 'P5D'],
    ['e0Y e0M e2W e0D e0F', 'P2W', undefined],
    ['20250214 e0Y e0M e0W e0D e1F', 'P2W', undefined],
    ['e0Y e0M e0W e1D e0F', 'P1D', undefined],
    ['e1M', 'P1M', undefined],
  ])('when %s is read, then it recurs every %s, on %s of each interval', (text, interval, day) => {
    const recurrence = toRecurrence(text);
    expect(recurrence?.reccurenceUType).toBe('intervalSchedule');
    expect(recurrence?.intervalSchedule?.intervals).toEqual([
      day === undefined ? { interval } : { interval, dayInInterval: day },
    ]);
    expect(recurrenceInterval(text)).toBe(interval);
  });

  it('when every count is zero, then it is one payment on the string’s date', () => {
    expect(toRecurrence('20250301 e0Y e0M e0W e0D e0F')).toEqual({
      nextPaymentDate: '2025-03-01',
      reccurenceUType: 'onceOff',
      onceOff: { paymentDate: '2025-03-01' },
    });
  });

  it('when dates are given, then the next payment and the final payment dates are theirs', () => {
    expect(
      toRecurrence('20250201 e0Y e1M e0W o1D e0F', {
        nextPaymentDate: '2025-02-03',
        finalPaymentDate: '2026-01-01',
      }),
    ).toEqual({
      nextPaymentDate: '2025-02-03',
      reccurenceUType: 'intervalSchedule',
      intervalSchedule: {
        finalPaymentDate: '2026-01-01',
        intervals: [{ interval: 'P1M', dayInInterval: 'P1D' }],
      },
    });
  });

  it.each([
    ['an unknown unit', '20250301 e1Q'],
    ['a unit twice', 'e1M e2M'],
    ['on a unit other than days', 'e1M o2W'],
    ['weeks and months together', 'e1M e1W'],
    ['weeks and fortnights together', 'e1W e1F'],
    ['day 32 of a month', 'e1M o32D'],
    ['day 8 of a week', 'e1W o8D'],
    ['an impossible date', '20250231 e1M'],
    ['no component', '20250301'],
    ['every count zero without a date', 'e0Y e0M e0W e0D e0F'],
    ['nothing', ''],
    ['an old-style frequency', '20250115M0115'],
  ])('when the string has %s, then it cannot be read', (_what, text) => {
    expect(toRecurrence(text)).toBeUndefined();
  });
});

describe('Temenos standing orders as scheduled payments', () => {
  const mapped = orders.map((o) => toScheduledPayment(o, own));

  it('when a monthly order pays an Australian account, then it is a domestic payment at the BSB', () => {
    expect(mapped[0]).toEqual({
      payment: {
        scheduledPaymentId: '100100001.1',
        nickname: 'Rent - Harbour Realty',
        payerReference: 'Rent - Harbour Realty',
        status: 'ACTIVE',
        from: { accountId: '100100001' },
        paymentSet: [
          {
            to: {
              toUType: 'domestic',
              domestic: {
                payeeAccountUType: 'account',
                account: {
                  accountName: 'Harbour Realty',
                  bsb: '082001',
                  accountNumber: '556677889',
                },
              },
            },
            amount: '2100.00',
          },
        ],
        recurrence: {
          nextPaymentDate: '2025-02-01',
          reccurenceUType: 'intervalSchedule',
          intervalSchedule: { intervals: [{ interval: 'P1M', dayInInterval: 'P1D' }] },
        },
      },
    });
  });

  it('when an order pays one of the customer’s accounts, then the destination is that account, the amount exact', () => {
    expect(mapped[1]).toMatchObject({
      payment: {
        paymentSet: [{ to: { toUType: 'accountId', accountId: '100100002' }, amount: '50.005' }],
        recurrence: { nextPaymentDate: '2025-01-24' },
      },
    });
  });

  it('when an order pays an IBAN abroad, then it is international, ending on its end date', () => {
    expect(mapped[2]).toMatchObject({
      payment: {
        paymentSet: [
          {
            to: {
              toUType: 'international',
              international: {
                beneficiaryDetails: { name: 'Margaret Citizen', country: 'GBR' },
                bankDetails: {
                  country: 'GBR',
                  accountNumber: 'GB29NWBK60161331926819',
                  beneficiaryBankBIC: 'NWBKGB2LXXX',
                },
              },
            },
          },
        ],
        recurrence: {
          nextPaymentDate: '2025-04-15',
          intervalSchedule: { finalPaymentDate: '2026-01-15' },
        },
      },
    });
  });

  it('when an order pays a saved beneficiary, then the destination is that payee', () => {
    expect(mapped[3]).toMatchObject({
      payment: { paymentSet: [{ to: { toUType: 'payeeId', payeeId: 'BEN2401ABC' } }] },
    });
  });

  it('when an order’s recurrence cannot be read, then it alone is left out, saying why', () => {
    expect(mapped[4]).toEqual({ skip: 'recurrence' });
    expect(mapped.filter((m) => 'payment' in m)).toHaveLength(6);
  });

  it('when an order pays a percentage of the balance and awaits authorisation, then its amount is calculated and it is inactive', () => {
    expect(mapped[6]).toMatchObject({
      payment: {
        status: 'INACTIVE',
        payerReference: '',
        paymentSet: [{ isAmountCalculated: true }],
        recurrence: { intervalSchedule: { intervals: [{ interval: 'P1D' }] } },
      },
    });
    const item = 'payment' in mapped[6]! ? mapped[6].payment.paymentSet[0] : undefined;
    expect(item).not.toHaveProperty('amount');
  });

  it('when an order is from no account of the customer, then it is left out', () => {
    expect(mapped[7]).toEqual({ skip: 'source' });
    expect(sourceAccountOf({ standingOrderId: '100100002.1' })).toBe('100100002');
    expect(sourceAccountOf({ standingOrderId: 'X.1', accountId: '100100001' })).toBe('100100001');
  });

  it('when an order has no destination the interface can describe, then it is left out', () => {
    expect(toScheduledPayment({ ...order('100100001.1'), bankSortCode: undefined }, own)).toEqual({
      skip: 'destination',
    });
  });

  it('when every order that maps is checked, then it validates against the contract', () => {
    for (const m of mapped) {
      if ('payment' in m) expect(errorsOf(m.payment, 'scheduled-payment')).toEqual([]);
    }
  });
});
