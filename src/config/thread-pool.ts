/**
 * The size of libuv's thread pool the gateway starts with. The pool checks token signatures (and
 * serves DNS look-ups and file reads); libuv reads UV_THREADPOOL_SIZE when it first queues work,
 * so the default is put in the environment before anything has used the pool.
 *
 * One thread, unless the operator sets another size: the pool then stays busy through a burst of
 * checks instead of waking a sleeping thread for each one, and each wake-up is a context switch
 * the request pays for (docs/decisions/0053-one-thread-for-token-checks.md).
 */
export const DEFAULT_THREAD_POOL_SIZE = 1;

/** Sets UV_THREADPOOL_SIZE to the default when the operator has not set it. */
export function applyThreadPoolDefault(env: NodeJS.ProcessEnv = process.env): void {
  if (env.UV_THREADPOOL_SIZE === undefined || env.UV_THREADPOOL_SIZE === '') {
    env.UV_THREADPOOL_SIZE = String(DEFAULT_THREAD_POOL_SIZE);
  }
}
