/**
 * Calls a running simulator as a Transact client does (Basic login and `companyId` unless told
 * otherwise), for tests: the answer's status, headers and parsed body.
 */
import type { TemenosSimulator } from './simulator';

export interface SimAsk {
  /** `basic` (the default), `bearer`, `none`, or other Basic credentials. */
  auth?: 'basic' | 'bearer' | 'none' | { user: string; password: string };
  /** The `companyId` header; null sends none. Default the simulator's company. */
  companyId?: string | null;
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface SimAnswer {
  status: number;
  headers: Headers;
  // A Transact answer, read by tests field by field.
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  text: string;
}

function authorization(sim: TemenosSimulator, auth: SimAsk['auth']): string | undefined {
  if (auth === 'none') return undefined;
  if (auth === 'bearer') return `Bearer ${sim.login.bearerToken}`;
  const { user, password } =
    auth === undefined || auth === 'basic'
      ? { user: sim.login.username, password: sim.login.password }
      : auth;
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

export async function callSimulator(
  sim: TemenosSimulator,
  path: string,
  ask: SimAsk = {},
): Promise<SimAnswer> {
  const headers: Record<string, string> = { accept: 'application/json', ...ask.headers };
  const auth = authorization(sim, ask.auth);
  if (auth) headers.authorization = auth;
  const company = ask.companyId === undefined ? sim.login.companyId : ask.companyId;
  if (company !== null) headers.companyId = company;
  if (ask.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${sim.url}${path}`, {
    method: ask.method ?? 'GET',
    headers,
    ...(ask.body !== undefined ? { body: JSON.stringify(ask.body) } : {}),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: text ? JSON.parse(text) : undefined,
    text,
  };
}
