/**
 * The consent flow's identity over several cores (src/core-call/fan-out/identity-in-turn.ts): the cores of
 * customers in the search's order, asked one after the other until one gives the identity.
 */
import { customerCores } from '../../src/core-call/fan-out/customer-cores';
import type { Instance } from '../../src/core-call/fan-out/fan-out';
import { identityInTurn } from '../../src/core-call/fan-out/identity-in-turn';
import type { CoreFamily } from '../../src/config/core-layout';
import {
  CoreUnavailableError,
  CustomerNotFoundError,
  CustomerNotIdentifiableError,
  SharingRefusedError,
} from '../../src/errors';
import type { CoreAdapter, CustomerIdentity } from '../../src/ports';
import { asMethod, instanceOf } from '../helpers/fan-out';

/** The cores asked for an identity, in the order asked. */
const identitySources = (instances: readonly Instance[]) =>
  customerCores(instances, 'customer.getCustomerIdentity');

/** What a core answers for every identity: one of its own, or an error. */
type Answer = 'identity' | Error;

/** An instance whose identity answers `answer`, recording each call in `asked`. */
function instance(
  id: string,
  families: CoreFamily[],
  answer: Answer | undefined,
  asked: string[] = [],
): Instance {
  const identity = (customerId: string): Promise<CustomerIdentity> => {
    asked.push(id);
    if (answer instanceof Error) return Promise.reject(answer);
    return Promise.resolve({
      id: customerId,
      email: `${id}@example.com`,
      emailVerified: false,
      name: id,
      updatedAt: '2026-01-01T00:00:00Z',
    });
  };
  const customer = {
    getCustomerDetail: () => Promise.reject(new Error('not asked')),
    ...(answer === undefined ? {} : { getCustomerIdentity: identity }),
  };
  return instanceOf(id, families, { id, customer } as unknown as CoreAdapter);
}

/** The composed identity of customer `c-1` over `instances`: its answer and the cores asked. */
async function identityOver(make: (asked: string[]) => Instance[]) {
  const asked: string[] = [];
  const step = identityInTurn(identitySources(make(asked)))!;
  const identify = asMethod<CustomerIdentity>(step, 'customer.getCustomerIdentity');
  const answer = await identify('c-1').then(
    (identity) => identity.name,
    (err: unknown) => err,
  );
  return { answer, asked };
}

describe('the cores asked for an identity', () => {
  it('when one core serves common, then it comes first; products-only cores and cores without the method are left out', () => {
    const sources = identitySources([
      instance('bank', ['banking'], 'identity'),
      instance('catalogue', ['products'], 'identity'),
      instance('crm', ['common'], 'identity'),
      instance('cards', ['fdx'], undefined),
      instance('power', ['energy'], 'identity'),
    ]);
    expect(sources.map((s) => s.id)).toEqual(['crm', 'bank', 'power']);
  });

  it('when no core can give identities, then there is no identity method', () => {
    expect(identityInTurn(identitySources([instance('bank', ['banking'], undefined)]))).toBe(
      undefined,
    );
  });
});

describe('an identity asked of the cores in turn', () => {
  it('when the common core gives it, then no other core is asked', async () => {
    const result = await identityOver((asked) => [
      instance('bank', ['banking'], 'identity', asked),
      instance('crm', ['common'], 'identity', asked),
    ]);
    expect(result).toEqual({ answer: 'crm', asked: ['crm'] });
  });

  it.each([
    ['does not know the customer', new CustomerNotFoundError()],
    ['cannot identify them', new CustomerNotIdentifiableError()],
  ])('when the common core %s, then the next core in layout order answers', async (_c, err) => {
    const result = await identityOver((asked) => [
      instance('bank', ['banking'], new CustomerNotFoundError(), asked),
      instance('crm', ['common'], err, asked),
      instance('power', ['energy'], 'identity', asked),
      instance('gas', ['fdx'], 'identity', asked),
    ]);
    expect(result).toEqual({ answer: 'power', asked: ['crm', 'bank', 'power'] });
  });

  it('when a core knows the customer without an identity and no core gives one, then 422, not 404', async () => {
    const { answer, asked } = await identityOver((a) => [
      instance('crm', ['common'], new CustomerNotFoundError(), a),
      instance('bank', ['banking'], new CustomerNotIdentifiableError(), a),
      instance('power', ['energy'], new CustomerNotFoundError(), a),
    ]);
    expect(answer).toBeInstanceOf(CustomerNotIdentifiableError);
    expect(asked).toEqual(['crm', 'bank', 'power']);
  });

  it('when no core knows the customer, then 404 Customer not found', async () => {
    const { answer } = await identityOver((a) => [
      instance('crm', ['common'], new CustomerNotFoundError(), a),
      instance('power', ['energy'], new CustomerNotFoundError(), a),
    ]);
    expect(answer).toBeInstanceOf(CustomerNotFoundError);
  });

  it.each([
    ['refuses to share', new SharingRefusedError('harm')],
    ['is down', new CoreUnavailableError()],
  ])(
    'when a core on the way %s, then that is the answer and no later core is asked',
    async (_c, err) => {
      const result = await identityOver((asked) => [
        instance('crm', ['common'], new CustomerNotFoundError(), asked),
        instance('bank', ['banking'], err, asked),
        instance('power', ['energy'], 'identity', asked),
      ]);
      expect(result).toEqual({ answer: err, asked: ['crm', 'bank'] });
    },
  );
});
