/**
 * The operator's refusal list (`SHARING_REFUSALS_FILE`) applied to passed-through answers that list
 * accounts, as served routes apply it (src/endpoints/account-selection.ts), whenever the list names
 * the request's customer (otherwise the answer streams as it comes; a customer it flags for harm
 * was refused already, and so were the refused ids of a body):
 * - the deprecated lists (banking and energy `GET .../accounts`) leave out every refused account.
 *   A page of the upstream's list cannot be cut again exactly without the pages before it, so the
 *   gateway reads every page (the caller's filters, pages of 1000), leaves the refused accounts
 *   out and cuts the caller's page itself, with the counts and links a served list has;
 * - the specific-accounts lists (`POST .../accounts`, `/v1` and FDX) name only ids the gateway
 *   checked: an answer that still lists a refused account (one the body did not name) is out of
 *   contract, 502, and never passed on.
 * Each upstream page is read whole and checked against the route's contract first; one out of
 * contract is 502 `Bad gateway`. An upstream 4xx is passed on as it is.
 * (docs/decisions/0066-refusals-and-ids-on-passed-through-routes.md)
 */
import type { ServerResponse } from 'node:http';
import { paginate } from '../api/pagination';
import type { QueryValues } from '../api/query-values';
import { CoreAnswerInvalidError } from '../errors';
import type { RouteSpec } from '../routes/route-spec';
import type { SharingRefusals } from '../refusals/sharing-refusals';
import { sendOwnJson, type UpstreamAnswer } from './upstream-answer';
import type { UpstreamRequest } from './upstream-request';

/** Which accounts a route's answer lists: every account of the customer, or the body's. */
export type AccountListKind = 'whole' | 'named';

/** The port operations whose routes answer account lists. */
const LIST_OPERATIONS: ReadonlySet<string> = new Set([
  'banking.listAccounts',
  'energy.listAccounts',
  'fdx.listAccountDescriptors',
]);

/** The page size the gateway asks for when it reads every page: the interface's largest. */
export const UPSTREAM_PAGE_SIZE = 1000;
/** Most upstream pages read for one list (50 000 accounts); more is out of contract. */
export const MAX_UPSTREAM_PAGES = 50;
/** Largest upstream page read whole, bytes: a thousand accounts with their detail fit many times. */
export const MAX_PAGE_BYTES = 16 * 1024 * 1024;

/** Whether the route's answer lists accounts, and which; undefined for any other route. */
export function accountListKind(route: RouteSpec): AccountListKind | undefined {
  if (!route.coreOperation || !LIST_OPERATIONS.has(route.coreOperation)) return undefined;
  if (!route.path.endsWith('/customer/{customerId}/accounts')) return undefined;
  return route.body === 'accountIds' ? 'named' : 'whole';
}

interface ListedAccount {
  accountId: string;
}

/** A `/v1` list page as its contract has it (checked before it is read). */
interface V1ListPage {
  data: { accounts: ListedAccount[] };
  meta: { totalPages: number };
}

/** The accounts of a checked list answer: `/v1` `data.accounts`, FDX `accounts`. */
function accountsOf(route: RouteSpec, body: unknown): ListedAccount[] {
  return route.family === 'fdx'
    ? (body as { accounts: ListedAccount[] }).accounts
    : (body as V1ListPage).data.accounts;
}

/** What the proxy lends the list answers: its calls, its checks and its header policy. */
export interface AccountListDeps {
  /** One upstream request through the stack: its answer (a 4xx too); undefined: caller gone. */
  call(request: UpstreamRequest): Promise<UpstreamAnswer | undefined>;
  /** Passes an upstream answer on as it is. */
  passOn(answer: UpstreamAnswer): Promise<void>;
  /**
   * The body of a 200 JSON answer, read whole and checked against the route's contract.
   * @throws CoreAnswerInvalidError for any other answer, or a body out of contract
   */
  checkedBody(answer: UpstreamAnswer): Promise<{ json: unknown; text: Buffer }>;
  /** Response headers passed on, lower case. */
  allowedHeaders: ReadonlySet<string>;
  /** Notes an answer that lists an account the gateway refuses (no id is logged). */
  onRefusedListed(): void;
}

/** One request for a list whose customer the operator's list names. */
export interface ListRequest {
  route: RouteSpec;
  customerId: string;
  /** The caller's validated `/v1` query, defaults applied: the page the caller gets. */
  query: QueryValues;
  refusals: SharingRefusals;
  /** The upstream request as built for the caller. */
  upstream: UpstreamRequest;
  /** The upstream path with the caller's query but `page` and `page-size`: where pages are read. */
  pagesPath: string;
  /** A HEAD request: the headers of the GET answer, no body. */
  head: boolean;
}

/** The answers of account lists whose customer the operator's list names. */
export class AccountListAnswers {
  constructor(private readonly deps: AccountListDeps) {}

  /** Answers `request` on `res` as its kind of list. */
  answer(kind: AccountListKind, request: ListRequest, res: ServerResponse): Promise<void> {
    return kind === 'whole' ? this.whole(request, res) : this.named(request, res);
  }

  /** A deprecated list: every upstream page read, refused accounts left out, the page cut again. */
  private async whole(request: ListRequest, res: ServerResponse): Promise<void> {
    const { customerId, refusals } = request;
    // A whole customer refused has every account refused: one page says whether it is known.
    const everyAccountRefused = refusals.customer(customerId) !== undefined;
    const size = everyAccountRefused ? 1 : UPSTREAM_PAGE_SIZE;
    const pageBase = `${request.pagesPath}${request.pagesPath.includes('?') ? '&' : '?'}`;
    const seen = new Set<string>();
    const kept: ListedAccount[] = [];
    let first: UpstreamAnswer | undefined;
    let pages = 1;
    for (let page = 1; page <= pages; page += 1) {
      const answer = await this.deps.call({
        ...request.upstream,
        method: 'GET',
        path: `${pageBase}page=${page}&page-size=${size}`,
      });
      if (!answer) return;
      if (answer.statusCode >= 400) return this.deps.passOn(answer);
      const body = (await this.deps.checkedBody(answer)).json as V1ListPage;
      if (page === 1) {
        first = answer;
        pages = everyAccountRefused ? 1 : body.meta.totalPages;
        if (pages > MAX_UPSTREAM_PAGES) throw new CoreAnswerInvalidError();
      }
      for (const account of body.data.accounts) {
        if (seen.has(account.accountId)) continue;
        seen.add(account.accountId);
        if (refusals.account(customerId, account.accountId) === undefined) kept.push(account);
      }
      if (body.data.accounts.length === 0) break;
    }
    const cut = paginate(kept, request.query);
    const text = JSON.stringify({
      data: { accounts: cut.records },
      links: cut.links,
      meta: cut.meta,
    });
    this.send(res, first!, text, request.head);
  }

  /** A specific-accounts list: passed on when it lists no refused account, else 502. */
  private async named(request: ListRequest, res: ServerResponse): Promise<void> {
    const { route, customerId, refusals } = request;
    const answer = await this.deps.call(request.upstream);
    if (!answer) return;
    if (answer.statusCode >= 400) return this.deps.passOn(answer);
    const { json, text } = await this.deps.checkedBody(answer);
    if (accountsOf(route, json).some((a) => refusals.account(customerId, a.accountId))) {
      this.deps.onRefusedListed();
      throw new CoreAnswerInvalidError();
    }
    this.send(res, answer, text, request.head);
  }

  /** Sends a JSON text the gateway wrote in place of a checked 200 of the upstream's. */
  private send(res: ServerResponse, from: UpstreamAnswer, text: string | Buffer, head: boolean) {
    sendOwnJson(res, from, text, this.deps.allowedHeaders, head);
  }
}
