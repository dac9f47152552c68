import net from 'node:net';

/**
 * A loopback port nothing listened on a moment ago: only a candidate, since another process may
 * take it before it is bound. For servers that cannot listen on port 0 (redis-server), through
 * `startOnSomePort`, which tries another when the bind fails.
 */
async function candidatePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** What a start on a given port answers when something else holds that port. */
export const PORT_TAKEN = Symbol('port taken');

/** Candidate ports tried before giving up: a bind fails only when a parallel test took the port. */
const TRIES = 20;

/**
 * Starts a server that must be told its port and cannot listen on port 0: `start(port)` on a
 * candidate port resolves with the started server, or with `PORT_TAKEN` when its bind failed
 * (it then must have stopped), and another port is tried. What `start` answers must be proved
 * to be its own server (a PID it reports, its own banner), not whatever answers on the port.
 */
export async function startOnSomePort<T>(
  what: string,
  start: (port: number) => Promise<T | typeof PORT_TAKEN>,
): Promise<T> {
  const taken: number[] = [];
  for (let i = 0; i < TRIES; i += 1) {
    const port = await candidatePort();
    const started = await start(port);
    if (started !== PORT_TAKEN) return started;
    taken.push(port);
  }
  throw new Error(`${what}: could not bind any of the ports ${taken.join(', ')}`);
}
