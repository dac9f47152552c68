/**
 * The loopback core: a plain Node HTTP server answering realistic payloads (the demo data set's
 * customer c-1001, its 30 banking accounts cloned to 60) in the port shapes. Run as its own
 * process so that it never shares an event loop with the load generator or the gateway.
 *
 *   GET /customers/{id}/detail | /accounts | /accounts/{accountId}/balance | /shareable | /payees
 *   GET /customers/{id}/{direct-debits|scheduled-payments|instalment-plans}?accounts=a,b
 *   GET /__stats  -> { hits }   (requests served, for "never touches the core")
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { toBalance, toBankingAccount } from '../adapters/demo/mappers/banking.mapper';
import { projectRoot } from '../src/config/project-root';
import type { BankingAccountRecord, CustomerDetail, Payee } from '../src/ports';

export const BENCH_CUSTOMER = 'c-bench';
const BENCH_CUSTOMER_ID = /^c-bench(-\d+)?$/;
export const BENCH_ACCOUNTS = 60;

interface RawAccount extends BankingAccountRecord {
  balance?: { currentBalance: string; availableBalance: string };
  directDebits?: unknown[];
  scheduledPayments?: unknown[];
}

function loadData() {
  const file = `${projectRoot()}/adapters/demo/data/sample.json`;
  const sample = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    customers: {
      customerId: string;
      detail: CustomerDetail;
      payees?: Payee[];
      bankingAccounts?: RawAccount[];
    }[];
  };
  const source = sample.customers.find((c) => c.customerId === 'c-1001')!;
  const raw: RawAccount[] = [];
  for (let i = 0; i < BENCH_ACCOUNTS; i += 1) {
    const from = source.bankingAccounts![i % source.bankingAccounts!.length];
    raw.push({ ...from, accountId: `acc-bench-${String(i + 1).padStart(2, '0')}` });
  }
  const accounts = raw.map((a) => toBankingAccount(a));
  const balances = new Map<string, string>(
    raw.map((a) => [
      a.accountId,
      JSON.stringify(
        toBalance(a.accountId, a.balance ?? { currentBalance: '0.00', availableBalance: '0.00' }),
      ),
    ]),
  );
  const shareable = accounts.map((a) => ({
    accountId: a.accountId,
    displayName: a.displayName,
    openStatus: a.openStatus ?? 'OPEN',
    complexAccountType: a.complexAccountType,
    users: a.users,
  }));
  return {
    detail: JSON.stringify(source.detail),
    accounts: JSON.stringify(accounts),
    shareable: JSON.stringify(shareable),
    payees: JSON.stringify(source.payees ?? []),
    balances,
    raw,
  };
}

export function startCore(port = 0): Promise<{ port: number; server: http.Server }> {
  const data = loadData();
  let hits = 0;
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/__stats') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ hits }));
      return;
    }
    hits += 1;
    const [pathname, search = ''] = url.split('?');
    const parts = pathname.split('/'); // ['', 'customers', id, ...rest]
    const send = (body: string) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    // `c-bench` and `c-bench-<n>` are the same customer under many ids, so that a run can spread
    // its requests over many customers and defeat the gateway's single-flight on purpose.
    const customer = decodeURIComponent(parts[2] ?? '');
    if (parts[1] !== 'customers' || !BENCH_CUSTOMER_ID.test(customer)) {
      res.writeHead(404).end();
      return;
    }
    const ids = new Set(new URLSearchParams(search).get('accounts')?.split(',') ?? []);
    const pick = (field: 'directDebits' | 'scheduledPayments') =>
      JSON.stringify(
        data.raw.filter((a) => ids.has(a.accountId)).flatMap((a) => (a[field] ?? []) as unknown[]),
      );
    const rest = parts.slice(3);
    if (rest[0] === 'detail') return send(data.detail);
    if (rest[0] === 'shareable') return send(data.shareable);
    if (rest[0] === 'payees') return send(data.payees);
    if (rest[0] === 'accounts' && rest.length === 1) return send(data.accounts);
    if (rest[0] === 'accounts' && rest[2] === 'balance') {
      const balance = data.balances.get(decodeURIComponent(rest[1]));
      if (balance) return send(balance);
    }
    if (rest[0] === 'direct-debits') return send(pick('directDebits'));
    if (rest[0] === 'scheduled-payments') return send(pick('scheduledPayments'));
    if (rest[0] === 'instalment-plans') return send('{}');
    res.writeHead(404).end();
  });
  server.keepAliveTimeout = 30_000;
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({ port: (server.address() as AddressInfo).port, server }),
    ),
  );
}

if (require.main === module) {
  startCore(Number(process.env.PORT ?? 0)).then(({ port }) => {
    process.stdout.write(`READY ${port}\n`);
  });
  process.once('SIGTERM', () => process.exit(0));
}
