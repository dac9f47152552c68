/**
 * `npm run collections`: writes docs/collections/, the Postman collection and the .http file of
 * every operation of the gateway's OpenAPI document, as a demo gateway serves it
 * (docs/api.md, "Collections for Postman and .http clients"). `--check` writes nothing and exits 1
 * when a committed file differs from what would be written.
 * test/component/collections.test.ts fails in the same case, so the files never go stale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { startDemoGateway } from './demo-gateway';
import { formatted } from './formatted';
import { httpFile } from './http-file';
import type { OpenApiDocument } from './openapi-operations';
import { postmanCollection } from './postman-collection';

const DIR = path.resolve(__dirname, '../../docs/collections');
export const POSTMAN_FILE = path.join(DIR, 'data-holder-gateway.postman_collection.json');
export const HTTP_FILE = path.join(DIR, 'data-holder-gateway.http');

/** The OpenAPI document a demo gateway serves at /openapi.json. */
export async function demoOpenApi(): Promise<OpenApiDocument> {
  const demo = await startDemoGateway();
  try {
    const res = await fetch(`${demo.origin}/openapi.json`);
    if (res.status !== 200) throw new Error(`/openapi.json answered ${res.status}`);
    return (await res.json()) as OpenApiDocument;
  } finally {
    await demo.close();
  }
}

/** Each file and the text it should hold now. */
export async function generatedCollections(): Promise<{ file: string; text: string }[]> {
  const doc = await demoOpenApi();
  return [
    {
      file: POSTMAN_FILE,
      text: formatted(POSTMAN_FILE, JSON.stringify(postmanCollection(doc), null, 2)),
    },
    { file: HTTP_FILE, text: httpFile(doc) },
  ];
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const { file, text } of await generatedCollections()) {
    const now = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
    if (now === text) continue;
    if (check) {
      stale += 1;
      process.stderr.write(`${path.relative(process.cwd(), file)} is stale: npm run collections\n`);
    } else {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
      process.stdout.write(`wrote ${path.relative(process.cwd(), file)}\n`);
    }
  }
  process.exitCode = stale > 0 ? 1 : 0;
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 1;
  });
}
