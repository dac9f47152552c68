/**
 * The template adapter: the ports over the hypothetical REST core of `template-client.ts` (the
 * authorisation and customer ports here, banking in `template-banking.ts`, FDX in
 * `template-fdx.ts`).
 *
 * An adapter only does I/O and hands the payloads to its mappers. The gateway wraps every port
 * method in its resilience stack (cache, single-flight, retry, circuit breaker, timeout), so there
 * is no caching, retrying or timing out here. What an adapter must do itself:
 * - answer only the customer's own data: this core's account routes are not customer-scoped, so
 *   every account call first checks the account is among the customer's (`ownedAmong`), read
 *   once per request (`template-reads.ts`);
 * - throw `CustomerNotFoundError` for an unknown customer on every method;
 * - pass `ctx` (its AbortSignal) to every request.
 */
import {
  CustomerNotFoundError,
  type AdapterContext,
  type CallContext,
  type CoreAdapter,
  type CustomerPort,
} from '@data-holder-gateway/adapter-sdk';
import { toShareableAccount } from './mappers/account.mapper';
import type { CoreCustomer } from './mappers/core-payloads';
import { toCustomerDetail } from './mappers/customer.mapper';
import { toCustomerIdentity, toCustomerSearchResult } from './mappers/identity.mapper';
import { templateBanking } from './template-banking';
import { TemplateCoreClient, type TemplateConfig } from './template-client';
import { templateFdx } from './template-fdx';
import { TemplateReads } from './template-reads';

/** Customer detail, and the consent flow's search by email and identity. */
function templateCustomer(reads: TemplateReads): CustomerPort {
  const customerOf = async (customerId: string, ctx: CallContext) => {
    const customer = await reads.customer(customerId, ctx);
    if (customer === undefined) throw new CustomerNotFoundError();
    return customer;
  };
  return {
    async getCustomerDetail(customerId, ctx) {
      return toCustomerDetail(await customerOf(customerId, ctx));
    },

    // The address is personal data: it goes to the core only, never to a log or an error.
    async searchCustomersByEmail(email, ctx) {
      const found = await reads.core.get<CoreCustomer[]>(
        'customer.search',
        '/customers',
        { email },
        ctx,
      );
      return (found ?? []).map(toCustomerSearchResult);
    },

    async getCustomerIdentity(customerId, ctx) {
      const identity = toCustomerIdentity(await customerOf(customerId, ctx));
      // A customer without an email address has no identity the consent flow could use.
      if (!identity) throw new CustomerNotFoundError();
      return identity;
    },
  };
}

export function createTemplateAdapter(
  config: TemplateConfig,
  log: AdapterContext['log'],
): CoreAdapter {
  const core = new TemplateCoreClient(config);
  // Log settings, never secrets or ids.
  log.info({ connections: config.connections }, 'template core pool created');
  const reads = new TemplateReads(core);

  return {
    id: 'template',

    authorisation: {
      async listShareableAccounts(customerId, ctx) {
        return (await reads.accountsOf(customerId, ctx)).map(toShareableAccount);
      },
    },

    customer: templateCustomer(reads),
    banking: templateBanking(reads),
    fdx: templateFdx(reads),
    isReady: () => core.isOpen(),
    close: () => core.close(),
  };
}
