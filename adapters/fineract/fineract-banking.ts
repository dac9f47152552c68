/** The banking port of the Fineract adapter (see fineract.adapter.ts for the rules). */
import type { BankingPort, CallContext, InstalmentPlansResult } from '../../src/ports';
import type { Balance, Payee, ScheduledPayment } from '../../src/ports/resources';
import {
  accountIdOf,
  toInstalmentPlan,
  toLoanBalance,
  toPayee,
  toSavingsFamilyBalance,
  toScheduledPayment,
  type FineractBeneficiary,
  type FineractStandingInstructionPage,
} from '../../mappers/fineract';
import { type FineractAccounts, MAX_PAGES, mapLimit } from './fineract-accounts';

/** The banking port over the client's accounts, details and standing instructions. */
export function fineractBankingPort(fineract: FineractAccounts): BankingPort {
  const configured = fineract.config.instalmentProducts;
  const instalmentProducts = configured === undefined ? undefined : new Set(configured.map(String));
  return {
    async listAccounts(customerId, ctx) {
      const { clientId } = await fineract.clientIdOf(customerId, ctx);
      const [client, accounts] = await Promise.all([
        fineract.getClient(clientId, ctx),
        fineract.getClientAccounts(clientId, ctx),
      ]);
      const holder = fineract.holderOf(customerId, client);
      const details = await mapLimit(fineract.listed(accounts), fineract.parallel, (a) =>
        fineract.getDetail(a.ref, clientId, ctx),
      );
      return details.flatMap((d) => {
        const record = d && fineract.toAccountRecord(d, holder);
        return record ? [record] : [];
      });
    },

    async listBalances(customerId, accountIds, ctx) {
      const { clientId, accounts } = await fineract.ownAccounts(customerId, ctx);
      const details = await mapLimit(
        fineract.ownedRefs(accounts, accountIds),
        fineract.parallel,
        (ref) => fineract.getDetail(ref, clientId, ctx),
      );
      const balances: Balance[] = [];
      for (const d of details) {
        if (!d || d.payload.id === undefined) continue;
        const accountId = accountIdOf(d.kind, d.payload.id);
        const balance =
          d.kind === 'loan'
            ? toLoanBalance(accountId, d.payload)
            : toSavingsFamilyBalance(accountId, d.kind, d.payload);
        if (balance) balances.push(balance);
      }
      return balances;
    },

    // Fineract has no direct debit authorisations (debits by third parties on an account): the
    // documented answer for a core that cannot supply them is an empty list.
    async listDirectDebits(customerId, _accountIds, ctx) {
      await fineract.knownClientId(customerId, ctx);
      return [];
    },

    async listScheduledPayments(customerId, accountIds, ctx) {
      const { clientId } = await fineract.clientIdOf(customerId, ctx);
      const [accounts, instructions] = await Promise.all([
        fineract.getClientAccounts(clientId, ctx),
        walkStandingInstructions(fineract, clientId, ctx),
      ]);
      const own = new Map<string, string>();
      for (const a of fineract.listed(accounts)) {
        own.set(
          `${a.ref.kind === 'loan' ? 'loan' : 'savings'}:${a.ref.id}`,
          accountIdOf(a.ref.kind, a.ref.id),
        );
      }
      const wanted = new Set(accountIds);
      const payments: ScheduledPayment[] = [];
      for (const instruction of instructions) {
        const payment = toScheduledPayment(instruction, {
          ownAccount: (type, id) => own.get(`${type}:${id}`),
          ...(fineract.bsb !== undefined ? { bsb: fineract.bsb } : {}),
        });
        if (payment && wanted.has(payment.from.accountId)) payments.push(payment);
      }
      return payments;
    },

    async listInstalmentPlans(customerId, accountIds, ctx) {
      const { clientId, accounts } = await fineract.ownAccounts(customerId, ctx);
      const result = new Map<string, InstalmentPlansResult>();
      // Another client's account gets no key at all (as an unknown one).
      const refs = fineract.ownedRefs(accounts, accountIds);
      const loans = refs.filter((ref) => ref.kind === 'loan');
      for (const ref of refs) {
        if (ref.kind !== 'loan') result.set(accountIdOf(ref.kind, ref.id), { supported: false });
      }
      const details = await mapLimit(loans, fineract.parallel, (ref) =>
        fineract.getDetail(ref, clientId, ctx),
      );
      loans.forEach((ref, i) => {
        const id = accountIdOf(ref.kind, ref.id);
        const detail = details[i];
        if (!detail || detail.kind !== 'loan') {
          // Gone between two calls (see the module comment): no plans to report.
          result.set(id, { supported: true, plans: [] });
          return;
        }
        const productId = detail.payload.loanProductId;
        if (
          instalmentProducts !== undefined &&
          (productId === undefined || !instalmentProducts.has(String(productId)))
        ) {
          result.set(id, { supported: false });
          return;
        }
        const plan = toInstalmentPlan(id, detail.payload);
        result.set(id, { supported: true, plans: plan ? [plan] : [] });
      });
      return result;
    },

    async listPayees(customerId, ctx) {
      const entry = fineract.config.customers[customerId];
      if (!entry?.selfServiceUsername || !entry.selfServicePassword || fineract.bsb === undefined) {
        await fineract.knownClientId(customerId, ctx);
        return [];
      }
      // The beneficiaries are read while the client is checked; they are used only once the
      // client is known (a settled promise, so a failure of either is reported in that order).
      const reading = fineract.http
        .get<FineractBeneficiary[]>(
          'self.beneficiaries.tpt',
          '/v1/self/beneficiaries/tpt',
          {},
          ctx,
          { username: entry.selfServiceUsername, password: entry.selfServicePassword },
        )
        .then(
          (value) => ({ ok: true as const, value }),
          (error: unknown) => ({ ok: false as const, error }),
        );
      await fineract.knownClientId(customerId, ctx);
      const read = await reading;
      if (!read.ok) throw read.error;
      const beneficiaries = read.value;
      const payees: Payee[] = [];
      for (const beneficiary of Array.isArray(beneficiaries) ? beneficiaries : []) {
        const payee = toPayee(beneficiary, fineract.bsb);
        if (payee) payees.push(payee);
      }
      return payees;
    },
  };
}

async function walkStandingInstructions(
  fineract: FineractAccounts,
  clientId: string,
  ctx: CallContext,
) {
  const items = [];
  for (let offset = 0, pages = 0; pages < MAX_PAGES; pages += 1) {
    const page = await fineract.http.get<FineractStandingInstructionPage>(
      'standinginstructions.list',
      '/v1/standinginstructions',
      { clientId, offset, limit: fineract.config.pageSize },
      ctx,
    );
    const pageItems = page?.pageItems ?? [];
    items.push(...pageItems);
    offset += pageItems.length;
    if (pageItems.length === 0 || offset >= (page?.totalFilteredRecords ?? 0)) break;
  }
  return items;
}
