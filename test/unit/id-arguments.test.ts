/** Which arguments of each port operation are ids (src/ids/id-arguments.ts), and their decoding. */
import { argumentsWithIds, ID_ARGUMENTS } from '../../src/ids/id-arguments';
import { operations } from '../../src/ports/operations';

/** Decodes by marking: `<kind>:<id>@<customer>`. */
const decode = (kind: string, id: string, customer: string | undefined) =>
  `${kind}:${id}@${customer ?? '-'}`;

describe('the id arguments of the operations', () => {
  it('when an operation takes a customer first, then the table says so, and only then', () => {
    for (const op of operations()) {
      const spec = (ID_ARGUMENTS as Record<string, Record<string, readonly unknown[]>>)[op.port]![
        op.method
      ]!;
      expect({ op: op.name, customerFirst: spec[0] === 'customer' }).toEqual({
        op: op.name,
        customerFirst: op.takesCustomer,
      });
    }
  });

  it('when account ids come with a customer, then they are decoded bound to that customer; the customer is global', () => {
    const args = ['C', ['A1', 'A2']];
    expect(argumentsWithIds('banking.listBalances', args, decode)).toEqual([
      'customer:C@-',
      ['account:A1@C', 'account:A2@C'],
    ]);
    expect(args).toEqual(['C', ['A1', 'A2']]);
  });

  it('when an FDX page carries a cursor, then it is decoded; the window and a first page are left', () => {
    const window = { start: '2026-01-01' };
    expect(
      argumentsWithIds(
        'fdx.listTransactions',
        ['C', 'A', window, { limit: 10, after: 'K' }],
        decode,
      ),
    ).toEqual(['customer:C@-', 'account:A@C', window, { limit: 10, after: 'cursor:K@C' }]);
    const first = { limit: 10 };
    expect(argumentsWithIds('fdx.listPaymentNetworks', ['C', 'A', first], decode)[2]).toBe(first);
  });

  it('when an operation takes no ids, then its arguments pass as they are', () => {
    const filter = { productCategory: 'LOANS' };
    expect(argumentsWithIds('products.listProducts', [filter], decode)).toEqual([filter]);
    expect(argumentsWithIds('customer.searchCustomersByEmail', ['a@b.c'], decode)).toEqual([
      'a@b.c',
    ]);
  });
});
