/**
 * The optional check of proxied answers against the route contracts (`contracts/`): which parts
 * of a success body do not match the route's response schema. Only the paths and the failed
 * keywords come out, never a value: values are customers' data.
 */
import type { ValidateFunction } from 'ajv';
import { contractsAjv } from '../../contracts';
import type { RouteSpec } from '../routes/route-spec';

/** One place where a body does not match: a JSON pointer into the body and the schema keyword. */
export interface ContractMismatch {
  path: string;
  keyword: string;
}

/** Most mismatches reported for one answer: enough to find the fault, bounded for the log. */
const MAX_MISMATCHES = 20;

/** Validators of route response schemas, compiled on first use. */
export class ResponseCheck {
  private readonly ajv = contractsAjv();
  private readonly validators = new Map<RouteSpec, ValidateFunction>();

  /** The mismatches of `body` against the route's response schema; [] when it conforms. */
  mismatches(route: RouteSpec, body: unknown): ContractMismatch[] {
    let validate = this.validators.get(route);
    if (!validate) {
      validate = this.ajv.compile(route.response);
      this.validators.set(route, validate);
    }
    if (validate(body)) return [];
    const found = (validate.errors ?? []).map((e) => ({
      path: e.instancePath === '' ? '/' : e.instancePath,
      keyword: e.keyword,
    }));
    return found.slice(0, MAX_MISMATCHES);
  }
}

/** Whether an answer is one the check reads: a JSON success body of a route with a JSON contract. */
export function isCheckable(route: RouteSpec, status: number, contentType: string | undefined) {
  return (
    status >= 200 &&
    status < 300 &&
    route.responseContentType === undefined &&
    /^application\/([\w.-]+\+)?json\b/i.test(contentType ?? '')
  );
}
