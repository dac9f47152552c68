/**
 * Test setup: every outgoing connection must go to loopback. Anything else fails loudly, so no
 * test can depend on (or leak to) the outside network.
 */
import net from 'node:net';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost|::ffff:127\.\d+\.\d+\.\d+)$/;
const originalConnect = net.Socket.prototype.connect;

function hostOf(args: unknown[]): string | undefined {
  const [first, second] = args;
  if (Array.isArray(first)) return hostOf(first);
  if (typeof first === 'object' && first !== null) {
    const opts = first as { host?: string; path?: string };
    if (opts.path) return 'localhost'; // unix socket
    return opts.host ?? 'localhost';
  }
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    return typeof second === 'string' ? second : 'localhost';
  }
  if (typeof first === 'string') return 'localhost'; // unix socket path
  return undefined;
}

net.Socket.prototype.connect = function patchedConnect(this: net.Socket, ...args: unknown[]) {
  const host = hostOf(args);
  if (host !== undefined && !LOOPBACK.test(host)) {
    throw new Error(`test network blocked: connection to ${host} (only loopback is allowed)`);
  }
  return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
} as typeof net.Socket.prototype.connect;
