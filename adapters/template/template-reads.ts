/**
 * The template core reads every port needs: the customer's accounts and a customer's record,
 * each read once per request (`readOnce`): the gateway checks the accounts a request names before
 * it asks for their data, and both calls then share one core call.
 */
import {
  CustomerNotFoundError,
  readOnce,
  type CallContext,
} from '@data-holder-gateway/adapter-sdk';
import type { CoreAccount, CoreCustomer } from './mappers/core-payloads';
import type { TemplateCoreClient } from './template-client';

const enc = encodeURIComponent;

export class TemplateReads {
  constructor(readonly core: TemplateCoreClient) {}

  /** The customer's accounts, in the core's order. @throws CustomerNotFoundError */
  async accountsOf(customerId: string, ctx: CallContext): Promise<CoreAccount[]> {
    const path = `/customers/${enc(customerId)}/accounts`;
    const accounts = await readOnce(ctx, path, () =>
      this.core.get<CoreAccount[]>('customer.accounts', path, {}, ctx),
    );
    if (accounts === undefined) throw new CustomerNotFoundError();
    return accounts;
  }

  /** The customer's accounts among `ids`, in the core's order. @throws CustomerNotFoundError */
  async ownedAmong(
    customerId: string,
    ids: readonly string[],
    ctx: CallContext,
  ): Promise<CoreAccount[]> {
    const wanted = new Set(ids);
    return (await this.accountsOf(customerId, ctx)).filter((a) => wanted.has(a.id));
  }

  /** The customer's account of that id; undefined when it is not theirs. */
  async ownedAccount(
    customerId: string,
    accountId: string,
    ctx: CallContext,
  ): Promise<CoreAccount | undefined> {
    return (await this.accountsOf(customerId, ctx)).find((a) => a.id === accountId);
  }

  /** A customer's record; undefined when the core does not know them. */
  customer(customerId: string, ctx: CallContext): Promise<CoreCustomer | undefined> {
    const path = `/customers/${enc(customerId)}`;
    return readOnce(ctx, path, () => this.core.get<CoreCustomer>('customer', path, {}, ctx));
  }
}
