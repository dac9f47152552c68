/**
 * The control endpoint, on the simulator's own port under `/__sim/` (no credentials, not
 * counted, never faulted):
 * - `GET /__sim/faults`: the switches set; `POST /__sim/faults` with a fault
 *   (`{ "kind": "unavailable503", "route": "holdings-accounts.getAccounts", "times": 2 }`) sets
 *   one; `DELETE /__sim/faults` clears all, `?route=<id>` one;
 * - `GET /__sim/requests`: requests counted, in total and by route; `DELETE` forgets them;
 * - `GET /__sim/routes`: every route id with its method and path.
 */
import type http from 'node:http';
import type { FaultSwitches, TemenosFault } from './faults';
import { fullPath, TEMENOS_ROUTES, routeId } from './routes';

export const CONTROL_ROOT = '/__sim/';

export interface Controlled {
  faults: FaultSwitches;
  requestCounts(): { total: number; byRoute: Record<string, number> };
  resetRequests(): void;
}

const MAX_BODY = 64 * 1024;

function readJson(req: http.IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        resolve(undefined);
      }
    });
  });
}

type Reply = (status: number, body: unknown) => void;

async function faults(req: http.IncomingMessage, url: URL, sim: Controlled, reply: Reply) {
  if (req.method === 'POST') {
    const body = (await readJson(req)) as TemenosFault | undefined;
    try {
      if (!body || typeof body !== 'object') throw new Error('expected a JSON fault');
      sim.faults.set(body);
    } catch (err) {
      return reply(400, { error: (err as Error).message });
    }
  } else if (req.method === 'DELETE') {
    sim.faults.clear(url.searchParams.get('route') ?? undefined);
  }
  reply(200, { faults: sim.faults.list() });
}

/** Answers one control request. */
export async function answerControl(
  req: http.IncomingMessage,
  url: URL,
  sim: Controlled,
  reply: Reply,
): Promise<void> {
  const what = url.pathname.slice(CONTROL_ROOT.length);
  if (what === 'faults' && ['GET', 'POST', 'DELETE'].includes(req.method ?? '')) {
    return faults(req, url, sim, reply);
  }
  if (what === 'requests' && req.method === 'DELETE') {
    sim.resetRequests();
    return reply(200, sim.requestCounts());
  }
  if (what === 'requests' && req.method === 'GET') return reply(200, sim.requestCounts());
  if (what === 'routes' && req.method === 'GET') {
    const routes = TEMENOS_ROUTES.map((r) => ({
      id: routeId(r),
      method: 'GET',
      path: fullPath(r),
    }));
    return reply(200, { routes });
  }
  req.resume();
  reply(404, { error: `no control ${req.method} ${url.pathname}` });
}
