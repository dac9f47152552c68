/**
 * The Kraken adapter's talk with Kraken, over the simulator: the Kraken Token obtained once for
 * concurrent calls, refreshed with the refresh token before it expires, obtained again and the
 * call sent once more when Kraken says it expired; refused credentials, throttling, 5xx and
 * timeouts mapped to the gateway's errors, logged without the token or key; customers resolved
 * through the configured map; connections walked page by page with `first` at most 100.
 */
import {
  CoreTimeoutError,
  CoreUnavailableError,
  CustomerNotFoundError,
  type GatewayError,
} from '../../../../src/errors';
import type { CallContext } from '../../../../src/ports';
import { adapterConfigFrom } from '../../../../src/config/adapter-config';
import { createKrakenAdapter, krakenAdapterModule, type KrakenAdapter } from '../..';
import type { KrakenSettings } from '../../kraken-config';
import { classify } from '../../kraken-errors';
import { startKrakenSimulator, type KrakenSimulator } from '../../simulator/simulator';

const WINDOW = { oldest: '2000-01-01', newest: '2099-12-31' };

interface LogLine {
  level: string;
  obj: object;
  msg?: string;
}
function capturingLog() {
  const lines: LogLine[] = [];
  const at = (level: string) => (obj: object, msg?: string) => lines.push({ level, obj, msg });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } };
}
const ctx = (signal = new AbortController().signal): CallContext => ({ signal, requestId: 'rq-1' });

async function withAdapter(
  settings: Partial<KrakenSettings>,
  body: (adapter: KrakenAdapter, sim: KrakenSimulator, lines: LogLine[]) => Promise<void>,
  simOptions: Parameters<typeof startKrakenSimulator>[0] = {},
): Promise<void> {
  const sim = await startKrakenSimulator(simOptions);
  const { lines, log } = capturingLog();
  const adapter = createKrakenAdapter(
    { baseUrl: sim.url, apiKey: sim.apiKey, customers: sim.data.customers, ...settings },
    log,
  );
  try {
    await body(adapter, sim, lines);
  } finally {
    await adapter.close();
    await sim.close();
  }
}
const tokenCalls = (sim: KrakenSimulator) =>
  sim.requests.filter((r) => r.operationName === 'ObtainKrakenToken');

describe('the Kraken Token', () => {
  it('when five calls start at once, then one token is obtained with the organisation key and shared', async () => {
    await withAdapter({}, async (adapter, sim) => {
      const results = await Promise.all(
        Array.from({ length: 5 }, () => adapter.customer.getCustomerDetail('1', ctx())),
      );
      expect(results.map((r) => r.person.lastName)).toEqual(Array(5).fill('Citizen'));
      expect(tokenCalls(sim).map((r) => r.variables)).toEqual([
        { input: { organizationSecretKey: '<redacted>' } },
      ]);
      expect(sim.requests.filter((r) => r.operationName === 'AccountUserDetail')).toHaveLength(5);
      expect(
        sim.requests.every((r) => r.authenticated === (r.operationName !== 'ObtainKrakenToken')),
      ).toBe(true);
    });
  });

  it('when the token is within the refresh margin, then the next call refreshes it with the refresh token first', async () => {
    await withAdapter(
      { tokenRefreshMarginSeconds: 60 },
      async (adapter, sim) => {
        await adapter.customer.getCustomerDetail('1', ctx());
        await adapter.customer.getCustomerDetail('1', ctx());
        expect(tokenCalls(sim).map((r) => Object.keys(r.variables.input as object))).toEqual([
          ['organizationSecretKey'],
          ['refreshToken'],
        ]);
      },
      { tokenLifetimeSeconds: 30 },
    );
  });

  it('when Kraken says the token expired, then a fresh one is obtained and the call sent once more', async () => {
    await withAdapter({}, async (adapter, sim) => {
      await adapter.customer.getCustomerDetail('1', ctx());
      sim.expireTokens();
      const mark = sim.requests.length;
      const detail = await adapter.customer.getCustomerDetail('1', ctx());
      expect(detail.person.firstName).toBe('Jane');
      expect(sim.requests.slice(mark).map((r) => r.operationName)).toEqual([
        'AccountUserDetail',
        'ObtainKrakenToken',
        'AccountUserDetail',
      ]);
    });
  });

  it('when Kraken refuses the credentials, then the call is 503 and the log names the setting without the key or token', async () => {
    await withAdapter({}, async (adapter, sim, lines) => {
      await adapter.customer.getCustomerDetail('1', ctx());
      sim.setFault('refuseCredentials');
      await expect(adapter.customer.getCustomerDetail('1', ctx())).rejects.toBeInstanceOf(
        CoreUnavailableError,
      );
      const errors = lines.filter((l) => l.level === 'error');
      expect(errors).toEqual([
        {
          level: 'error',
          obj: { operation: 'AccountUserDetail', errorCode: 'KT-CT-1111' },
          msg: expect.stringMatching(/KRAKEN_API_KEY/),
        },
      ]);
      const logged = JSON.stringify(lines);
      expect(logged).not.toContain(sim.apiKey);
      expect(logged).not.toMatch(/eyJ/);
    });
  });
});

describe('Kraken errors', () => {
  it('when Kraken throttles with KT-CT-1199 and Retry-After, then the call is 503 with that wait', async () => {
    await withAdapter({}, async (adapter, sim) => {
      sim.setFault('graphqlError', { errorCode: 'KT-CT-1199', retryAfterSeconds: 9 });
      const err = await adapter.customer.getCustomerDetail('1', ctx()).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CoreUnavailableError);
      expect((err as GatewayError).retryAfterSeconds).toBe(9);
    });
  });

  it('when Kraken answers 503 with Retry-After, or 500, then the call is 503 (with the wait when given)', async () => {
    await withAdapter({}, async (adapter, sim) => {
      sim.setFault('unavailable503', { retryAfterSeconds: 17 });
      const unavailable = await adapter.energy.listAccounts('1', ctx()).catch((e: unknown) => e);
      expect((unavailable as GatewayError).retryAfterSeconds).toBe(17);
      sim.setFault('error500');
      const failed = await adapter.energy.listAccounts('1', ctx()).catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(CoreUnavailableError);
      expect((failed as GatewayError).retryAfterSeconds).toBeUndefined();
    });
  });

  it('when Kraken answers an error code the adapter has no row for, then it is a plain error (500)', async () => {
    await withAdapter({}, async (adapter, sim) => {
      sim.setFault('graphqlError', { errorCode: 'KT-CT-3940' });
      const err = await adapter.customer.getCustomerDetail('1', ctx()).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect(err).not.toBeInstanceOf(CoreUnavailableError);
      expect((err as Error).message).toMatch(/KT-CT-3940/);
    });
  });

  it('when Kraken answers a validation error without a code of its table, then it is the caller’s request refused, not a failure', () => {
    expect(classify([{ extensions: { errorType: 'VALIDATION' } }])).toEqual({ kind: 'rejected' });
    // A refused key is a validation error too, but its code says what it is.
    expect(
      classify([{ extensions: { errorCode: 'KT-CT-1135', errorType: 'VALIDATION' } }]),
    ).toEqual({ kind: 'unauthorized', code: 'KT-CT-1135' });
  });

  it('when the call is aborted while Kraken is slow, then the signal’s reason is thrown', async () => {
    await withAdapter({}, async (adapter, sim) => {
      await adapter.customer.getCustomerDetail('1', ctx());
      sim.setFault('slow', { delayMs: 5000 });
      const controller = new AbortController();
      const pending = adapter.customer.getCustomerDetail('1', ctx(controller.signal));
      setTimeout(() => controller.abort(new CoreTimeoutError()), 50);
      await expect(pending).rejects.toBeInstanceOf(CoreTimeoutError);
    });
  });
});

describe('Kraken customers and paging', () => {
  it('when a customer is not in the map, then it is not found without asking Kraken', async () => {
    await withAdapter({}, async (adapter, sim) => {
      await expect(adapter.authorisation.listShareableAccounts('42', ctx())).rejects.toBeInstanceOf(
        CustomerNotFoundError,
      );
      expect(sim.requests).toEqual([]);
    });
  });

  it('when the mapped account user is unknown to Kraken (KT-CT-5412), then it is not found', async () => {
    await withAdapter({ customers: { '7': '999999' } }, async (adapter) => {
      await expect(adapter.customer.getCustomerDetail('7', ctx())).rejects.toBeInstanceOf(
        CustomerNotFoundError,
      );
    });
  });

  it('when bills are walked two at a time, then the first page comes with the accounts and every next page is read with first 2 and the next cursor', async () => {
    await withAdapter({ pageSize: 2 }, async (adapter, sim) => {
      const [home] = sim.data.users[0]!.accountNumbers;
      const window = { oldest: '2026-01-01', newest: '2026-06-30' };
      const invoices = await adapter.energy.listInvoices('1', [home!], window, ctx());
      const expected = sim.data.accounts[home!]!.bills.filter(
        (b) =>
          b.billType === 'STATEMENT' &&
          b.issuedDate >= window.oldest &&
          b.issuedDate <= window.newest,
      );
      expect(invoices.map((i) => i.invoiceNumber)).toEqual(expected.map((b) => b.id));
      const pages = sim.requests.filter((r) =>
        ['AccountUserSupply', 'AccountBills'].includes(r.operationName ?? ''),
      );
      expect(pages.map((p) => p.operationName)).toEqual([
        'AccountUserSupply',
        'AccountBills',
        'AccountBills',
      ]);
      expect(
        pages.map((p) => [p.variables.first, p.variables.issuedFrom, p.variables.issuedTo]),
      ).toEqual(Array(3).fill([2, '2026-01-01', '2026-06-30']));
      expect(pages.map((p) => [p.variables.withBills, p.variables.after === undefined])).toEqual([
        [true, true],
        [undefined, false],
        [undefined, false],
      ]);
    });
  });

  it('when more pages follow than KRAKEN_MAX_PAGES allows, then the call fails instead of reading on (the first page, read with the accounts, counts)', async () => {
    await withAdapter({ pageSize: 1, maxPages: 3 }, async (adapter, sim) => {
      const [home] = sim.data.users[0]!.accountNumbers;
      await expect(adapter.energy.listInvoices('1', [home!], WINDOW, ctx())).rejects.toThrow(
        /KRAKEN_MAX_PAGES/,
      );
      expect(sim.requests.filter((r) => r.operationName === 'AccountBills')).toHaveLength(2);
    });
  });

  it('when the configuration asks for a page above 100, then the block is refused', () => {
    const block = (pageSize: string) =>
      adapterConfigFrom('kraken', krakenAdapterModule.configSchema, {
        KRAKEN_BASE_URL: 'http://127.0.0.1:1/v1/graphql/',
        KRAKEN_API_KEY: 'k',
        KRAKEN_PAGE_SIZE: pageSize,
      });
    expect(block('100').config.pageSize).toBe(100);
    expect(() => block('101')).toThrow(/KRAKEN_PAGE_SIZE/);
  });
});
