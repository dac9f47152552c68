/**
 * A loopback HTTP core adapter for the benchmark: the ports `authorisation`, `customer` and
 * `banking` over undici to `bench/core-process.ts`, the way a holder's adapter would call its core
 * (AbortSignal honoured, 404 -> CustomerNotFoundError, 503 and connection failures ->
 * CoreUnavailableError). `listBalances` makes ONE core call per account, concurrently.
 */
import { Agent, request } from 'undici';
import { CoreUnavailableError, CustomerNotFoundError } from '../src/errors';
import type {
  Balance,
  BankingAccountRecord,
  CoreAdapter,
  CustomerDetail,
  DirectDebit,
  InstalmentPlansResult,
  Payee,
  ScheduledPayment,
  ShareableAccountRecord,
} from '../src/ports';

const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE']);

export function httpCoreAdapter(
  baseUrl: string,
  connections = 128,
): CoreAdapter & { close(): Promise<void> } {
  const agent = new Agent({ connections, keepAliveTimeout: 10_000, pipelining: 1 });
  const get = async <T>(path: string, signal: AbortSignal): Promise<T> => {
    let res;
    try {
      res = await request(`${baseUrl}${path}`, { dispatcher: agent, signal });
    } catch (err) {
      const code =
        (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
      if (code && CONNECTION_ERRORS.has(code)) throw new CoreUnavailableError({ cause: err });
      throw err;
    }
    if (res.statusCode === 200) return (await res.body.json()) as T;
    await res.body.dump();
    if (res.statusCode === 404) throw new CustomerNotFoundError();
    if (res.statusCode === 503) throw new CoreUnavailableError({});
    throw new Error(`core answered ${res.statusCode}`);
  };
  const c = (id: string) => `/customers/${encodeURIComponent(id)}`;
  const ids = (accountIds: string[]) => accountIds.map(encodeURIComponent).join(',');
  return {
    id: 'http-core',
    authorisation: {
      listShareableAccounts: (customerId, ctx) =>
        get<ShareableAccountRecord[]>(`${c(customerId)}/shareable`, ctx.signal),
    },
    customer: {
      getCustomerDetail: (customerId, ctx) =>
        get<CustomerDetail>(`${c(customerId)}/detail`, ctx.signal),
    },
    banking: {
      listAccounts: (customerId, ctx) =>
        get<BankingAccountRecord[]>(`${c(customerId)}/accounts`, ctx.signal),
      listBalances: (customerId, accountIds, ctx) =>
        Promise.all(
          accountIds.map((id) =>
            get<Balance>(`${c(customerId)}/accounts/${encodeURIComponent(id)}/balance`, ctx.signal),
          ),
        ),
      listDirectDebits: (customerId, accountIds, ctx) =>
        get<DirectDebit[]>(
          `${c(customerId)}/direct-debits?accounts=${ids(accountIds)}`,
          ctx.signal,
        ),
      listScheduledPayments: (customerId, accountIds, ctx) =>
        get<ScheduledPayment[]>(
          `${c(customerId)}/scheduled-payments?accounts=${ids(accountIds)}`,
          ctx.signal,
        ),
      listInstalmentPlans: async (customerId, accountIds, ctx) => {
        await get<object>(
          `${c(customerId)}/instalment-plans?accounts=${ids(accountIds)}`,
          ctx.signal,
        );
        return new Map<string, InstalmentPlansResult>(
          accountIds.map((id) => [id, { supported: false }]),
        );
      },
      listPayees: (customerId, ctx) => get<Payee[]>(`${c(customerId)}/payees`, ctx.signal),
    },
    close: () => agent.close(),
  };
}
