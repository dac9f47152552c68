/**
 * The energy port over Kraken: accounts with the plans of the agreements in force today, invoices
 * from statements, concessions from the account holder's concession cards, balances from the
 * accounts' own. Every method first reads the customer's accounts with their supply, balances and
 * concession cards in one query (which proves Kraken knows the account user, and says which
 * accounts are theirs and which meter points they have) and serves only those among them the
 * gateway asked for.
 */
import {
  AccountNotFoundError,
  SharingRefusedError,
  type AccountRef,
  type CallContext,
  type DateWindow,
  type EnergyAccountRecord,
  type EnergyBalance,
  type EnergyConcession,
  type EnergyInvoice,
  type EnergyPort,
} from '@data-holder-gateway/adapter-sdk';
import {
  accountIdOf,
  accountSharingRefusal,
  fuelOf,
  inForce,
  localDateOf,
  servedAccounts,
  toAccountRef,
  toConcession,
  toEnergyAccount,
  toEnergyBalance,
  toInvoice,
  toPlan,
  type KrakenAccount,
  type KrakenAgreement,
  type KrakenHolder,
  type KrakenMeterPoint,
} from './mappers';
import type { KrakenReader } from './kraken-reader';

/** Today in Australian eastern time, where Kraken AU's dates are local. */
export function todayInAustralia(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(now);
}

/** The meter points of an account's properties (as `AccountUserSupply` selects them). */
function meterPointsOf(account: KrakenAccount): KrakenMeterPoint[] {
  return (account.properties ?? []).flatMap((p) =>
    (p?.meterPoints ?? []).filter((m): m is KrakenMeterPoint => m !== null && m.id !== null),
  );
}

/**
 * The service points an invoice covers: the meter points with an agreement overlapping the
 * statement's period (all of the account's when none does).
 */
function servicePointsFor(
  meterPoints: KrakenMeterPoint[],
  from?: string | null,
  to?: string | null,
): string[] {
  const overlapping = meterPoints.filter((m) =>
    (m.agreements ?? []).some(
      (a) =>
        a !== null &&
        a.validFrom !== null &&
        (!to || localDateOf(a.validFrom) <= to) &&
        (a.validTo === null || !from || localDateOf(a.validTo) > from),
    ),
  );
  return (overlapping.length > 0 ? overlapping : meterPoints).map((m) => String(m.id));
}

/** An energy agreement in force on a meter point: one plan of the account. */
interface Current {
  meterPoint: KrakenMeterPoint;
  agreement: KrakenAgreement;
}

/** The account's energy agreements in force on `day`, one per plan. */
function agreementsInForce(account: KrakenAccount, day: string): Current[] {
  return meterPointsOf(account).flatMap((meterPoint) =>
    (meterPoint.agreements ?? [])
      .filter((a): a is KrakenAgreement => a !== null && fuelOf(a) !== undefined && inForce(a, day))
      .map((agreement) => ({ meterPoint, agreement })),
  );
}

export class KrakenEnergy implements EnergyPort {
  constructor(
    private readonly reader: KrakenReader,
    private readonly today: () => string = todayInAustralia,
  ) {}

  /** The customer's served accounts without their supply (the authorisation list's read). */
  async shareable(
    customerId: string,
    ctx: CallContext,
  ): Promise<{ holder: KrakenHolder; accounts: KrakenAccount[] }> {
    const user = await this.reader.accountsOf(customerId, ctx);
    return { holder: { customerId, email: user.email }, accounts: servedAccounts(user.accounts) };
  }

  /** The customer's served accounts with their supply, and who they are to them. */
  async served(
    customerId: string,
    ctx: CallContext,
  ): Promise<{ holder: KrakenHolder; accounts: KrakenAccount[] }> {
    const user = await this.reader.accountsWithSupplyOf(customerId, ctx);
    return { holder: { customerId, email: user.email }, accounts: servedAccounts(user.accounts) };
  }

  listAccounts(customerId: string, ctx: CallContext): Promise<EnergyAccountRecord[]> {
    return this.accountRecords(customerId, undefined, ctx);
  }

  // An account's plans need its products' rates, read per meter point and product: for a few
  // ids, only theirs are read.
  listAccountsById(
    customerId: string,
    accountIds: string[],
    ctx: CallContext,
  ): Promise<EnergyAccountRecord[]> {
    return this.accountRecords(customerId, accountIds, ctx);
  }

  // The accounts query says which accounts are the user's, their status and refusals: the check
  // of a data request reads no rates.
  async listAccountRefs(customerId: string, ctx: CallContext): Promise<AccountRef[]> {
    const { accounts } = await this.served(customerId, ctx);
    return accounts.map(toAccountRef);
  }

  // The check of an invoice request reads the accounts with their first page of bills in the
  // window: `listInvoices` of the same request continues from that page.
  async listAccountRefsForInvoices(
    customerId: string,
    window: DateWindow,
    ctx: CallContext,
  ): Promise<AccountRef[]> {
    const user = await this.reader.accountsWithFirstBillsOf(customerId, window, ctx);
    return servedAccounts(user.accounts).map(toAccountRef);
  }

  /** The records of the served accounts (those among `accountIds` when given), Kraken's order. */
  private async accountRecords(
    customerId: string,
    accountIds: readonly string[] | undefined,
    ctx: CallContext,
  ): Promise<EnergyAccountRecord[]> {
    const { holder, accounts: served } = await this.served(customerId, ctx);
    const accounts = accountIds
      ? served.filter((a) => accountIds.includes(accountIdOf(a)))
      : served;
    const day = this.today();
    const current = accounts.map((account) => agreementsInForce(account, day));
    // Every electricity plan's rates, asked together (one query per page round).
    const rated = current.flat().flatMap((c) => {
      const code = c.agreement.product?.code;
      const nmi = c.meterPoint.identifier;
      return fuelOf(c.agreement) === 'ELECTRICITY' && code && nmi ? [{ c, code, nmi }] : [];
    });
    const rates = await this.reader.ratesOfEach(rated, ctx);
    const ratesOf = new Map(rated.map(({ c }, i) => [c, rates[i]!]));
    return accounts.map((account, i) =>
      toEnergyAccount(
        account,
        holder,
        current[i]!.map((c) => toPlan(c.meterPoint, c.agreement, ratesOf.get(c) ?? [])),
      ),
    );
  }

  async listInvoices(
    customerId: string,
    accountIds: string[],
    window: DateWindow,
    ctx: CallContext,
  ): Promise<EnergyInvoice[]> {
    const user = await this.reader.accountsWithFirstBillsOf(customerId, window, ctx);
    const wanted = servedAccounts(user.accounts).filter((a) => accountIds.includes(accountIdOf(a)));
    // The accounts' next bill pages are asked together (one query per page round).
    const billsOf = await this.reader.billsOfEach(
      wanted.map(accountIdOf),
      window,
      ctx,
      wanted.map((a) => a.bills ?? null),
    );
    const perAccount = wanted.map((account, i) => {
      const accountId = accountIdOf(account);
      const meterPoints = meterPointsOf(account);
      return billsOf[i]!.flatMap((bill) => {
        const invoice = toInvoice(
          accountId,
          bill,
          servicePointsFor(meterPoints, bill.fromDate, bill.toDate),
        );
        return invoice && invoice.issueDate >= window.oldest && invoice.issueDate <= window.newest
          ? [invoice]
          : [];
      });
    });
    return perAccount.flat();
  }

  // The concession cards come with the accounts (the query the account check read).
  async listConcessions(
    customerId: string,
    accountId: string,
    ctx: CallContext,
  ): Promise<EnergyConcession[]> {
    const user = await this.reader.accountsWithSupplyOf(customerId, ctx);
    if (!servedAccounts(user.accounts).some((a) => accountIdOf(a) === accountId)) return [];
    return (user.concessions ?? []).flatMap((card) => (card && toConcession(card)) ?? []);
  }

  // The balance comes with the accounts (the query the account check read): no call of its own.
  // The check may have come from the gateway's cache, so this read's own answer decides again.
  async getAccountBalance(
    customerId: string,
    accountId: string,
    ctx: CallContext,
  ): Promise<EnergyBalance> {
    const user = await this.reader.accountsWithSupplyOf(customerId, ctx);
    const account = servedAccounts(user.accounts).find((a) => accountIdOf(a) === accountId);
    if (!account) throw new AccountNotFoundError();
    const refusal = accountSharingRefusal(account);
    if (refusal) throw new SharingRefusedError(refusal);
    return toEnergyBalance(account);
  }
}
