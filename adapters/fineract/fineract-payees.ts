/**
 * Payees of the Fineract adapter, from the source `FINERACT_PAYEES_SOURCE` names:
 * - `self-service-plugin`: the transfer beneficiaries of the customer's self-service user
 *   (`GET /v1/self/beneficiaries/tpt`). Fineract's core has no self-service: the plugin serves
 *   it, and a Fineract without the plugin answers that path 404. That 404 is never read as "no
 *   payees": the call fails with ResourceNotImplementedError (404 `resource not implemented`, not
 *   a core failure, so it neither opens the circuit nor is retried), a warning is logged once,
 *   and the readiness detail `payeesSource` turns false until the plugin answers again.
 * - `none`: no payees served; an empty list for a known customer, nothing asked of Fineract for
 *   payees.
 * The adapter does not probe at start-up (start-up must not depend on the core): the first
 * payees call finds out.
 */
import {
  ResourceNotImplementedError,
  type AdapterContext,
  type CallContext,
  type Payee,
} from '@data-holder-gateway/adapter-sdk';
import { toPayee, type FineractBeneficiary } from './mappers';
import type { FineractAccounts } from './fineract-accounts';

export class FineractPayees {
  /** Whether the configured source was found missing by the last call that asked it. */
  private sourceMissing = false;

  constructor(
    private readonly fineract: FineractAccounts,
    private readonly log: AdapterContext['log'],
  ) {}

  /** Readiness details: `payeesSource` is false while the configured source is known missing. */
  details(): Record<string, boolean> {
    return { payeesSource: !this.sourceMissing };
  }

  async list(customerId: string, ctx: CallContext): Promise<Payee[]> {
    const { config, bsb } = this.fineract;
    const entry = config.customers[customerId];
    if (
      config.payeesSource === 'none' ||
      !entry?.selfServiceUsername ||
      !entry.selfServicePassword ||
      bsb === undefined
    ) {
      await this.fineract.knownClientId(customerId, ctx);
      return [];
    }
    // The beneficiaries are read while the client is checked; they are used only once the
    // client is known (a settled promise, so a failure of either is reported in that order).
    const reading = this.fineract.http
      .get<FineractBeneficiary[]>('self.beneficiaries.tpt', '/v1/self/beneficiaries/tpt', {}, ctx, {
        username: entry.selfServiceUsername,
        password: entry.selfServicePassword,
      })
      .then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error }),
      );
    await this.fineract.knownClientId(customerId, ctx);
    const read = await reading;
    if (!read.ok) throw read.error;
    if (read.value === null) throw this.missing();
    this.sourceMissing = false;
    const payees: Payee[] = [];
    for (const beneficiary of Array.isArray(read.value) ? read.value : []) {
      const payee = toPayee(beneficiary, bsb);
      if (payee) payees.push(payee);
    }
    return payees;
  }

  private missing(): Error {
    if (!this.sourceMissing) {
      this.log.warn(
        { operation: 'self.beneficiaries.tpt', status: 404, payeesSource: 'self-service-plugin' },
        'Fineract has no self-service plugin: payees cannot be served (install the plugin, or set FINERACT_PAYEES_SOURCE=none to serve no payees)',
      );
    }
    this.sourceMissing = true;
    return new ResourceNotImplementedError();
  }
}
