/**
 * Runs the adapter contract suite against a holder's adapter module. Not collected by
 * `npm test` (its name does not end in `.test.ts`); run it on purpose:
 *
 * ```sh
 * ADAPTER_MODULE=./path/to/my-adapter ADAPTER_FIXTURES=./my-fixtures.json \
 *   ACME_BASE_URL=... ACME_API_KEY=... \
 *   npx jest --testMatch '**' '/test/kit/run-adapter-contract.ts'
 * ```
 * (the pattern is one argument: `'**' + '/test/kit/run-adapter-contract.ts'`, written apart here
 * only because this is a comment).
 *
 * - `ADAPTER_MODULE`: what `CORE_ADAPTER` would say (a path from the working directory, or an
 *   installed package name).
 * - `ADAPTER_FIXTURES`: a JSON file `{ "name"?, "ports": [...], "fixtures": {...} }`
 *   (`AdapterFixturesFile`; e.g. adapters/template/fixtures/contract-fixtures.json).
 * - The adapter's configuration block comes from its `<ID>_<PROPERTY>` variables, exactly as the
 *   gateway reads them. The core must be up and hold the fixtures' customers.
 */
import path from 'node:path';
import { describeAdapterContract } from '@data-holder-gateway/adapter-sdk/contract';
import { createAdapterFromModule, readFixturesFile } from './load-adapter';

const specifier = process.env.ADAPTER_MODULE;
const fixturesPath = process.env.ADAPTER_FIXTURES;
if (!specifier || !fixturesPath) {
  throw new Error(
    'run-adapter-contract: set ADAPTER_MODULE (a module path or package name, as CORE_ADAPTER) and ADAPTER_FIXTURES (a fixtures JSON file); see docs/adapters.md',
  );
}
const file = readFixturesFile(path.resolve(process.cwd(), fixturesPath));

describeAdapterContract({
  name: file.name ?? specifier,
  ports: file.ports,
  fixtures: file.fixtures,
  setup: async () => ({ adapter: await createAdapterFromModule(specifier) }),
});
