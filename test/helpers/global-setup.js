/**
 * Once per jest run: names the run, so that suites needing the built gateway build it once
 * (build-once.ts); and makes sure the suites have their shared Redis. With REDIS_URL_TEST unset
 * and nothing listening on 127.0.0.1:6379 (a fresh machine), a redis-server of the run's own is
 * started on a free port, REDIS_URL_TEST points at it, and global-teardown.js stops it.
 */
const { spawn } = require('node:child_process');
const net = require('node:net');

const DEFAULT_PORT = 6379;

function accepting(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startRunRedis() {
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  const child = spawn('redis-server', args, { stdio: 'ignore' });
  const failed = new Promise((resolve) => child.once('error', resolve));
  for (let i = 0; i < 100; i += 1) {
    if (await accepting(port)) return { child, url: `redis://127.0.0.1:${port}` };
    const error = await Promise.race([failed, new Promise((r) => setTimeout(r, 50))]);
    if (error)
      throw new Error(`no Redis for the tests: redis-server could not start (${error.message})`);
  }
  child.kill('SIGKILL');
  throw new Error('no Redis for the tests: redis-server did not start listening');
}

module.exports = async () => {
  process.env.DHG_TEST_RUN = `${process.pid}-${Date.now()}`;
  if (process.env.REDIS_URL_TEST || (await accepting(DEFAULT_PORT))) return;
  const redis = await startRunRedis();
  process.env.REDIS_URL_TEST = redis.url;
  globalThis.dhgRunRedis = redis.child;
};
