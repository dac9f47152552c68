/**
 * The adapter SDK's manifest, as a published package needs it: it builds before it is packed, it
 * ships what its exports point at, and it carries the gateway's licence and Node versions. (The
 * packed tarball itself is checked from a fresh clone: test/sdk/new-adapter.fresh-clone.test.ts.)
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const SDK = path.join(ROOT, 'packages/adapter-sdk');

interface Manifest {
  name: string;
  private?: boolean;
  license: string;
  engines: { node: string };
  main: string;
  types: string;
  files: string[];
  scripts: Record<string, string>;
  exports: Record<string, string | { types: string; default: string }>;
  repository: { type: string; url: string; directory: string };
  publishConfig: { access: string };
}

const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
const sdk = read(path.join(SDK, 'package.json'));
const gateway = read(path.join(ROOT, 'package.json'));

describe('the adapter SDK package', () => {
  test('when packed, then it is built first and published in public', () => {
    expect(sdk.scripts.prepack).toBe(sdk.scripts.build);
    expect(sdk.private).toBeUndefined();
    expect(sdk.publishConfig).toEqual({ access: 'public' });
  });

  test('when read, then its licence, licence text and Node versions are the gateway’s, and it names its folder', () => {
    expect(sdk.license).toBe(gateway.license);
    expect(fs.readFileSync(path.join(SDK, 'LICENSE'), 'utf8')).toBe(
      fs.readFileSync(path.join(ROOT, 'LICENSE'), 'utf8'),
    );
    expect(sdk.engines).toEqual(gateway.engines);
    expect(sdk.repository).toMatchObject({ type: 'git', directory: 'packages/adapter-sdk' });
  });

  test('when its exports are followed, then each target is among the files it ships', () => {
    const shipped = (target: string) =>
      sdk.files.some((entry) => target.replace(/^\.\//, '').startsWith(`${entry}/`));
    const targets = Object.entries(sdk.exports)
      .filter(([subpath]) => subpath !== './package.json')
      .flatMap(([, target]) => (typeof target === 'string' ? [target] : Object.values(target)));
    for (const target of [...targets, sdk.main, sdk.types])
      expect({ target, shipped: shipped(target) }).toEqual({ target, shipped: true });
  });
});
