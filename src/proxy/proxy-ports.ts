/**
 * The ports a pass-through instance serves to the gateway itself: its accounts for the merged
 * authorisation list (`GET /auth/v1/customer/{customerId}/accounts` on the upstream), its
 * customer detail (`GET /v1/common/customer/{customerId}/detail`), and the consent flow's
 * customer search (`POST /auth/v1/customer/search`) and identity
 * (`GET /auth/v1/customer/{customerId}`). Each is read from the upstream with its own
 * credentials, checked against the contracts, and mapped field by field. Paths are relative to
 * `authorisationUrl`, by default the origin of `baseUrl`.
 */
import { Pool } from 'undici';
import { contractsAjv, refOf } from '../../contracts';
import {
  CoreUnavailableError,
  CustomerNotFoundError,
  CustomerNotIdentifiableError,
} from '../errors';
import type {
  AuthorisationPort,
  CallContext,
  CustomerDetail,
  CustomerIdentity,
  CustomerPort,
  CustomerSearchResult,
  RelatedUser,
  ShareableAccount,
  ShareableAccountRecord,
} from '../ports';
import { retryAfterSeconds, transportFailure } from '@data-holder-gateway/adapter-sdk';
import type { ProxySettings } from './proxy-settings';

const ajv = contractsAjv();
/** The list, each item in contract and carrying the ownership data a record needs. */
const validAccountList = ajv.compile({
  type: 'object',
  required: ['accounts'],
  properties: {
    accounts: {
      type: 'array',
      items: {
        type: 'object',
        $ref: refOf('shareable-account'),
        required: ['extensions'],
        properties: { extensions: { type: 'object' } },
      },
    },
  },
});
const validDetail = ajv.compile({
  type: 'object',
  required: ['data'],
  properties: { data: { $ref: refOf('customer-detail') } },
});
const validSearch = ajv.compile({ $ref: refOf('envelopes', 'CustomerSearchResponse') });
const validIdentity = ajv.compile({ $ref: refOf('customer-identity') });

/** Reads documented JSON answers from one upstream with its credentials. */
class UpstreamReader {
  private readonly pool: Pool;
  private readonly basePath: string;

  constructor(private readonly settings: ProxySettings) {
    const root = new URL(settings.authorisationUrl ?? new URL(settings.baseUrl).origin);
    this.pool = new Pool(root.origin);
    this.basePath = root.pathname.replace(/\/$/, '');
  }

  /**
   * The body of a 200 answer to a GET, or to a POST of `json`, checked with `valid`. A 404 `Customer not found` is
   * CustomerNotFoundError; any other answer, a body out of contract, or a failed transport is
   * the upstream being unavailable.
   */
  async get(
    path: string,
    valid: (body: unknown) => boolean,
    ctx: CallContext,
    json?: unknown,
  ): Promise<unknown> {
    let response;
    try {
      response = await this.pool.request({
        method: json === undefined ? 'GET' : 'POST',
        path: this.basePath + path,
        headers: {
          accept: 'application/json',
          'x-request-id': ctx.requestId,
          ...this.settings.headers,
          ...(this.settings.authorization ? { authorization: this.settings.authorization } : {}),
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
        signal: ctx.signal,
      });
    } catch (err) {
      throw transportFailure(err, ctx.signal);
    }
    const { statusCode: status, headers } = response;
    let body: unknown;
    try {
      body = await response.body.json();
    } catch (err) {
      if (status === 200) throw transportFailure(err, ctx.signal);
    }
    if (status === 200 && valid(body)) return body;
    const error = (body as { error?: unknown } | undefined)?.error;
    if (status === 404 && error === 'Customer not found') throw new CustomerNotFoundError();
    // An upstream gateway's answer about this one customer, never its being down.
    if (status === 422 && error === 'Customer cannot be identified')
      throw new CustomerNotIdentifiableError();
    const retryAfter = status >= 500 ? retryAfterSeconds(headers['retry-after']) : undefined;
    throw new CoreUnavailableError({
      cause: new Error(`upstream answered ${status}${status === 200 ? ' out of contract' : ''}`),
      ...(retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {}),
    });
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

const enc = encodeURIComponent;

const user = (u: RelatedUser): RelatedUser => ({
  id: u.id,
  email: u.email,
  isAccountHolder: u.isAccountHolder,
});

/**
 * An item of the authorisation list (with its `extensions`, as the list check requires) back to
 * the record it was presented from. An absent `openStatus` is OPEN and absent `users` none, as
 * the interface reads them.
 */
export function shareableAccountRecord(
  account: ShareableAccount & Required<Pick<ShareableAccount, 'extensions'>>,
): ShareableAccountRecord {
  const { cdr } = account.extensions;
  return {
    accountId: account.accountId,
    ...(account.displayName !== undefined ? { displayName: account.displayName } : {}),
    ...(account.subtitle !== undefined ? { subtitle: account.subtitle } : {}),
    openStatus: account.openStatus === 'CLOSED' ? 'CLOSED' : 'OPEN',
    complexAccountType: cdr.complexAccountType,
    users: (cdr.users ?? []).map(user),
  };
}

export interface ProxyPorts extends AuthorisationPort, CustomerPort {
  /** Closes the upstream connections. */
  close(): Promise<void>;
}

/** The authorisation and customer ports of one pass-through instance. */
export function proxyPorts(settings: ProxySettings): ProxyPorts {
  const reader = new UpstreamReader(settings);
  return {
    async listShareableAccounts(customerId, ctx) {
      const body = await reader.get(
        `/auth/v1/customer/${enc(customerId)}/accounts`,
        validAccountList,
        ctx,
      );
      const { accounts } = body as {
        accounts: (ShareableAccount & Required<Pick<ShareableAccount, 'extensions'>>)[];
      };
      return accounts.map(shareableAccountRecord);
    },
    async getCustomerDetail(customerId, ctx) {
      const body = await reader.get(
        `/v1/common/customer/${enc(customerId)}/detail`,
        validDetail,
        ctx,
      );
      // The contract closes the shape; the detail is passed on as the upstream documents it.
      return (body as { data: CustomerDetail }).data;
    },
    async searchCustomersByEmail(email, ctx) {
      const body = await reader.get('/auth/v1/customer/search', validSearch, ctx, { email });
      return (body as { data: CustomerSearchResult[] }).data;
    },
    async getCustomerIdentity(customerId, ctx) {
      const body = await reader.get(`/auth/v1/customer/${enc(customerId)}`, validIdentity, ctx);
      return body as CustomerIdentity;
    },
    close: () => reader.close(),
  };
}

/** The authorisation port of a pass-through instance (its accounts in the merged list). */
export function proxyAuthorisationPort(settings: ProxySettings): AuthorisationPort & {
  close(): Promise<void>;
} {
  const ports = proxyPorts(settings);
  return { listShareableAccounts: ports.listShareableAccounts, close: ports.close };
}
