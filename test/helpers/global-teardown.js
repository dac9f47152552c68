/** Stops the redis-server global-setup.js started for this run, if it started one. */
module.exports = async () => {
  const child = globalThis.dhgRunRedis;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
};
