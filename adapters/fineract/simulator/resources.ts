/**
 * The resources the simulator serves, over one data set: each endpoint's answer with Fineract's
 * semantics (paging, ordering, validation, not-found codes). Paths and authentication are the
 * server's business (simulator.ts); this answers a call already let in.
 */
import type { FineractDataset, FineractSelfServiceUser, Json } from './dataset';
import {
  datatableNotFound,
  FineractError,
  invalid,
  invalidAll,
  NOT_AUTHORIZED,
  notFound,
} from './fineract-errors';
import { TransactionResources } from './transaction-resources';
import { byDateThenId, byId, intParam, isoDate, num, pathId } from './wire-values';

/** One request, as far as the resources care. */
export interface Call {
  segments: string[];
  query: Record<string, string>;
  /** The self-service user, when the caller is one. */
  selfUser?: FineractSelfServiceUser;
}

export type Answer = Json | Json[];

const byIdOf = (list: Json[]) => new Map(list.map((r) => [num(r.id), r]));

/** A whole-number query value of Spring's page resolver: bad values fall back to the default. */
const springWhole = (value: string | undefined, fallback: number, min: number) =>
  value !== undefined && /^[0-9]{1,9}$/.test(value) && Number(value) >= min
    ? Number(value)
    : fallback;

/** Client list orderings the simulator knows: `orderBy` value → the field it sorts on. */
const CLIENT_ORDER: Readonly<Record<string, string>> = {
  id: 'id',
  displayName: 'displayName',
  accountNo: 'accountNo',
};

/** The clients in `orderBy`/`sortOrder` order (Fineract's default: by id, ascending). */
function ordered(clients: Json[], query: Record<string, string>): Json[] {
  const field = CLIENT_ORDER[query.orderBy ?? 'id'];
  if (field === undefined) {
    throw invalid('orderBy', 'validation.msg.invalid.orderBy', 'Invalid orderBy.', query.orderBy);
  }
  const descending = (query.sortOrder ?? 'ASC').toUpperCase() === 'DESC';
  const key = (c: Json) => (field === 'id' ? num(c.id) : String(c[field]));
  return [...clients].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    const order = x < y ? -1 : x > y ? 1 : 0;
    return descending ? -order : order;
  });
}

export class FineractResources {
  private readonly clients: Map<number, Json>;
  private readonly savings: Map<number, Json>;
  private readonly fixed: Map<number, Json>;
  private readonly recurring: Map<number, Json>;
  private readonly loans: Map<number, Json>;
  private readonly transactions: TransactionResources;
  /** The client list in each ordering asked so far (sorting 10,000 clients per page is slow). */
  private readonly clientOrders = new Map<string, Json[]>();

  /**
   * @param selfServicePlugin whether `/v1/self/...` is served, as by a Fineract with the
   *   self-service plugin; without it those paths are Fineract's resource-not-found 404
   */
  constructor(
    private readonly data: FineractDataset,
    private readonly selfServicePlugin = true,
  ) {
    this.clients = byIdOf(data.clients);
    this.savings = byIdOf(data.savingsAccounts);
    this.fixed = byIdOf(data.fixedDepositAccounts);
    this.recurring = byIdOf(data.recurringDepositAccounts);
    this.loans = byIdOf(data.loans);
    this.transactions = new TransactionResources(data, {
      sav: this.savings,
      fd: this.fixed,
      rd: this.recurring,
    });
  }

  /** Adds a client, or replaces the one with its id (a client created or edited in Fineract). */
  putClient(client: Json): void {
    const id = num(client.id);
    const at = this.data.clients.findIndex((c) => num(c.id) === id);
    if (at >= 0) this.data.clients[at] = client;
    else this.data.clients.push(client);
    this.clients.set(id, client);
    this.clientOrders.clear();
  }

  /** The answer to a call, or a thrown {@link FineractError}. */
  answer({ segments, query, selfUser }: Call): Answer {
    const [version, resource, id, sub, subSub, extra] = segments;
    if (version !== 'v1' || extra !== undefined) throw notFound();
    if (resource === 'self') {
      if (!this.selfServicePlugin) throw notFound();
      if (id === 'beneficiaries' && sub === 'tpt' && subSub === undefined) {
        return selfUser ? selfUser.beneficiaries : [];
      }
      throw notFound();
    }
    if (selfUser) throw new FineractError(403, NOT_AUTHORIZED);
    const found = this.backOffice(resource, id, sub, subSub, query);
    if (found === undefined) throw notFound();
    return found;
  }

  /** The back-office resources; undefined when no resource has that path. */
  private backOffice(
    resource: string | undefined,
    id: string | undefined,
    sub: string | undefined,
    subSub: string | undefined,
    query: Record<string, string>,
  ): Answer | undefined {
    switch (resource) {
      case 'clients':
        if (id === undefined) return this.listClients(query);
        if (subSub !== undefined) return undefined;
        if (sub === undefined) return this.client(id);
        if (sub === 'accounts') {
          return this.data.clientAccounts[String(num(this.client(id).id))] ?? {};
        }
        return undefined;
      case 'savingsaccounts':
        if (id === undefined) return undefined;
        if (sub === undefined) return this.savingsAccount(id);
        if (sub === 'transactions' && subSub === 'search') {
          return this.transactions.search(this.anySavingsTable(id), query);
        }
        if (sub === 'transactions' && subSub !== undefined) {
          return this.transactions.transaction('sav', id, subSub);
        }
        return undefined;
      case 'fixeddepositaccounts':
      case 'recurringdepositaccounts': {
        const kind = resource === 'fixeddepositaccounts' ? 'fd' : 'rd';
        if (id === undefined) return undefined;
        if (sub === undefined)
          return kind === 'fd' ? this.fixedDeposit(id) : this.recurringDeposit(id);
        if (sub === 'transactions' && subSub !== undefined) {
          return this.transactions.transaction(kind, id, subSub);
        }
        return undefined;
      }
      case 'loans':
        if (id === undefined) return undefined;
        if (sub === undefined) return this.loanDetail(id, query);
        if (sub !== 'transactions') return undefined;
        return subSub === undefined
          ? this.loanTransactions(id, query)
          : this.transactions.loanTransaction(id, subSub);
      case 'client':
        return id !== undefined && sub === 'addresses' && subSub === undefined
          ? this.clientAddresses(id, query)
          : undefined;
      case 'standinginstructions':
        return id === undefined ? this.standingInstructions(query) : undefined;
      case 'datatables':
        return id !== undefined && sub === 'query' && subSub === undefined
          ? this.queryDatatable(id, query)
          : undefined;
      default:
        return undefined;
    }
  }

  private client(raw: string): Json {
    const id = pathId(raw);
    if (id === undefined) throw notFound(); // not a long: no resource matches the path
    const found = this.clients.get(id);
    if (!found) {
      throw notFound(
        'error.msg.client.id.invalid',
        `Client with identifier ${raw} does not exist`,
        id,
      );
    }
    return found;
  }

  private lookup(map: Map<number, Json>, code: string, label: string, raw: string): Json {
    const id = pathId(raw);
    if (id === undefined) throw notFound();
    const found = map.get(id);
    if (!found) throw notFound(code, `${label} with identifier ${raw} does not exist`, id);
    return found;
  }

  private savingsAccount(raw: string): Json {
    return this.lookup(this.savings, 'error.msg.saving.account.id.invalid', 'Savings account', raw);
  }

  private fixedDeposit(raw: string): Json {
    return this.lookup(
      this.fixed,
      'error.msg.fixeddepositaccount.id.invalid',
      'Fixed deposit account',
      raw,
    );
  }

  private recurringDeposit(raw: string): Json {
    return this.lookup(
      this.recurring,
      'error.msg.recurringdepositaccount.id.invalid',
      'Recurring deposit account',
      raw,
    );
  }

  private loan(raw: string): Json {
    return this.lookup(this.loans, 'error.msg.loan.id.invalid', 'Loan', raw);
  }

  /** Any savings-table account (savings, fixed or recurring deposit): the search serves them all. */
  private anySavingsTable(raw: string): number {
    const id = pathId(raw);
    if (id === undefined) throw notFound();
    if (!this.savings.has(id) && !this.fixed.has(id) && !this.recurring.has(id)) {
      throw notFound(
        'error.msg.saving.account.id.invalid',
        `Savings account with identifier ${raw} does not exist`,
        id,
      );
    }
    return id;
  }

  private listClients(query: Record<string, string>): Json {
    const offset = intParam(query, 'offset', 0);
    const limit = intParam(query, 'limit', 200, 1);
    const externalId = query.externalId;
    if (externalId !== undefined) {
      const matching = this.data.clients.filter((c) => c.externalId === externalId);
      return {
        totalFilteredRecords: matching.length,
        pageItems: ordered(matching, query).slice(offset, offset + limit),
      };
    }
    const order = `${query.orderBy ?? 'id'} ${(query.sortOrder ?? 'ASC').toUpperCase()}`;
    let all = this.clientOrders.get(order);
    if (!all) {
      all = ordered(this.data.clients, query);
      this.clientOrders.set(order, all);
    }
    return { totalFilteredRecords: all.length, pageItems: all.slice(offset, offset + limit) };
  }

  /**
   * `GET /v1/datatables/{datatable}/query`: the rows whose `columnFilter` column equals
   * `valueFilter` exactly (as PostgreSQL compares text: case matters), each with the
   * `resultColumns` it has a value for (Fineract leaves nulls out, and rows left empty).
   */
  private queryDatatable(name: string, query: Record<string, string>): Json[] {
    const table = this.data.datatables[name];
    if (!table) throw datatableNotFound(name);
    const { columnFilter, valueFilter, resultColumns } = query;
    const errors: [string, string, string | undefined][] = [];
    if (!columnFilter) errors.push(['columnFilter', 'Column filter is empty!', columnFilter]);
    else if (!table.columns.includes(columnFilter)) {
      errors.push(['columnFilter', 'Column filter not exist in datatable!', columnFilter]);
    }
    if (!valueFilter) errors.push(['valueFilter', 'Value filter is empty!', valueFilter]);
    const wanted = resultColumns ? resultColumns.split(',') : [];
    if (!resultColumns)
      errors.push(['resultColumns', 'Result columns filter is empty!', undefined]);
    for (const column of wanted.filter((c) => !table.columns.includes(c))) {
      errors.push(['resultColumns', 'Result column not exist in datatable!', column]);
    }
    if (errors.length) throw invalidAll(errors);
    return table.rows
      .filter(
        (row) => row[columnFilter!] !== undefined && String(row[columnFilter!]) === valueFilter,
      )
      .map((row) =>
        Object.fromEntries(wanted.filter((c) => row[c] != null).map((c) => [c, row[c]])),
      )
      .filter((row) => Object.keys(row).length > 0);
  }

  private loanDetail(raw: string, query: Record<string, string>): Json {
    const { repaymentSchedule, ...rest } = this.loan(raw);
    const wanted = (query.associations ?? '').split(',').map((s) => s.trim());
    const all = wanted.includes('all');
    const out: Json = { ...rest };
    if (all || wanted.includes('repaymentSchedule')) out.repaymentSchedule = repaymentSchedule;
    if (all || wanted.includes('transactions')) {
      const txs = this.data.loanTransactions[String(num(rest.id))] ?? [];
      out.transactions = [...txs].sort(byDateThenId((t) => isoDate(t.date), false));
    }
    return out;
  }

  /**
   * `GET /v1/client/{clientId}/addresses`: the client's addresses (none for a client Fineract
   * does not know: it does not check), `status` keeping the active (`true`) or inactive ones and
   * `type` one address type; a `type` that is not a long matches no resource.
   */
  private clientAddresses(raw: string, query: Record<string, string>): Json[] {
    const id = pathId(raw);
    const type = query.type === undefined ? 0 : pathId(query.type);
    if (id === undefined || type === undefined) throw notFound();
    const active = query.status === undefined ? undefined : /^true$/i.test(query.status);
    return (this.data.clientAddresses[String(id)] ?? []).filter(
      (a) =>
        (type === 0 || num(a.addressTypeId) === type) &&
        (active === undefined || a.isActive === active),
    );
  }

  /** Spring Data paging: bad values fall back to the defaults, as Spring's resolver does. */
  private loanTransactions(raw: string, query: Record<string, string>): Json {
    const id = num(this.loan(raw).id);
    const page = springWhole(query.page, 0, 0);
    const size = Math.min(springWhole(query.size, 20, 1), 2000);
    const { sorted, property, descending } = loanTransactionSort(query.sort);
    const all = [...(this.data.loanTransactions[String(id)] ?? [])];
    all.sort(
      property === 'id' ? byId(descending) : byDateThenId((t) => isoDate(t.date), descending),
    );
    const content = all.slice(page * size, page * size + size);
    const totalPages = Math.ceil(all.length / size);
    const sort = { empty: !sorted, sorted, unsorted: !sorted };
    return {
      content,
      pageable: {
        pageNumber: page,
        pageSize: size,
        sort,
        offset: page * size,
        paged: true,
        unpaged: false,
      },
      totalElements: all.length,
      totalPages,
      last: page + 1 >= totalPages,
      size,
      number: page,
      sort,
      numberOfElements: content.length,
      first: page === 0,
      empty: content.length === 0,
    };
  }

  private standingInstructions(query: Record<string, string>): Json {
    const offset = intParam(query, 'offset', 0);
    const limit = query.limit === undefined ? Infinity : intParam(query, 'limit', 0, 1);
    const clientId = query.clientId === undefined ? undefined : intParam(query, 'clientId', 0);
    const fromAccountId =
      query.fromAccountId === undefined ? undefined : intParam(query, 'fromAccountId', 0);
    const fromAccountType =
      query.fromAccountType === undefined ? undefined : intParam(query, 'fromAccountType', 0);
    const field = (r: Json, key: string) => num((r[key] as Json | undefined)?.id);
    const matching = this.data.standingInstructions
      .filter(
        (s) =>
          (clientId === undefined || field(s, 'fromClient') === clientId) &&
          (fromAccountId === undefined || field(s, 'fromAccount') === fromAccountId) &&
          (fromAccountType === undefined || field(s, 'fromAccountType') === fromAccountType),
      )
      .sort(byId(false));
    return {
      totalFilteredRecords: matching.length,
      pageItems: matching.slice(offset, offset + limit),
    };
  }
}

/** The `sort` of the loan transactions: `transactionDate|id[,asc|desc]`; anything else is 400. */
function loanTransactionSort(sortParam: string | undefined) {
  if (sortParam === undefined || sortParam === '') {
    return { sorted: false, property: 'transactionDate', descending: false };
  }
  const [prop, direction = 'asc'] = sortParam.split(',').map((s) => s.trim());
  if ((prop !== 'transactionDate' && prop !== 'id') || !/^(asc|desc)$/i.test(direction)) {
    throw invalid(
      'sort',
      'validation.msg.invalid.sort',
      `Sorting by \`${sortParam}\` is not supported.`,
      sortParam,
    );
  }
  return { sorted: true, property: prop, descending: direction.toLowerCase() === 'desc' };
}
