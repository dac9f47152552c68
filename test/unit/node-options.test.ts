/**
 * The Node options the gateway ships with (package.json `config.nodeOptions`, put in front of the
 * operator's NODE_OPTIONS by `npm start`; docs/operations.md): Node must accept them in
 * NODE_OPTIONS (it refuses to start on a flag it does not allow there), they must take effect, and
 * an operator's own NODE_OPTIONS must still override them.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '../../package.json'), 'utf8')) as {
  config: { nodeOptions: string };
  scripts: { start: string };
};
const PROBE = `node -p "require('v8').getHeapStatistics().heap_size_limit"`;

/** V8's heap size limit (old generation + young generation) under a shell command line. */
function heapLimit(command: string, env: Record<string, string>): number {
  const { NODE_OPTIONS: _ignored, ...rest } = process.env;
  const out = spawnSync('sh', ['-c', command], { env: { ...rest, ...env }, encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`exit ${out.status}: ${out.stderr}`);
  return Number(out.stdout.trim());
}

describe('shipped Node options', () => {
  const start = pkg.scripts.start.replace('node dist/src/main.js', PROBE);
  const withShipped = { npm_package_config_nodeOptions: pkg.config.nodeOptions };

  it('when npm start runs, then Node accepts the shipped options and the young generation has the shipped size', () => {
    expect(pkg.scripts.start).toContain('node dist/src/main.js');
    const size = Number(/--max-semi-space-size=(\d+)/.exec(pkg.config.nodeOptions)?.[1]);
    // V8 rounds the semi-space size up to a power of two (17 to 32 all give 32 MB), so any other
    // value would not be the size the gateway runs with.
    expect(Number.isInteger(Math.log2(size))).toBe(true);
    const shipped = heapLimit(start, withShipped);
    expect(shipped).toBe(heapLimit(PROBE, { NODE_OPTIONS: `--max-semi-space-size=${size}` }));
    // Node's own default differs by version (16 MB on Node 20, 64 MB on Node 24): the shipped
    // size must be the one in force, not Node's.
    expect(shipped).not.toBe(heapLimit(PROBE, {}));
  });

  it("when the operator's NODE_OPTIONS sets the same flag, then the operator's value wins", () => {
    const operator = '--max-semi-space-size=8';
    const expected = heapLimit(PROBE, { NODE_OPTIONS: operator });
    expect(heapLimit(start, { ...withShipped, NODE_OPTIONS: operator })).toBe(expected);
    expect(expected).toBeLessThan(heapLimit(start, withShipped));
  });
});
