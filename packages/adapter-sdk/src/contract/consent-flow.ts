/**
 * The consent flow's optional customer methods, checked when the adapter implements them:
 * `searchCustomersByEmail` finds the fixture customer by `fixtures.customerEmail` whatever its
 * case (the gateway hands the address trimmed and lower-cased, the core compares it
 * case-insensitively), answers records that validate, each customer once, and `[]` for an
 * address nobody has; `getCustomerIdentity` validates for the fixture customer and is
 * `CustomerNotFoundError` for an unknown one. Whether they are implemented is read from the
 * adapter, so these checks run once `setup` has made it.
 */
import { CustomerNotFoundError } from '../errors';
import type { CustomerPort, CustomerSearchResult } from '../ports';
import { assertContract, assertOnlyKeys, assertUnique, describeThrown, fail } from './checks';
import type { ContractHarness } from './harness';

const NOBODY = 'no-such-person-0f3c9@example.invalid';
const RESULT_FIELDS = ['id', 'name', 'phoneNumber'];

/** The search method, or undefined when the adapter leaves it out (the check then says so). */
const searchOf = (h: ContractHarness) => {
  const port: CustomerPort = h.port('customer');
  return port.searchCustomersByEmail
    ? (email: string) =>
        h.call(`customer.searchCustomersByEmail`, (ctx) => port.searchCustomersByEmail!(email, ctx))
    : undefined;
};

function assertResults(results: CustomerSearchResult[], where: string): void {
  if (!Array.isArray(results)) fail(`${where} is not an array`);
  results.forEach((r, i) => {
    assertOnlyKeys(r, RESULT_FIELDS, `${where}[${i}]`);
    assertContract('customer-search-result', r, `${where}[${i}]`);
  });
  assertUnique(
    results.map((r) => r.id),
    `${where} customer ids`,
  );
}

function describeSearch(h: ContractHarness): void {
  const { customerId, customerEmail } = h.fixtures;
  test('when searchCustomersByEmail is implemented, then fixtures.customerEmail names the customer to find, and only then', () => {
    const implemented = searchOf(h) !== undefined;
    if (implemented && !customerEmail)
      fail(
        'the adapter implements customer.searchCustomersByEmail: give fixtures.customerEmail, an email address of fixtures.customerId',
      );
    if (!implemented && customerEmail)
      fail(
        'fixtures.customerEmail is given but the adapter has no customer.searchCustomersByEmail',
      );
    expect(implemented).toBe(customerEmail !== undefined);
  });

  test("when the customer's address is searched as the gateway hands it, then the customer is found, and in capitals too", async () => {
    const checked = h.tally('customer.searchCustomersByEmail');
    const search = searchOf(h);
    if (!search || !customerEmail) return;
    const asHanded = await search(customerEmail.trim().toLowerCase());
    assertResults(asHanded, 'searchCustomersByEmail');
    if (!asHanded.some((r) => r.id === customerId))
      fail(`searchCustomersByEmail(${customerEmail}) does not find ${customerId}`);
    const upper = customerEmail.trim().toUpperCase();
    const capitals = await search(upper);
    assertResults(capitals, 'searchCustomersByEmail (in capitals)');
    if (!capitals.some((r) => r.id === customerId))
      fail(
        `searchCustomersByEmail(${upper}) does not find ${customerId}: compare addresses case-insensitively`,
      );
    expect(capitals.map((r) => r.id).sort()).toEqual(asHanded.map((r) => r.id).sort());
    checked(asHanded.length + capitals.length);
  });

  test('when nobody has the address, then the search answers an empty list, not an error', async () => {
    const checked = h.tally('customer.searchCustomersByEmail(nobody)');
    const search = searchOf(h);
    if (!search) return;
    expect(await search(NOBODY)).toEqual([]);
    checked();
  });
}

function describeIdentityClaims(h: ContractHarness): void {
  const { customerId, unknownCustomerId } = h.fixtures;
  test("when getCustomerIdentity is implemented, then the customer's identity validates against customer-identity", async () => {
    const checked = h.tally('customer.getCustomerIdentity');
    const port: CustomerPort = h.port('customer');
    if (!port.getCustomerIdentity) {
      expect(port.getCustomerIdentity).toBeUndefined();
      return;
    }
    const identity = await h.call(`customer.getCustomerIdentity(${customerId})`, (ctx) =>
      port.getCustomerIdentity!(customerId, ctx),
    );
    assertContract('customer-identity', identity, 'getCustomerIdentity');
    expect(identity.id).toBe(customerId);
    checked();
  });

  test('when getCustomerIdentity is implemented, then an unknown customer is CustomerNotFoundError', async () => {
    const checked = h.tally('customer.getCustomerIdentity(unknown customer)');
    const port: CustomerPort = h.port('customer');
    if (!port.getCustomerIdentity) return;
    let thrown: unknown;
    try {
      await h.call(
        'customer.getCustomerIdentity(unknown)',
        (ctx) => port.getCustomerIdentity!(unknownCustomerId, ctx),
        { cacheable: false },
      );
    } catch (err) {
      thrown = err;
    }
    if (!(thrown instanceof CustomerNotFoundError))
      fail(
        `getCustomerIdentity of an unknown customer ${thrown === undefined ? 'resolved' : `rejected with ${describeThrown(thrown)}`}; expected CustomerNotFoundError`,
      );
    checked();
  });
}

export function describeConsentFlow(h: ContractHarness): void {
  describe('consent flow: customer search and identity (optional)', () => {
    describeSearch(h);
    describeIdentityClaims(h);
  });
}
