/**
 * `npm run config:docs`: writes docs/configuration.md from the settings tables of the gateway and
 * of the built-in adapters. `--check` writes nothing and exits 1 when the file differs;
 * `--file <path>` names another file (tests).
 */
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { BUILT_IN_ADAPTERS, resolveAdapterModule } from '../src/adapters';
import { configurationDoc } from '../src/config/config-docs';
import { projectRoot } from '../src/config/project-root';

/** Where the document lives. */
export const CONFIGURATION_DOC = path.join(projectRoot(), 'docs', 'configuration.md');

/** The document as it should be committed: generated, then laid out by the project's Prettier. */
export async function renderConfigurationDoc(): Promise<string> {
  const adapters = BUILT_IN_ADAPTERS.map((id) => resolveAdapterModule(id));
  const options = await prettier.resolveConfig(CONFIGURATION_DOC);
  return prettier.format(configurationDoc(adapters), {
    ...options,
    filepath: CONFIGURATION_DOC,
  });
}

async function main(args: readonly string[]): Promise<void> {
  const text = await renderConfigurationDoc();
  const at = args.indexOf('--file');
  const file = at >= 0 && args[at + 1] ? path.resolve(args[at + 1]!) : CONFIGURATION_DOC;
  if (args.includes('--check')) {
    const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    if (current !== text) {
      console.error(`${file} is stale: run npm run config:docs`);
      process.exitCode = 1;
    }
    return;
  }
  fs.writeFileSync(file, text);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
