/**
 * What a request carries from step to step on `res.locals`, typed once: the router's steps write
 * it; the error handler, the proxy, the metrics, the log line and the trace read it. Express types
 * its `res.locals` with it (src/http/request-state.ts); the rooms that know no Express name the
 * response as a `StatefulResponse`.
 */
import type { ServerResponse } from 'node:http';
import type { ResponseTier } from '../api/response-tiers';
import type { SharingRefusalReason } from '../errors';
import type { CheckedInput, ErrorFamily } from './route-spec';

export interface RequestState {
  /** The request's id: the caller's `x-request-id` when it is one, else the gateway's. */
  requestId?: string;
  /** The error body family the request is answered in. */
  family?: ErrorFamily;
  /** The matched route's path template (`unmatched` in logs and metrics when none matched). */
  route?: string;
  operationId?: string;
  /** The standard's response-time tier of this call. */
  tier?: ResponseTier;
  /** The claim of the holder token's `jti`: awaited before any core call and any answer. */
  admission?: Promise<void>;
  /** What the route's own authenticator resolved to. */
  auth?: unknown;
  /** The query, body and path ids once checked (the router's input step). */
  input?: CheckedInput;
  /** The reason of a refusal to share the answer carries, for the count of refusals. */
  sharingRefusal?: SharingRefusalReason;
  /** The ids of the request's span, for its log line. */
  traceIds?: { trace_id: string; span_id: string };
  /** The request's failure as its log line writes it (the logger's own shape). */
  failure?: unknown;
}

/** A response with its request's state, as the rooms that know no Express see it. */
export type StatefulResponse = ServerResponse & { locals?: RequestState };
