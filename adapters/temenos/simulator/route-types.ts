/** What a route is and answers: the table in routes.ts, the handlers in the `*-routes.ts` files. */
import type { SimIndex } from './sim-index';
import type { OperationFamily } from './temenos-errors';

/**
 * The services served and each one's `basePath` (without its trailing slash). Note that the
 * loans and transactions services (files v2.0.0) publish `basePath` `/api/v1.0.0/`.
 */
export const TEMENOS_SERVICES = {
  'party-customers': '/api/v4.0.0',
  'party-beneficiaries': '/api/v1.0.0',
  'holdings-customers': '/api/v1.0.0',
  'holdings-accounts': '/api/v4.1.0',
  'holdings-transactions': '/api/v1.0.0',
  'holdings-loans': '/api/v1.0.0',
  'order-direct-debits': '/api/v1.0.0',
  'order-standing-orders': '/api/v1.0.0',
} as const;

export type TemenosService = keyof typeof TEMENOS_SERVICES;

export interface RouteRequest {
  /** Path parameters by their name in the published path (`customerId`, ...). */
  params: Record<string, string>;
  /** Query parameters (the first value of a repeated one). */
  query: Record<string, string>;
  index: SimIndex;
}

/** A list (an enquiry, paged by the dispatcher) or one record. */
export type RouteAnswer =
  | { kind: 'list'; items: unknown[]; headerData?: Record<string, unknown> }
  | { kind: 'record'; id: string; body: Record<string, unknown> };

export interface RouteSpec {
  service: TemenosService;
  /** The operation's `operationId` in its service. */
  operationId: string;
  /** The path below the base path, with `{name}` parameters, as published. */
  path: string;
  family: OperationFamily;
  handle(request: RouteRequest): RouteAnswer;
}

export const list = (items: unknown[], headerData?: Record<string, unknown>): RouteAnswer => ({
  kind: 'list',
  items,
  ...(headerData ? { headerData } : {}),
});

/** Leaves out the keys whose value is undefined or an empty list (Transact omits them). */
export function compact<T extends Record<string, unknown>>(record: T): T {
  return Object.fromEntries(
    Object.entries(record).filter(
      ([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0),
    ),
  ) as T;
}
