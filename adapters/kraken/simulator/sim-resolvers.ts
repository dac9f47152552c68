/**
 * The simulator's GraphQL side: the schema the adapter carries (`schema/kraken-subset.graphql`)
 * with a root value over the data set. Kraken's behaviour it copies: every field but
 * `obtainKrakenToken` needs a valid Kraken Token in `Authorization` (KT-CT-1112 without one,
 * KT-CT-1111 for a bad one, KT-CT-1120 for an expired one); connections page with `first` (at most
 * 100) and opaque `after` cursors; unknown account users and accounts are KT-CT-5412 and
 * KT-CT-4178, an email no account user has KT-CT-5421, an `accountUser` input with both or neither
 * of id and email KT-CT-1605; `obtainKrakenToken` takes exactly one input field (KT-CT-1135 otherwise, and for a
 * key or refresh token it does not know).
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildSchema, GraphQLError, type GraphQLSchema } from 'graphql';
import type {
  KrakenDataset,
  SimAccount,
  SimAccountUser,
  SimAgreement,
  SimBill,
  SimMeterPoint,
  SimRate,
} from './dataset';
import type { SimTokens } from './sim-tokens';

export const SUBSET_SDL_FILE = path.join(__dirname, '..', 'schema', 'kraken-subset.graphql');

/** Kraken's largest page. */
export const MAX_FIRST = 100;

/** What every resolver knows about the request. */
export interface SimContext {
  authorization: string | undefined;
  tokens: SimTokens;
  /** The organisation secret key the simulator accepts. */
  apiKey: string;
  /** When set, every authenticated field answers this error code instead. */
  forcedErrorCode?: string;
}

let cachedSchema: GraphQLSchema | undefined;
export function simSchema(): GraphQLSchema {
  cachedSchema ??= buildSchema(fs.readFileSync(SUBSET_SDL_FILE, 'utf8'));
  return cachedSchema;
}

function krakenError(code: string, message: string, errorType: string): GraphQLError {
  return new GraphQLError(message, { extensions: { errorType, errorCode: code } });
}

const ERRORS: Record<string, [string, string]> = {
  'KT-CT-1111': ['Unauthorized.', 'AUTHORIZATION'],
  'KT-CT-1112': ["'Authorization' header not provided.", 'AUTHORIZATION'],
  'KT-CT-1120': ['The Kraken Token has expired.', 'AUTHORIZATION'],
  'KT-CT-1199': ['Too many requests.', 'RATE_LIMIT'],
  'KT-CT-4178': ['No account found with given account number.', 'NOT_FOUND'],
  'KT-CT-5412': ['No account user exists with the given id.', 'NOT_FOUND'],
  'KT-CT-5421': ['Account user not found.', 'NOT_FOUND'],
  'KT-CT-1605': ['Invalid input.', 'VALIDATION'],
  'KT-CT-1135': ['Invalid data.', 'VALIDATION'],
};

export function errorFor(code: string): GraphQLError {
  const [message, type] = ERRORS[code] ?? ['Something went wrong.', 'APPLICATION'];
  return krakenError(code, message, type);
}

function authorize(ctx: SimContext): void {
  if (!ctx.authorization) throw errorFor('KT-CT-1112');
  const check = ctx.tokens.check(ctx.authorization);
  if (check === 'invalid') throw errorFor('KT-CT-1111');
  if (check === 'expired') throw errorFor('KT-CT-1120');
  if (ctx.forcedErrorCode) throw errorFor(ctx.forcedErrorCode);
}

interface PageArgs {
  first?: number | null;
  after?: string | null;
}

/** A Relay connection over `items`: `first` at most 100, cursors opaque to the caller. */
export function connection<T>(items: readonly T[], { first, after }: PageArgs) {
  if (first !== undefined && first !== null && (first < 0 || first > MAX_FIRST)) {
    throw new GraphQLError(`first must be between 0 and ${MAX_FIRST}`, {
      extensions: { errorType: 'VALIDATION' },
    });
  }
  const cursorOf = (i: number) => Buffer.from(`arrayconnection:${i}`).toString('base64');
  let start = 0;
  if (after) {
    const match = /^arrayconnection:(\d+)$/.exec(Buffer.from(after, 'base64').toString('utf8'));
    if (!match)
      throw new GraphQLError('Invalid cursor', { extensions: { errorType: 'VALIDATION' } });
    start = Number(match[1]) + 1;
  }
  const size = first ?? MAX_FIRST;
  const slice = items.slice(start, start + size);
  return {
    pageInfo: {
      hasNextPage: start + size < items.length,
      hasPreviousPage: start > 0,
      startCursor: slice.length ? cursorOf(start) : null,
      endCursor: slice.length ? cursorOf(start + slice.length - 1) : null,
    },
    edges: slice.map((node, i) => ({ node, cursor: cursorOf(start + i) })),
    totalCount: items.length,
    edgeCount: slice.length,
  };
}

function agreementValue(data: KrakenDataset, supplyType: string, a: SimAgreement) {
  const product = data.products[a.productCode]!;
  return {
    __typename: supplyType === 'GAS' ? 'GasAgreementType' : 'ElectricityAgreementType',
    id: a.id,
    validFrom: a.validFrom,
    validTo: a.validTo,
    isRevoked: a.isRevoked,
    product: {
      ...product,
      paginatedRates: (args: PageArgs & { onlyActiveRates?: boolean }) =>
        connection(activeRates(product.rates, args.onlyActiveRates === true), args),
    },
  };
}

function activeRates(rates: SimRate[], onlyActive: boolean): SimRate[] {
  if (!onlyActive) return rates;
  const now = Date.now();
  return rates.filter((r) => r.validTo === null || Date.parse(r.validTo) > now);
}

function meterPointValue(data: KrakenDataset, mp: SimMeterPoint) {
  return {
    __typename: mp.supplyType === 'GAS' ? 'GasMeterPointType' : 'MeterPointType',
    id: mp.id,
    identifier: mp.identifier,
    supplyType: mp.supplyType,
    agreements: ({ includeInactive }: { includeInactive?: boolean }) =>
      mp.agreements
        .filter((a) => includeInactive !== false || a.validTo === null)
        .map((a) => agreementValue(data, mp.supplyType, a)),
  };
}

function billValue(bill: SimBill) {
  return { __typename: bill.billType === 'INVOICE' ? 'InvoiceType' : 'StatementType', ...bill };
}

interface BillArgs extends PageArgs {
  issuedFromDate?: string | null;
  issuedToDate?: string | null;
}

function accountValue(data: KrakenDataset, account: SimAccount) {
  return {
    __typename: 'AccountType',
    number: account.number,
    status: account.status,
    accountType: account.accountType,
    createdAt: account.createdAt,
    // Every ledger of a simulated account counts toward its balance: `includeAllLedgers` alike.
    balance: account.balance,
    activeHardshipAgreements: account.activeHardshipAgreements ?? [],
    properties: () =>
      account.properties.map((p) => ({
        id: p.id,
        address: p.address,
        postcode: p.postcode,
        meterPoints: () => p.meterPoints.map((mp) => meterPointValue(data, mp)),
      })),
    bills: (args: BillArgs) =>
      connection(
        account.bills
          .filter((b) => !args.issuedFromDate || b.issuedDate >= args.issuedFromDate)
          .filter((b) => !args.issuedToDate || b.issuedDate <= args.issuedToDate)
          .map(billValue),
        args,
      ),
  };
}

interface AccountUserInput {
  accountUserId?: string | null;
  accountUserEmail?: string | null;
}

/** Every account a user is linked to: through their portfolio role, then their account roles. */
function linkedAccounts(user: SimAccountUser): string[] {
  return [...user.accountNumbers, ...user.accountRoles.map((r) => r.accountNumber)];
}

/**
 * An account user as Kraken serves them: `accounts` holds every linked account (portfolio or
 * account role); `accountUserRoles` the account roles; `portfolioUserRoles` one role per account
 * the user's portfolio holds (filtered by `accountNumber` when given).
 */
function userValue(data: KrakenDataset, user: SimAccountUser) {
  const account = (n: string) => accountValue(data, data.accounts[n]!);
  return {
    ...user,
    hasFamilyIssues: user.hasFamilyIssues ?? false,
    accounts: () => [...new Set(linkedAccounts(user))].map(account),
    accountUserRoles: ({ accountNumber }: { accountNumber?: string | null }) =>
      user.accountRoles
        .filter((r) => !accountNumber || r.accountNumber === accountNumber)
        .map((r) => ({ role: r.role, account: account(r.accountNumber) })),
    portfolioUserRoles: ({ accountNumber }: { accountNumber?: string | null }) =>
      user.accountNumbers
        .filter((n) => !accountNumber || n === accountNumber)
        .map(() => ({ role: 'ADMIN' })),
  };
}

type TokenInput = Partial<
  Record<'APIKey' | 'organizationSecretKey' | 'preSignedKey' | 'refreshToken', string | null>
>;

/** The root value: one function per root field the subset has. */
export function rootValue(data: KrakenDataset) {
  const userById = new Map(data.users.map((u) => [u.id, u]));
  // Kraken keeps one account user per address; the simulator matches it ignoring case.
  const userByEmail = new Map(data.users.map((u) => [u.email.toLowerCase(), u]));
  return {
    obtainKrakenToken({ input }: { input: TokenInput }, ctx: SimContext) {
      const given = Object.entries(input).filter(([, v]) => typeof v === 'string' && v !== '');
      if (given.length !== 1) throw errorFor('KT-CT-1135');
      const [field, value] = given[0] as [string, string];
      const accepted =
        (field === 'organizationSecretKey' && value === ctx.apiKey) ||
        (field === 'refreshToken' && ctx.tokens.useRefreshToken(value));
      if (!accepted) throw errorFor('KT-CT-1135');
      return ctx.tokens.issue('organization');
    },
    accountUser({ input }: { input?: AccountUserInput }, ctx: SimContext) {
      authorize(ctx);
      const byId = typeof input?.accountUserId === 'string';
      const byEmail = typeof input?.accountUserEmail === 'string';
      if (byId === byEmail) throw errorFor('KT-CT-1605');
      const user = byId
        ? userById.get(input!.accountUserId!)
        : userByEmail.get(input!.accountUserEmail!.trim().toLowerCase());
      if (!user) throw errorFor(byId ? 'KT-CT-5412' : 'KT-CT-5421');
      return userValue(data, user);
    },
    getUsersForAccounts(
      { accountNumbers }: { accountNumbers: (string | null)[] },
      ctx: SimContext,
    ) {
      authorize(ctx);
      const wanted = new Set(accountNumbers.filter((n): n is string => n !== null));
      return data.users
        .filter((u) => linkedAccounts(u).some((n) => wanted.has(n)))
        .map((u) => userValue(data, u));
    },
    account({ accountNumber }: { accountNumber: string }, ctx: SimContext) {
      authorize(ctx);
      const account = data.accounts[accountNumber];
      if (!account) throw errorFor('KT-CT-4178');
      return accountValue(data, account);
    },
    product({ code }: { code: string }, ctx: SimContext) {
      authorize(ctx);
      const product = data.products[code];
      if (!product) return null;
      return {
        ...product,
        paginatedRates: (args: PageArgs & { onlyActiveRates?: boolean }) =>
          connection(activeRates(product.rates, args.onlyActiveRates === true), args),
      };
    },
  };
}
