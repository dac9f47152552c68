/**
 * The gateway as the benchmark runs it: the real `createGateway` + `listen` from `src/` (compiled
 * to `dist/`), configured by `loadConfig(process.env)`, on the loopback HTTP core adapter at
 * `BENCH_CORE_URL`. Prints `READY <port>` once listening; stops gracefully on SIGTERM.
 */
import v8 from 'node:v8';
import { loadConfig } from '../src/config/config';
import { createGateway } from '../src/gateway';
import { listen } from '../src/server';
import { httpCoreAdapter } from './http-core.adapter';

async function main(): Promise<void> {
  const coreUrl = process.env.BENCH_CORE_URL;
  if (!coreUrl) throw new Error('BENCH_CORE_URL is required');
  const config = loadConfig(process.env);
  const gateway = await createGateway(config, { adapter: httpCoreAdapter(coreUrl) });
  const { port, shutdown } = await listen(gateway, config.port, config.host);
  process.stdout.write(`READY ${port}\n`);
  // With --expose-gc (BENCH_EXPOSE_GC=1): SIGUSR2 runs a full GC and prints the live heap, the
  // memory V8 holds for its heap (committed) and that memory per heap space, in bytes, as JSON.
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    process.on('SIGUSR2', () => {
      gc();
      const { heapUsed, heapTotal } = process.memoryUsage();
      const spaces = Object.fromEntries(
        v8
          .getHeapSpaceStatistics()
          .filter((s) => s.space_size > 0)
          .map((s) => [s.space_name, s.space_size]),
      );
      process.stdout.write(
        `HEAP ${JSON.stringify({ live: heapUsed, committed: heapTotal, spaces })}\n`,
      );
    });
  }
  process.once('SIGTERM', () => {
    shutdown().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`bench gateway failed: ${(err as Error)?.stack ?? String(err)}\n`);
  process.exit(1);
});
