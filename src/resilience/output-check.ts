/**
 * Adapter answers against their operation's contract (`ADAPTER_OUTPUT_CHECK`): the compiled
 * answer schemas, and where an answer is out of its contract. The check itself is a layer of the
 * core call (src/core-call/answer-check.ts).
 */
import type { ValidateFunction } from 'ajv';
import { contractsAjv } from '../../contracts';
import { answerContractOf } from './answer-contracts';

export type OutputCheckMode = 'off' | 'log' | 'enforce';

/** Where an answer is out of contract: a JSON pointer into the answer, the keyword, the rule. */
export interface AnswerMismatch {
  path: string;
  keyword: string;
  schemaPath: string;
}

/** Most mismatches logged for one answer: enough to find the fault, bounded for the log. */
const MAX_MISMATCHES = 20;

const validators = new Map<string, ValidateFunction | null>();

/** The compiled answer schema of an operation (shared by every instance), or null. */
function validatorOf(port: string, method: string): ValidateFunction | null {
  const name = `${port}.${method}`;
  let validate = validators.get(name);
  if (validate === undefined) {
    const schema = answerContractOf(port, method);
    validate = schema === null ? null : contractsAjv().compile(schema);
    validators.set(name, validate);
  }
  return validate;
}

/** Whether answers of `<port>.<method>` are checked (it has an answer contract). */
export function hasAnswerContract(port: string, method: string): boolean {
  return validatorOf(port, method) !== null;
}

/**
 * Where `answer` is out of the contract of `<port>.<method>`; [] when it conforms or is not
 * checked. A Map answer (instalment plans) is checked as the list of its values.
 */
export function answerMismatches(port: string, method: string, answer: unknown): AnswerMismatch[] {
  const validate = validatorOf(port, method);
  if (!validate) return [];
  if (port === 'banking' && method === 'listInstalmentPlans') {
    if (!(answer instanceof Map)) return [{ path: '/', keyword: 'type', schemaPath: 'Map' }];
    answer = [...answer.values()];
  }
  if (validate(answer)) return [];
  return (validate.errors ?? []).slice(0, MAX_MISMATCHES).map((e) => ({
    path: e.instancePath === '' ? '/' : e.instancePath,
    keyword: e.keyword,
    schemaPath: e.schemaPath,
  }));
}
