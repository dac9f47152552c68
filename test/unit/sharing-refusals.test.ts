/**
 * How refusals are weighed (src/refusals/sharing-refusals.ts): harm wins; then the operator's
 * entry for the account, its entry for the customer, the core's; and the operator's list as
 * parsed (src/refusals/refusal-list.ts).
 */
import { parseRefusalList, RefusalList } from '../../src/refusals/refusal-list';
import { SharingRefusals } from '../../src/refusals/sharing-refusals';

function listOf(entries: unknown[]): RefusalList {
  const parsed = parseRefusalList(JSON.stringify(entries));
  if (!parsed.ok) throw new Error(parsed.problems.join('; '));
  return parsed.list;
}

describe('weighing refusals', () => {
  const refusals = new SharingRefusals(
    () =>
      listOf([
        { customerId: 'c-1', reason: 'suspended' },
        { customerId: 'c-1', accountId: 'a-1', reason: 'blocked' },
        { customerId: 'c-2', accountId: 'a-2', reason: 'harm' },
        { customerId: 'c-3', reason: 'harm' },
      ]),
    404,
  );

  it.each([
    ['the account entry over the customer entry', 'c-1', 'a-1', undefined, 'blocked'],
    ['the customer entry for an account without one', 'c-1', 'a-9', undefined, 'suspended'],
    ['the operator over the core', 'c-1', 'a-9', 'blocked', 'suspended'],
    ['harm from the core over the operator', 'c-1', 'a-1', 'harm', 'harm'],
    ['harm from the operator over the core', 'c-2', 'a-2', 'blocked', 'harm'],
    ['a customer flagged for harm on each account', 'c-3', 'a-3', undefined, 'harm'],
    ['the core alone', 'c-9', 'a-9', 'suspended', 'suspended'],
    ['nothing', 'c-9', 'a-9', undefined, undefined],
  ] as const)(
    'when weighing %s, then the account is %s',
    (_n, customer, account, core, expected) => {
      expect(refusals.account(customer, account, core)).toBe(expected);
    },
  );

  it("when the customer's own refusal is asked for, then only a whole-customer entry counts", () => {
    expect([refusals.customer('c-1'), refusals.customer('c-2'), refusals.customer('c-3')]).toEqual([
      'suspended',
      undefined,
      'harm',
    ]);
  });

  it('when no list is configured, then nothing is refused beyond the core and body ids are 404', () => {
    expect(SharingRefusals.NONE.account('c-1', 'a-1')).toBeUndefined();
    expect(SharingRefusals.NONE.bodyIdStatus).toBe(404);
  });
});

describe('parsing the refusal list', () => {
  it('when the same entry is repeated with the same reason, then it is accepted', () => {
    const parsed = parseRefusalList(
      JSON.stringify([
        { customerId: 'c', reason: 'harm' },
        { customerId: 'c', reason: 'harm' },
      ]),
    );
    expect(parsed.ok && parsed.list.size).toBe(2);
  });

  it('when an entry is not an object or names its ids badly, then each problem is named by pointer', () => {
    const parsed = parseRefusalList(
      JSON.stringify(['c-1', { customerId: 7, accountId: null, reason: 'harm' }]),
    );
    expect(parsed).toEqual({
      ok: false,
      problems: [
        '/0: must be an object {"customerId", "accountId"?, "reason"}',
        '/1/customerId: must be a non-empty string without surrounding spaces',
        '/1/accountId: must be a non-empty string without surrounding spaces, or absent for the whole customer',
      ],
    });
  });

  it('when the list is empty, then nothing is refused', () => {
    const parsed = parseRefusalList('[]');
    expect(parsed.ok && parsed.list.customer('c')).toBeUndefined();
  });
});
