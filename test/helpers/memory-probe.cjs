/**
 * Loaded with `--require` into a gateway a test starts with `--expose-gc` and an IPC channel
 * (test/component/memory-bounds.test.ts): answers `measure` with the heap in use after a full
 * collection, so the test compares what the gateway keeps, not garbage not yet collected.
 */
'use strict';

// The channel must not keep the gateway alive on its own.
process.channel?.unref();
process.on('message', (message) => {
  if (message !== 'measure') return;
  global.gc();
  const { heapUsed, rss } = process.memoryUsage();
  process.send({ heapUsed, rss });
});
