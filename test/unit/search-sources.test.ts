import { customerCores } from '../../src/core-call/fan-out/customer-cores';
import type { Instance } from '../../src/core-call/fan-out/fan-out';
import type { CoreFamily } from '../../src/config/core-layout';
import type { CoreAdapter, CustomerSearchResult } from '../../src/ports';
import { asMethod, instanceOf } from '../helpers/fan-out';

/** The cores the customer search asks, in the order asked. */
const searchSources = (instances: readonly Instance[]) =>
  customerCores(instances, 'customer.searchCustomersByEmail');

/** An instance whose search answers one customer named after the instance. */
const instance = (id: string, families: CoreFamily[], canSearch = true) => {
  const found: CustomerSearchResult[] = [{ id: `${id}-customer`, name: id }];
  const customer = {
    getCustomerDetail: () => Promise.reject(new Error('not asked')),
    ...(canSearch ? { searchCustomersByEmail: () => Promise.resolve(found) } : {}),
  };
  return instanceOf(id, families, { id, customer } as unknown as CoreAdapter);
};

describe('the cores the customer search asks', () => {
  it('when a core serves only products, then it is never asked, whatever its port can do', () => {
    const sources = searchSources([
      instance('bank', ['banking', 'fdx']),
      instance('catalogue', ['products']),
      instance('power', ['energy']),
    ]);
    expect(sources.map((s) => s.id)).toEqual(['bank', 'power']);
  });

  it('when one core serves common, then it is asked first; a core that cannot search is left out', async () => {
    const sources = searchSources([
      instance('bank', ['banking']),
      instance('crm', ['common']),
      instance('cards', ['fdx'], false),
    ]);
    expect(sources.map((s) => s.id)).toEqual(['crm', 'bank']);
    const search = asMethod(sources[0]!.step, 'customer.searchCustomersByEmail');
    expect(await search('jane@example.com')).toEqual([{ id: 'crm-customer', name: 'crm' }]);
  });
});
