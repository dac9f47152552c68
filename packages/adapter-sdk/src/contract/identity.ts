/** Identity, ports, and the unknown customer: the first checks of the suite. */
import { CustomerNotFoundError } from '../errors';
import type { CallContext, CoreAdapter } from '../ports';
import { fail, describeThrown, assertSubset } from './checks';
import type { ContractCheck } from './check-names';
import type { ContractHarness } from './harness';
import { PORT_METHODS, OPTIONAL_PORTS, OPTIONAL_PORT_METHODS } from './options';
import { transactionWindow } from './banking-transactions';

/** Circuit group names, like adapter ids: the gateway refuses others at start-up. */
const GROUP_NAME = /^[a-z][a-z0-9-]*$/;

/** The optional methods the adapter has, as `<port>.<method>`. */
function optionalOperations(a: CoreAdapter): string[] {
  return (Object.keys(OPTIONAL_PORT_METHODS) as (keyof typeof OPTIONAL_PORT_METHODS)[]).flatMap(
    (p) =>
      OPTIONAL_PORT_METHODS[p]
        .filter((m) => (a[p] as unknown as Record<string, unknown> | undefined)?.[m] !== undefined)
        .map((m) => `${p}.${m}`),
  );
}

/** `<port>.<method>` of every port the adapter exposes, and of the optional methods it has. */
function exposedOperations(a: CoreAdapter): ReadonlySet<string> {
  return new Set([
    ...(Object.keys(PORT_METHODS) as (keyof typeof PORT_METHODS)[])
      .filter((p) => a[p] !== undefined)
      .flatMap((p) => PORT_METHODS[p].map((m) => `${p}.${m}`)),
    ...optionalOperations(a),
  ]);
}

export function describeIdentity(h: ContractHarness): void {
  describe('identity and ports', () => {
    test('when the adapter is created, then its id is lower-case letters, digits and dashes', () => {
      expect(h.adapter().id).toMatch(/^[a-z][a-z0-9-]*$/);
    });

    test(`when the adapter is created, then it exposes authorisation, customer and exactly [${[...h.ports].join(', ')}]`, () => {
      const a = h.adapter();
      for (const p of ['authorisation', 'customer', ...OPTIONAL_PORTS] as const) {
        const required = p === 'authorisation' || p === 'customer' || h.ports.has(p);
        const exposed = a[p] !== undefined;
        if (required !== exposed)
          fail(
            `port ${p} is ${exposed ? 'exposed' : 'missing'}; expected ${required ? 'exposed' : 'absent'}`,
          );
        if (!exposed) continue;
        for (const method of PORT_METHODS[p]) {
          const fn = (a[p] as unknown as Record<string, unknown>)[method];
          if (typeof fn !== 'function') fail(`${p}.${method} is not a function`);
        }
      }
      for (const operation of optionalOperations(a)) {
        const [p, method] = operation.split('.') as [keyof CoreAdapter, string];
        const fn = (a[p] as unknown as Record<string, unknown>)[method];
        if (typeof fn !== 'function') fail(`${operation} is there but not a function`);
      }
    });

    test('when circuitPerOperation is given, then it names operations of exposed ports', () => {
      const a = h.adapter();
      assertSubset(
        [...(a.circuitPerOperation ?? [])],
        exposedOperations(a),
        'circuitPerOperation entries',
      );
    });

    test('when circuitGroups is given, then it regroups operations of exposed ports into well-named groups', () => {
      const a = h.adapter();
      const exposed = exposedOperations(a);
      const separate = new Set(a.circuitPerOperation ?? []);
      const problems = Object.entries(a.circuitGroups ?? {}).flatMap(([op, group]) => [
        ...(exposed.has(op) ? [] : [`${op} is no operation of an exposed port`]),
        ...(GROUP_NAME.test(group)
          ? []
          : [`${op} -> ${JSON.stringify(group)}: not lower-case letters, digits and dashes`]),
        ...(separate.has(op) ? [`${op} is in circuitPerOperation too`] : []),
      ]);
      if (problems.length > 0) fail(`circuitGroups entries: ${problems.join('; ')}`);
    });

    test('when the adapter was created, then isReady (if any) answers true', () => {
      const a = h.adapter();
      if (a.isReady) expect(a.isReady()).toBe(true);
      else expect(a.isReady).toBeUndefined();
    });

    test('when readinessDetails (if any) is asked, then it answers names with booleans', () => {
      const a = h.adapter();
      if (!a.readinessDetails) return;
      const details = a.readinessDetails();
      expect(typeof details).toBe('object');
      for (const [name, ok] of Object.entries(details)) {
        expect({ name, ok: typeof ok }).toEqual({
          name: expect.stringMatching(/^\S+$/),
          ok: 'boolean',
        });
      }
    });
  });

  // ---------------------------------------------------------------- unknown customer
  describeUnknownCustomer(h);
}

/** Every customer-scoped method answers an unknown customer with CustomerNotFoundError. */
function describeUnknownCustomer(h: ContractHarness): void {
  describe('unknown customer', () => {
    const unknown = h.fixtures.unknownCustomerId;
    /** An account id to pass along: one of the customer with data, as a real caller would. */
    const someAccount = async (): Promise<string> => {
      const ids = (await h.shareable(h.fixtures.customerId)).map((a) => a.accountId);
      return h.fixtures.fdx?.accountId ?? ids[0] ?? 'no-such-account';
    };
    const calls: [string, (ctx: CallContext, accountId: string) => Promise<unknown>][] = [
      [
        'authorisation.listShareableAccounts',
        (ctx) => h.port('authorisation').listShareableAccounts(unknown, ctx),
      ],
      ['customer.getCustomerDetail', (ctx) => h.port('customer').getCustomerDetail(unknown, ctx)],
    ];
    if (h.ports.has('banking')) {
      calls.push(
        ['banking.listAccounts', (ctx) => h.port('banking').listAccounts(unknown, ctx)],
        ['banking.listBalances', (ctx, id) => h.port('banking').listBalances(unknown, [id], ctx)],
        [
          'banking.listDirectDebits',
          (ctx, id) => h.port('banking').listDirectDebits(unknown, [id], ctx),
        ],
        [
          'banking.listScheduledPayments',
          (ctx, id) => h.port('banking').listScheduledPayments(unknown, [id], ctx),
        ],
        [
          'banking.listInstalmentPlans',
          (ctx, id) => h.port('banking').listInstalmentPlans(unknown, [id], ctx),
        ],
        ['banking.listPayees', (ctx) => h.port('banking').listPayees(unknown, ctx)],
      );
    }
    if (h.ports.has('energy')) {
      calls.push(
        ['energy.listAccounts', (ctx) => h.port('energy').listAccounts(unknown, ctx)],
        [
          'energy.listInvoices',
          (ctx, id) => h.port('energy').listInvoices(unknown, [id], h.energyWindow, ctx),
        ],
        ['energy.listConcessions', (ctx, id) => h.port('energy').listConcessions(unknown, id, ctx)],
      );
    }
    if (h.ports.has('fdx')) {
      calls.push(
        ['fdx.getAccountInfo', (ctx, id) => h.port('fdx').getAccountInfo(unknown, id, ctx)],
        [
          'fdx.listTransactions',
          (ctx, id) => h.port('fdx').listTransactions(unknown, id, {}, { limit: 5 }, ctx),
        ],
        [
          'fdx.listStatements',
          (ctx, id) => h.port('fdx').listStatements(unknown, id, {}, { limit: 5 }, ctx),
        ],
        [
          'fdx.getStatementDocument',
          (ctx, id) => h.port('fdx').getStatementDocument(unknown, id, 'no-such-statement', ctx),
        ],
        [
          'fdx.listAssetTransferNetworks',
          (ctx, id) => h.port('fdx').listAssetTransferNetworks(unknown, id, { limit: 5 }, ctx),
        ],
      );
    }
    test.each(calls)(
      'when the customer is unknown, then %s rejects with CustomerNotFoundError (404)',
      async (label, fn) => expectCustomerNotFound(h, label, fn, await someAccount()),
    );
    test.each(optionalCalls(h))(
      'when the customer is unknown, then %s (when the adapter has it) rejects with CustomerNotFoundError (404)',
      async (label, fn) => {
        const checked = h.tally(`${label}(unknown customer)` as ContractCheck);
        const call = fn();
        if (!call) return;
        await expectCustomerNotFound(h, label, call, await someAccount());
        checked();
      },
    );
  });
}

/** The call must reject with the SDK's CustomerNotFoundError. */
async function expectCustomerNotFound(
  h: ContractHarness,
  label: string,
  fn: (ctx: CallContext, accountId: string) => Promise<unknown>,
  accountId: string,
): Promise<void> {
  let outcome: { resolved: true } | { resolved: false; err: unknown };
  try {
    await h.call(label, (ctx) => fn(ctx, accountId), { cacheable: false });
    outcome = { resolved: true };
  } catch (err) {
    outcome = { resolved: false, err };
  }
  if (outcome.resolved) fail(`${label} resolved for an unknown customer`);
  if (!(outcome.err instanceof CustomerNotFoundError))
    fail(
      `${label} rejected with ${describeThrown(outcome.err)}; expected CustomerNotFoundError from @data-holder-gateway/adapter-sdk`,
    );
  expect(outcome.err.status).toBe(404);
  expect(outcome.err.code).toBe('GW_ERR_RES_CUSTOMER_NOT_FOUND');
}

type AccountCall = (ctx: CallContext, accountId: string) => Promise<unknown>;

/**
 * The optional customer-scoped methods of the ports served, each with the call to make of the
 * unknown customer, or undefined when the adapter does not have it (known once `setup` ran).
 */
function optionalCalls(h: ContractHarness): [string, () => AccountCall | undefined][] {
  const unknown = h.fixtures.unknownCustomerId;
  const query = { ...transactionWindow(h), offset: 0, limit: 5 };
  const calls: [string, () => AccountCall | undefined][] = [];
  if (h.ports.has('banking')) {
    calls.push([
      'banking.listTransactions',
      () => {
        const f = h.optional('banking', 'listTransactions');
        return f && ((ctx, id) => f(unknown, id, query, ctx));
      },
    ]);
    calls.push([
      'banking.getTransaction',
      () => {
        const f = h.optional('banking', 'getTransaction');
        return f && ((ctx, id) => f(unknown, id, 'no-such-transaction', ctx));
      },
    ]);
  }
  if (h.ports.has('energy'))
    calls.push([
      'energy.getAccountBalance',
      () => {
        const f = h.optional('energy', 'getAccountBalance');
        return f && ((ctx, id) => f(unknown, id, ctx));
      },
    ]);
  if (h.ports.has('fdx')) calls.push(...optionalFdxCalls(h));
  return calls;
}

function optionalFdxCalls(h: ContractHarness): [string, () => AccountCall | undefined][] {
  const unknown = h.fixtures.unknownCustomerId;
  return [
    [
      'fdx.listAccountDescriptors',
      () => {
        const f = h.optional('fdx', 'listAccountDescriptors');
        return f && ((ctx) => f(unknown, ctx));
      },
    ],
    [
      'fdx.getAccountDetail',
      () => {
        const f = h.optional('fdx', 'getAccountDetail');
        return f && ((ctx, id) => f(unknown, id, ctx));
      },
    ],
    [
      'fdx.getAccountContact',
      () => {
        const f = h.optional('fdx', 'getAccountContact');
        return f && ((ctx, id) => f(unknown, id, ctx));
      },
    ],
    [
      'fdx.listPaymentNetworks',
      () => {
        const f = h.optional('fdx', 'listPaymentNetworks');
        return f && ((ctx, id) => f(unknown, id, { limit: 5 }, ctx));
      },
    ],
  ];
}
