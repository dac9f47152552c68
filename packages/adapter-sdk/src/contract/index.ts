/**
 * The adapter contract suite: the checks every core adapter passes, whoever wrote it. A holder
 * runs it (with jest) against their own adapter and a core that holds known test data; the
 * gateway runs it in `npm test` against the template adapter and the shipped adapters.
 *
 * It checks what the gateway relies on and cannot check for itself at run time:
 * - every record validates against the contract schemas once the gateway has presented it the way the
 *   routes do (authorisation list items wrapped in `extensions.cdr`, energy accounts stripped of
 *   their list extras, banking accounts also mapped to detail version 3, statements given links);
 * - an unknown customer is `CustomerNotFoundError` on every customer-scoped method;
 * - ids are unique, a customer's records never carry another customer's account ids, methods
 *   given account ids answer only for those ids;
 * - when the adapter implements the consent flow's customer methods: the search finds the fixture
 *   customer by `customerEmail` whatever its case, answers `[]` for nobody, and the identity
 *   validates (an unknown customer is `CustomerNotFoundError`);
 * - FDX paging: pages walked with small limits hold no duplicates, are newest first, respect the
 *   date window, end with no `next`; statement totals agree with what the pages hold;
 * - the optional methods an adapter has (each check of one it leaves out passes with nothing to
 *   check): banking transactions (order, window, amount and text filters, offset and total
 *   across pages, each listed transaction's detail), energy balances, FDX account descriptors,
 *   details, contacts and payment networks (agreeing with `getAccountInfo`);
 * - results survive the gateway's cache serialisation unchanged, reads are repeatable;
 * - refusals to share: `sharingRefusal` is a reason and the same on every record of an account,
 *   the refusals the fixtures name are there, a customer flagged for harm is refused;
 * - optionally, a pre-aborted call signal makes the adapter reject (adapters that do I/O);
 * - `close()` resolves;
 * - with `expectChecked`, that the checks it names each checked something (none passed with
 *   nothing to check: a method left out, fixtures without the data).
 *
 * Usage, in a `*.test.ts` file:
 * ```ts
 * describeAdapterContract({
 *   name: 'acme',
 *   ports: ['banking', 'fdx'],
 *   fixtures: { customerId: 'c-1', otherCustomerId: 'c-2', unknownCustomerId: 'nobody',
 *               fdx: { accountId: 'a-1', minTransactions: 50 }, abortsOnSignal: true },
 *   setup: async () => ({ adapter: await acmeAdapterModule.create({ config, log }) }),
 * });
 * ```
 * or, for a module on disk, the gateway repository's `npm run test:adapter`.
 *
 * @packageDocumentation
 */
import { describeBankingTransactions } from './banking-transactions';
import { describeConsentFlow } from './consent-flow';
import { describeCoverage } from './coverage';
import { describeCustomer } from './customer';
import { describeFdx } from './fdx';
import { ContractHarness } from './harness';
import { describeIdentity } from './identity';
import { describeIsolation } from './isolation';
import { describeLifecycle } from './lifecycle';
import { describeRefusals } from './refusals';
import type { AdapterContractOptions } from './options';

export { CONTRACT_CHECKS, type ContractCheck } from './check-names';
export type {
  AdapterContractFixtures,
  AdapterContractOptions,
  AdapterUnderTest,
  BankingTransactionFixtures,
  FdxFixtures,
  OptionalPort,
  RefusalFixtures,
  RefusedAccountFixture,
} from './options';

/**
 * Declares the contract suite (jest `describe`/`test`) for one adapter. Call it at the top level
 * of a test file; it may be called several times in one file, once per adapter.
 */
export function describeAdapterContract(options: AdapterContractOptions): void {
  const h = new ContractHarness(options);
  const { fixtures } = h;
  describe(`adapter contract: ${h.name}`, () => {
    beforeAll(async () => {
      h.underTest = await options.setup();
    }, options.setupTimeoutMs ?? 30_000);

    afterAll(async () => {
      try {
        if (h.underTest && !h.closed) await h.underTest.adapter.close?.();
      } finally {
        await h.underTest?.teardown?.();
      }
    });

    describeIdentity(h);
    describeCustomer(h, fixtures.customerId, 'with data');
    if (fixtures.otherCustomerId) describeCustomer(h, fixtures.otherCustomerId, 'second');
    if (fixtures.emptyCustomerId) describeCustomer(h, fixtures.emptyCustomerId, 'empty');
    describeIsolation(h);
    describeConsentFlow(h);
    if (h.ports.has('banking')) describeBankingTransactions(h);
    if (h.ports.has('fdx') && fixtures.fdx) describeFdx(h, fixtures.fdx);
    describeRefusals(h);
    // Last: it closes the adapter.
    describeLifecycle(h);
    describeCoverage(h, options.expectChecked ?? []);
  });
}
