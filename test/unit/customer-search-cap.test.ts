/**
 * The cap on customer searches under way (CUSTOMER_SEARCH_MAX_IN_FLIGHT): one more is refused
 * with 429 and Retry-After before the core is asked, and a search that ends, however it ends,
 * frees its place.
 */
import { CustomerService } from '../../src/endpoints/customer/customer.service';
import { CoreUnavailableError, GatewayError, TooManySearchesError } from '../../src/errors';
import type { CallContext, CustomerPort, CustomerSearchResult } from '../../src/ports';

const ctx: CallContext = { signal: new AbortController().signal, requestId: 'req-1' };

/** A port whose searches end when the test says, each as it says. */
function heldPort() {
  const pending: { resolve: (r: CustomerSearchResult[]) => void; reject: (e: unknown) => void }[] =
    [];
  const port: CustomerPort = {
    getCustomerDetail: () => Promise.reject(new Error('not used')),
    searchCustomersByEmail: () =>
      new Promise<CustomerSearchResult[]>((resolve, reject) => pending.push({ resolve, reject })),
  };
  return { port, pending };
}

/** Lets the service's awaits run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the cap on customer searches under way', () => {
  it('when as many searches are under way as the cap, then one more is 429 with Retry-After 1 and the core is not asked', async () => {
    const { port, pending } = heldPort();
    const service = new CustomerService(port, 2);
    const first = service.customersByEmail('a@example.com', ctx);
    const second = service.customersByEmail('b@example.com', ctx);
    await settle();
    const refused = await service.customersByEmail('c@example.com', ctx).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TooManySearchesError);
    const err = refused as GatewayError;
    expect({
      status: err.status,
      message: err.message,
      code: err.code,
      retryAfter: err.retryAfterSeconds,
    }).toEqual({
      status: 429,
      message: 'Too many searches in progress',
      code: 'GW_ERR_REQ_TOO_MANY_SEARCHES',
      retryAfter: 1,
    });
    expect(pending).toHaveLength(2);
    pending[0]!.resolve([{ id: 'c-1', name: 'A' }]);
    pending[1]!.resolve([]);
    expect(await first).toEqual({ data: [{ id: 'c-1', name: 'A' }] });
    expect(await second).toEqual({ data: [] });
  });

  it('when a search fails, then its place is freed as when one succeeds', async () => {
    const { port, pending } = heldPort();
    const service = new CustomerService(port, 1);
    const failing = service.customersByEmail('a@example.com', ctx);
    await settle();
    pending[0]!.reject(new CoreUnavailableError());
    await expect(failing).rejects.toBeInstanceOf(CoreUnavailableError);
    const next = service.customersByEmail('b@example.com', ctx);
    await settle();
    expect(pending).toHaveLength(2);
    pending[1]!.resolve([]);
    expect(await next).toEqual({ data: [] });
  });
});
