/** Per customer: the authorisation list, customer detail and FDX account info of each fixture customer. */
import type { FdxAccountInfo, ShareableAccountRecord } from '../ports';
import { presentShareableAccount } from '../presentation';
import {
  assertContract,
  fail,
  assertUnique,
  assertOnlyKeys,
  SHAREABLE_FIELDS,
  assertListExtras,
} from './checks';
import type { ContractHarness } from './harness';
import { describeBanking } from './banking';
import { describeEnergy } from './energy';
import { describeFdxAccounts } from './fdx-accounts';

export function describeCustomer(
  h: ContractHarness,
  customerId: string,
  role: 'with data' | 'second' | 'empty',
): void {
  const empty = role === 'empty';
  describe(`customer ${customerId} (${role})`, () => {
    test('when the authorisation list is asked for, then each item validates as the gateway presents it and ids are unique', async () => {
      const records: ShareableAccountRecord[] = await h.shareable(customerId);
      if (empty) expect(records).toEqual([]);
      else if (records.length === 0) fail(`the customer ${role} has no shareable accounts`);
      records.forEach((r, i) => {
        assertOnlyKeys(r, SHAREABLE_FIELDS, `listShareableAccounts[${i}]`);
        if (r.openStatus !== 'OPEN' && r.openStatus !== 'CLOSED')
          fail(
            `listShareableAccounts[${i}].openStatus is ${String(r.openStatus)}; expected OPEN or CLOSED`,
          );
        if (r.industry !== undefined && r.industry !== 'banking' && r.industry !== 'energy')
          fail(
            `listShareableAccounts[${i}].industry is ${String(r.industry)}; expected banking or energy`,
          );
        assertListExtras(r, `listShareableAccounts[${i}]`);
      });
      // Exactly what the gateway's row 1 does with the records.
      records
        .map(presentShareableAccount)
        .forEach((a, i) => assertContract('shareable-account', a, `authorisation list item ${i}`));
      assertUnique(
        records.map((r) => r.accountId),
        'authorisation list account ids',
      );
    });

    test('when the authorisation list is asked for, then it holds exactly the banking then the energy accounts', async () => {
      const listed = (await h.shareable(customerId)).map((a) => a.accountId);
      const banking = await h.bankingIds(customerId);
      const energy = await h.energyIds(customerId);
      expect([...listed].sort()).toEqual([...banking, ...energy].sort());
      const lastBanking = Math.max(-1, ...banking.map((id) => listed.indexOf(id)));
      const firstEnergy = Math.min(listed.length, ...energy.map((id) => listed.indexOf(id)));
      if (lastBanking > firstEnergy) fail('an energy account is listed before a banking account');
    });

    test('when customer detail is asked for, then it validates against customer-detail', async () => {
      const detail = await h.once(`customer.getCustomerDetail(${customerId})`, (ctx) =>
        h.port('customer').getCustomerDetail(customerId, ctx),
      );
      assertContract('customer-detail', detail, 'getCustomerDetail');
    });

    test('when the same read is made twice, then both answers are equal (reads are repeatable)', async () => {
      const first = await h.call('authorisation.listShareableAccounts', (ctx) =>
        h.port('authorisation').listShareableAccounts(customerId, ctx),
      );
      const second = await h.call('authorisation.listShareableAccounts', (ctx) =>
        h.port('authorisation').listShareableAccounts(customerId, ctx),
      );
      expect(second).toEqual(first);
    });

    if (h.ports.has('banking')) describeBanking(h, customerId, empty);
    if (h.ports.has('energy')) describeEnergy(h, customerId, empty);
    if (h.ports.has('fdx')) {
      test("when FDX account info is asked for each of the customer's accounts, then it is there and well formed; an unknown account is null", async () => {
        const ids = (await h.shareable(customerId)).map((a) => a.accountId);
        for (const accountId of ids) {
          const info = await h.call(`fdx.getAccountInfo(${accountId})`, (ctx) =>
            h.port('fdx').getAccountInfo(customerId, accountId, ctx),
          );
          assertAccountInfo(info, `fdx.getAccountInfo of the customer's account ${accountId}`);
        }
        const missing = await h.call('fdx.getAccountInfo(unknown account)', (ctx) =>
          h.port('fdx').getAccountInfo(customerId, 'no-such-account-0f3c9', ctx),
        );
        expect(missing).toBeNull();
      });
      describeFdxAccounts(h, customerId, empty);
    }
  });
}

export function assertAccountInfo(info: FdxAccountInfo | null, where: string): void {
  if (info === null) fail(`${where} is null`);
  assertOnlyKeys(
    info,
    ['status', 'supportsFdx', 'supportsAssetTransferNetworks', 'sharingRefusal'],
    where,
  );
  if (!['OPEN', 'CLOSED', 'RESTRICTED'].includes(info.status))
    fail(`${where}.status is ${String(info.status)}`);
  expect(typeof info.supportsFdx).toBe('boolean');
  expect(typeof info.supportsAssetTransferNetworks).toBe('boolean');
}
