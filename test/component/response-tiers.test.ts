/**
 * The standard's response-time tiers: each route's declared tier, the tier of a call by the
 * customer-present header or CUSTOMER_PRESENT_DEFAULT, and the `tier` label it gets.
 */
import { tierOfCall } from '../../src/api/response-tiers';
import { startGateway, type TestGateway } from '../helpers/gateway';

const DETAIL = '/v1/common/customer/c-1001/detail';
const LABEL =
  'dhg_http_requests_total{route="/v1/common/customer/{customerId}/detail",method="GET",status="200"';

describe('response-time tiers', () => {
  it('when the route table is built, then each route declares the tier of the standard', async () => {
    const gw = await startGateway();
    try {
      const tiers = Object.fromEntries(gw.gateway.routes.map((r) => [r.operationId, r.tier]));
      expect(tiers).toEqual({
        listShareableAccounts: 'highPriority',
        searchCustomers: 'highPriority',
        getCustomerIdentity: 'highPriority',
        getCustomerDetail: 'highPriority',
        listBankingAccounts: 'highPriority',
        listSpecificBankingAccounts: 'lowPriority',
        listBalances: 'lowPriority',
        listInstalmentPlans: 'lowPriority',
        listDirectDebits: 'largePayload',
        listScheduledPaymentsForAccount: 'lowPriority',
        listScheduledPayments: 'lowPriority',
        listPayees: 'lowPriority',
        listEnergyAccounts: 'highPriority',
        listSpecificEnergyAccounts: 'highPriority',
        listEnergyInvoices: 'lowPriority',
        listEnergyInvoicesForAccount: 'highPriority',
        listEnergyConcessions: 'lowPriority',
        listFdxTransactions: 'lowPriority',
        listFdxStatements: 'lowPriority',
        getFdxStatementDocument: 'largePayload',
        listFdxAssetTransferNetworks: 'lowPriority',
        // The platform reference's endpoints: an account's detail, transactions, plans and
        // balance are Low Priority; an energy account's detail and the FDX account list and
        // contact (account lists and customer data) High Priority.
        getBankingAccount: 'lowPriority',
        listBankingTransactions: 'lowPriority',
        getBankingTransaction: 'lowPriority',
        listInstalmentPlansForAccount: 'lowPriority',
        getEnergyAccount: 'highPriority',
        getEnergyAccountBalance: 'lowPriority',
        listFdxAccounts: 'highPriority',
        getFdxAccount: 'lowPriority',
        getFdxAccountContact: 'highPriority',
        listFdxPaymentNetworks: 'lowPriority',
        createPlatformToken: 'unauthenticated',
        listProducts: 'unauthenticated',
        createProduct: 'unauthenticated',
        updateProduct: 'unauthenticated',
        deleteProduct: 'unauthenticated',
      });
    } finally {
      await gw.close();
    }
  });

  it.each([
    ['highPriority', { 'x-fapi-customer-ip-address': '203.0.113.7' }, false, 'highPriority'],
    ['highPriority', {}, false, 'unattended'],
    ['lowPriority', { 'x-fapi-customer-ip-address': ' ' }, false, 'unattended'],
    ['lowPriority', {}, true, 'lowPriority'],
    ['largePayload', {}, false, 'largePayload'],
    ['unauthenticated', { 'x-fapi-customer-ip-address': '203.0.113.7' }, false, 'unauthenticated'],
  ] as const)(
    'when a %s route is called with %j (present by default: %s), then the call is %s',
    (declared, headers, presentByDefault, tier) => {
      expect(tierOfCall(declared, headers, presentByDefault)).toBe(tier);
    },
  );

  describe.each([
    ['false', 'unattended'],
    ['true', 'highPriority'],
  ])('with CUSTOMER_PRESENT_DEFAULT=%s', (presentByDefault, withoutHeader) => {
    let gw: TestGateway;
    beforeAll(async () => {
      gw = await startGateway({ CUSTOMER_PRESENT_DEFAULT: presentByDefault });
    });
    afterAll(() => gw?.close());

    it(`when a call has no customer-present header, then it is ${withoutHeader}; with it, highPriority`, async () => {
      expect((await gw.get(DETAIL)).status).toBe(200);
      expect(
        (await gw.get(DETAIL, { headers: { 'x-fapi-customer-ip-address': '::1' } })).status,
      ).toBe(200);
      const text = await (await fetch(`${gw.origin}/metrics`)).text();
      const count = (tier: string) =>
        Number(
          new RegExp(`^${escape(`${LABEL},tier="${tier}"}`)} (\\d+)$`, 'm').exec(text)?.[1] ?? 0,
        );
      expect({ unattended: count('unattended'), highPriority: count('highPriority') }).toEqual(
        withoutHeader === 'unattended'
          ? { unattended: 1, highPriority: 1 }
          : { unattended: 0, highPriority: 2 },
      );
    });
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
