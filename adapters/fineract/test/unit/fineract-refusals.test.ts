/**
 * Which Fineract account states are refusals to share (docs/fineract.md, "Refusals to share"):
 * the savings sub-status block (or both one-way blocks) is blocked, a transfer on hold is
 * suspended; every other state is shared. Each mapper carries the same answer.
 */
import {
  entrySharingRefusal,
  savingsSharingRefusal,
  toSavingsFamilyAccount,
  toShareableAccount,
  type FineractSavingsStatus,
  type FineractSavingsSubStatus,
} from '../../mappers';

const ACTIVE: FineractSavingsStatus = {
  id: 300,
  code: 'savingsAccountStatusType.active',
  active: true,
};
const ON_HOLD: FineractSavingsStatus = {
  id: 304,
  code: 'savingsAccountStatusType.transfer.on.hold',
  transferOnHold: true,
};
const sub = (flags: Partial<FineractSavingsSubStatus>): FineractSavingsSubStatus => ({
  id: 0,
  none: false,
  ...flags,
});

describe('Fineract states that refuse sharing', () => {
  it.each([
    ['block', ACTIVE, sub({ block: true }), 'blocked'],
    ['blockDebit and blockCredit', ACTIVE, sub({ blockDebit: true, blockCredit: true }), 'blocked'],
    ['a transfer on hold', ON_HOLD, sub({ none: true }), 'suspended'],
    ['a transfer on hold and a block', ON_HOLD, sub({ block: true }), 'blocked'],
    ['blockDebit only', ACTIVE, sub({ blockDebit: true }), undefined],
    ['blockCredit only', ACTIVE, sub({ blockCredit: true }), undefined],
    ['dormant', ACTIVE, sub({ dormant: true }), undefined],
    ['inactive', ACTIVE, sub({ inactive: true }), undefined],
    ['escheat', ACTIVE, sub({ escheat: true }), undefined],
    ['no sub-status', ACTIVE, undefined, undefined],
  ])('when a savings account has %s, then it is %s', (_n, status, subStatus, expected) => {
    expect(savingsSharingRefusal(status, subStatus)).toBe(expected);
  });

  it('when a blocked savings account is mapped, then its record, its list item and its FDX view say blocked', () => {
    const blocked = sub({ block: true });
    const record = toSavingsFamilyAccount(
      'sav',
      { id: 8, accountNo: '000000008', status: ACTIVE, subStatus: blocked },
      { holder: { customerId: '4' }, productCategory: 'TRANS_AND_SAVINGS_ACCOUNTS' },
    );
    const entry = { id: 8, accountNo: '000000008', status: ACTIVE, subStatus: blocked };
    expect(record?.sharingRefusal).toBe('blocked');
    expect(toShareableAccount('sav', entry, { customerId: '4' })?.sharingRefusal).toBe('blocked');
    expect(entrySharingRefusal('sav', entry)).toBe('blocked');
  });

  it('when a loan is listed, then it is never refused (Fineract has no loan blocks)', () => {
    expect(
      entrySharingRefusal('loan', { id: 1, status: { id: 300, active: true } }),
    ).toBeUndefined();
  });
});
