/**
 * The launcher of `npm run token` and `npm run clients` (scripts/run-cli.cjs): the built command
 * line when dist/ is at least as new as every source it is built from, so the token comes in
 * about a second after `npm start`; the sources through ts-node when any of them changed since.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { builtIsCurrent } = require('../../scripts/run-cli.cjs') as {
  builtIsCurrent(base: string): boolean;
};

function tree(): string {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-run-cli-'));
  const write = (file: string, at: number) => {
    fs.mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
    fs.writeFileSync(path.join(base, file), '');
    fs.utimesSync(path.join(base, file), at, at);
  };
  write('src/cli/main.ts', 1000);
  write('adapters/demo/demo.adapter.ts', 1000);
  write('adapters/demo/test/unit/x.test.ts', 3000); // tests are not built
  write('packages/adapter-sdk/src/index.ts', 1000);
  write('dist/src/cli/main.js', 2000);
  write('dist/.tsbuildinfo', 2000);
  return base;
}

describe('the command line launcher', () => {
  it('when dist/ was built after every source changed, then the built command line runs', () => {
    expect(builtIsCurrent(tree())).toBe(true);
  });

  it.each([
    'src/cli/token.ts',
    'adapters/demo/demo.adapter.ts',
    'packages/adapter-sdk/src/index.ts',
  ])('when %s changed after the build, then the sources run instead', (file) => {
    const base = tree();
    fs.writeFileSync(path.join(base, file), 'changed');
    expect(builtIsCurrent(base)).toBe(false);
  });

  it('when nothing was built, then the sources run', () => {
    const base = tree();
    fs.rmSync(path.join(base, 'dist'), { recursive: true });
    expect(builtIsCurrent(base)).toBe(false);
  });
});
