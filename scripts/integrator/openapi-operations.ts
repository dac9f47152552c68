/**
 * The operations of the gateway's OpenAPI document, in document order, each with its demo request
 * (demo-requests.ts): what both collection formats are written from.
 */
import { DEMO_REQUESTS, type DemoRequest } from './demo-requests';

export interface OpenApiParameter {
  name: string;
  in: string;
  description?: string;
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, unknown>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** How a request is authenticated: a holder token, a platform access token, or nothing. */
export type AuthKind = 'holder' | 'platform' | 'none';

export interface DocumentedOperation {
  method: string;
  /** The path template, e.g. `/v1/banking/customer/{customerId}/accounts`. */
  path: string;
  operation: OpenApiOperation;
  demo: DemoRequest;
  auth: AuthKind;
  /** The documented success status (the one 2xx of its responses). */
  successStatus: number;
}

function authOf(operation: OpenApiOperation): AuthKind {
  const schemes = (operation.security ?? []).flatMap((s) => Object.keys(s));
  if (schemes.includes('holderJwt')) return 'holder';
  if (schemes.includes('platformToken')) return 'platform';
  return 'none';
}

/** Every operation of `doc`; throws on one without a demo request or a single success status. */
export function documentedOperations(doc: OpenApiDocument): DocumentedOperation[] {
  const out: DocumentedOperation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const demo = DEMO_REQUESTS[operation.operationId];
      if (!demo)
        throw new Error(
          `no demo request for ${operation.operationId}: add one to demo-requests.ts`,
        );
      const successes = Object.keys(operation.responses).filter((s) => /^2\d\d$/.test(s));
      if (successes.length !== 1)
        throw new Error(`${operation.operationId}: ${successes.length} success statuses`);
      out.push({
        method: method.toUpperCase(),
        path,
        operation,
        demo,
        auth: authOf(operation),
        successStatus: Number(successes[0]),
      });
    }
  }
  return out;
}

/** The description of a parameter of `op`, if it has one. */
export function parameterDescription(op: OpenApiOperation, name: string): string | undefined {
  return op.parameters?.find((p) => p.name === name)?.description;
}
