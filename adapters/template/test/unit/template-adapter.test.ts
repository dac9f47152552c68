/**
 * The template adapter beyond the contract suite: its configuration block, its error mapping on a
 * misbehaving loopback core, exact decimals, masking, and loading it by module path.
 */
import {
  absolute,
  CoreTimeoutError,
  CoreUnavailableError,
  CustomerNotFoundError,
  GatewayError,
  isNegative,
  toAmount,
  type CallContext,
  type CoreAdapter,
} from '@data-holder-gateway/adapter-sdk';
import { adapterConfigFrom } from '../../../../src/config/adapter-config';
import { ConfigError } from '../../../../src/config/config';
import {
  createAdapterFromModule,
  loadAdapterModule,
  silentLog,
} from '../../../../test/kit/load-adapter';
import { adapterModule, templateConfigSchema } from '../..';
import { maskNumber } from '../../mappers/account.mapper';
import { retryAfterSeconds } from '../../template-client';
import { startTemplateCore, TEMPLATE_CORE_API_KEY, type TemplateCore } from '../template-core';

const ctx = (signal = new AbortController().signal): CallContext => ({
  signal,
  requestId: 'template-test',
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

describe('template adapter: configuration block', () => {
  test('when only the required variables are set, then the defaults fill the rest', () => {
    const { config } = adapterConfigFrom('template', templateConfigSchema, {
      TEMPLATE_BASE_URL: 'https://core.example/api',
      TEMPLATE_API_KEY: 'k',
    });
    expect(config).toEqual({
      baseUrl: 'https://core.example/api',
      apiKey: 'k',
      connections: 16,
      connectTimeoutMs: 2000,
      headersTimeoutMs: 5000,
      bodyTimeoutMs: 10000,
      keepAliveTimeoutMs: 4000,
      maxResponseBytes: 10485760,
    });
  });

  test('when variables are missing or bad, then one ConfigError names every bad variable', () => {
    let thrown: unknown;
    try {
      adapterConfigFrom('template', templateConfigSchema, {
        TEMPLATE_BASE_URL: 'core.example',
        TEMPLATE_CONNECTIONS: 'many',
      });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const problems = (thrown as ConfigError).problems.join('\n');
    expect(problems).toContain('TEMPLATE_API_KEY');
    expect(problems).toContain('TEMPLATE_BASE_URL');
    expect(problems).toContain('TEMPLATE_CONNECTIONS');
  });

  test('when the module is loaded by path, then its adapterModule is found and created from TEMPLATE_* variables', async () => {
    const module = await loadAdapterModule('./adapters/template');
    expect(module).toBe(adapterModule);
    const core = await startTemplateCore();
    try {
      const adapter = await createAdapterFromModule('./adapters/template', {
        env: { TEMPLATE_BASE_URL: core.url, TEMPLATE_API_KEY: TEMPLATE_CORE_API_KEY },
      });
      const detail = await adapter.customer.getCustomerDetail('1001', ctx());
      expect(detail.person.lastName).toBe('Example');
      await adapter.close?.();
    } finally {
      await core.close();
    }
  });
});

describe('template adapter: over its loopback core', () => {
  let core: TemplateCore;
  let adapter: CoreAdapter;

  beforeAll(async () => {
    core = await startTemplateCore();
  });
  beforeEach(async () => {
    core.setFault('none');
    const { config } = adapterConfigFrom('template', templateConfigSchema, {
      TEMPLATE_BASE_URL: `${core.url}/`,
      TEMPLATE_API_KEY: TEMPLATE_CORE_API_KEY,
      TEMPLATE_HEADERS_TIMEOUT_MS: '300',
    });
    adapter = await adapterModule.create({ config, log: silentLog });
  });
  afterEach(async () => {
    await adapter.close?.();
  });
  afterAll(async () => {
    await core.close();
  });

  test("when balances are read, then the core's decimals come through exactly (no float rounding)", async () => {
    const balances = await adapter.banking!.listBalances('1001', ['a-1001-01', 'a-1001-02'], ctx());
    expect(balances).toEqual([
      { accountId: 'a-1001-01', currentBalance: '2450.10', availableBalance: '2400.10' },
      {
        accountId: 'a-1001-02',
        currentBalance: '12345678901234567.89',
        availableBalance: '1500.00',
      },
    ]);
  });

  test('when an account has no balance in the core (404), then it is left out', async () => {
    expect(await adapter.banking!.listBalances('1002', ['a-1002-02'], ctx())).toEqual([]);
  });

  test('when ids of another customer are asked for, then nothing of theirs is fetched or returned', async () => {
    const before = core.requests.length;
    expect(await adapter.banking!.listBalances('1002', ['a-1001-01'], ctx())).toEqual([]);
    expect(core.requests.slice(before).map((r) => r.path)).toEqual(['/customers/1002/accounts']);
  });

  test('when the core puts the full number in an account name, then displayName masks it', async () => {
    const accounts = await adapter.banking!.listAccounts('1001', ctx());
    const bills = accounts.find((a) => a.accountId === 'a-1001-02')!;
    expect(bills.displayName).toBe('Bills account xxxx5679');
    expect(bills.maskedNumber).toBe('xxxx5679');
    expect(bills.bsb).toBe('062000');
  });

  test('when the core does not know the customer, then CustomerNotFoundError (404)', async () => {
    const err = await rejection(adapter.customer.getCustomerDetail('9999', ctx()));
    expect(err).toBeInstanceOf(CustomerNotFoundError);
    expect((err as GatewayError).status).toBe(404);
  });

  test('when the core answers 503 with Retry-After, then CoreUnavailableError carries its seconds', async () => {
    core.setFault('unavailable503', { retryAfter: '7' });
    const err = await rejection(adapter.customer.getCustomerDetail('1001', ctx()));
    expect(err).toBeInstanceOf(CoreUnavailableError);
    expect((err as GatewayError).status).toBe(503);
    expect((err as GatewayError).retryAfterSeconds).toBe(7);
  });

  test('when the core answers 500, then CoreUnavailableError without Retry-After and no core detail in its message', async () => {
    core.setFault('error500');
    const err = await rejection(adapter.banking!.listAccounts('1001', ctx()));
    expect(err).toBeInstanceOf(CoreUnavailableError);
    expect((err as GatewayError).retryAfterSeconds).toBeUndefined();
    expect((err as Error).message).toBe('Service unavailable');
  });

  test('when the core resets the connection, then CoreUnavailableError', async () => {
    core.setFault('reset');
    const err = await rejection(adapter.authorisation.listShareableAccounts('1001', ctx()));
    expect(err).toBeInstanceOf(CoreUnavailableError);
  });

  test('when the core hangs past the headers timeout, then CoreTimeoutError (504)', async () => {
    core.setFault('hang');
    const err = await rejection(adapter.customer.getCustomerDetail('1001', ctx()));
    expect(err).toBeInstanceOf(CoreTimeoutError);
    expect((err as GatewayError).status).toBe(504);
  });

  test('when the gateway aborts a hanging call, then it rejects with the abort reason at once', async () => {
    core.setFault('hang');
    const controller = new AbortController();
    const pending = adapter.customer.getCustomerDetail('1001', ctx(controller.signal));
    const reason = new CoreTimeoutError();
    setTimeout(() => controller.abort(reason), 20);
    const started = Date.now();
    expect(await rejection(pending)).toBe(reason);
    expect(Date.now() - started).toBeLessThan(250);
  });

  test('when the core refuses the key (401), then the core is unavailable, its cause naming the route, not the customer', async () => {
    const { config } = adapterConfigFrom('template', templateConfigSchema, {
      TEMPLATE_BASE_URL: core.url,
      TEMPLATE_API_KEY: 'wrong',
    });
    const wrongKey = await adapterModule.create({ config, log: silentLog });
    try {
      const err = await rejection(wrongKey.customer.getCustomerDetail('1001', ctx()));
      // The gateway's own credential refused: only an operator can fix it, never the caller.
      expect(err).toBeInstanceOf(CoreUnavailableError);
      expect(((err as Error).cause as Error).message).toBe(
        'template core answered 401 on customer',
      );
    } finally {
      await wrongKey.close?.();
    }
  });

  test('when the core is down, then CoreUnavailableError; after close, isReady is false', async () => {
    const { config } = adapterConfigFrom('template', templateConfigSchema, {
      TEMPLATE_BASE_URL: 'http://127.0.0.1:9',
      TEMPLATE_API_KEY: 'k',
    });
    const down = await adapterModule.create({ config, log: silentLog });
    expect(await rejection(down.customer.getCustomerDetail('1001', ctx()))).toBeInstanceOf(
      CoreUnavailableError,
    );
    expect(down.isReady?.()).toBe(true);
    await down.close?.();
    expect(down.isReady?.()).toBe(false);
  });
});

describe('template mappers: exact decimals and masking', () => {
  test.each([
    ['1234.5', '1234.50'],
    ['-0012', '-12.00'],
    ['1.5e3', '1500.00'],
    ['12345678901234567.89', '12345678901234567.89'],
    ['-0.00', '0.00'],
    ['2.5E-3', '0.0025'],
    ['.5', '0.50'],
  ])('when the core sends %s, then the amount is %s', (text, amount) => {
    expect(toAmount(text)).toBe(amount);
  });

  test('when the core sends something that is not a number, then the mapper throws without echoing it', () => {
    expect(() => toAmount('12,50')).toThrow(new Error('not a decimal number'));
    expect(() => toAmount('')).toThrow('not a decimal number');
  });

  test('when an amount is negative, then its sign and absolute value are read exactly', () => {
    expect(isNegative('-4.50')).toBe(true);
    expect(absolute('-4.50')).toBe('4.50');
    expect(isNegative('0.00')).toBe(false);
  });

  test('when a number is masked, then only its last four characters show', () => {
    expect(maskNumber('4000 1234 1234 1234')).toBe('xxxxxxxxxxxx1234');
    expect(maskNumber('123')).toBe('123');
  });

  test('when Retry-After is seconds or a date, then it becomes whole seconds, at least 1', () => {
    expect(retryAfterSeconds('30')).toBe(30);
    expect(retryAfterSeconds('0')).toBe(1);
    expect(retryAfterSeconds(new Date(10_500).toUTCString(), 1_000)).toBe(9);
    expect(retryAfterSeconds(undefined)).toBeUndefined();
    expect(retryAfterSeconds('soon')).toBeUndefined();
  });
});
