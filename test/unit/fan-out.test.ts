/**
 * The ports over several instances (src/core-call/fan-out/fan-out.ts): each operation goes to the
 * instance serving its port's family, and the operations several cores answer together are one
 * step over every instance that answers them.
 */
import pino from 'pino';
import type { CoreFamily } from '../../src/config/core-layout';
import { servedPorts, type ServingInstance } from '../../src/core-call/fan-out/fan-out';
import type { CoreAdapter } from '../../src/ports';
import { ctx, instanceOf } from '../helpers/fan-out';

const logger = pino({ level: 'silent' });

/** An instance whose every method answers `[id, method]`, recording the calls in `asked`. */
function serving(id: string, families: CoreFamily[], asked: string[]): ServingInstance {
  const answer = (method: string) => () => {
    asked.push(`${id}.${method}`);
    return Promise.resolve(method === 'listShareableAccounts' ? [] : [id, method]);
  };
  const adapter = {
    id,
    authorisation: { listShareableAccounts: answer('listShareableAccounts') },
    customer: { getCustomerDetail: answer('getCustomerDetail') },
    banking: { listPayees: answer('listPayees') },
    energy: { listConcessions: answer('listConcessions') },
  } as unknown as CoreAdapter;
  return { ...instanceOf(id, families, adapter), adapter };
}

describe('the ports over several instances', () => {
  const asked: string[] = [];
  const ports = servedPorts(
    [
      serving('bank', ['banking', 'common', 'fdx', 'products'], asked),
      serving('power', ['energy'], asked),
    ],
    logger,
  );
  beforeEach(() => asked.splice(0));

  it('when an operation of a family is called, then only the instance serving the family is asked', async () => {
    expect(await ports.banking!.listPayees('c-1', ctx)).toEqual(['bank', 'listPayees']);
    expect(await ports.energy!.listConcessions('c-1', 'e-1', ctx)).toEqual([
      'power',
      'listConcessions',
    ]);
    expect(await ports.customer.getCustomerDetail('c-1', ctx)).toEqual([
      'bank',
      'getCustomerDetail',
    ]);
    expect(asked).toEqual(['bank.listPayees', 'power.listConcessions', 'bank.getCustomerDetail']);
  });

  it('when the authorisation list is asked, then every core of an account family is asked once', async () => {
    await ports.authorisation.listShareableAccounts('c-1', ctx);
    expect([...asked].sort()).toEqual([
      'bank.listShareableAccounts',
      'power.listShareableAccounts',
    ]);
  });

  it('when no instance implements an operation, then the ports leave it out', () => {
    expect(ports.customer.searchCustomersByEmail).toBeUndefined();
    expect(ports.fdx).toBeUndefined();
    expect(ports.id).toBe('bank+power');
  });
});
