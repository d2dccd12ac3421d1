/**
 * Problems a transport found in a write's input before its use case saw it:
 * fields the record does not have or that are read-only, a required field
 * left out, two spellings of one reference with different values. The use
 * case reports them with its own problems of the values, in one 422 (README
 * "every problem at once"), and writes nothing. They ride on the input under
 * a symbol, so no code that walks the input's fields (audit lines, changed
 * fields) ever sees them; a transport that finds none adds nothing.
 */
import { validationFailed, type FieldError } from './domain-error.js';

const INPUT_PROBLEMS = Symbol('input problems');

type WithProblems = { [INPUT_PROBLEMS]?: readonly FieldError[] };

/** `input` carrying `problems` to its use case, after those it carries already (the same object). */
export function withInputProblems<T extends object>(input: T, problems: readonly FieldError[]): T {
  if (problems.length === 0) return input;
  return Object.assign(input, { [INPUT_PROBLEMS]: [...((input as WithProblems)[INPUT_PROBLEMS] ?? []), ...problems] });
}

/**
 * Throws one validation failure with the input's problems and `errors` (a
 * pair the transport and the use case both found counts once), when there is
 * any; call it before the first write.
 */
export function assertValidInput(input: object, errors: readonly FieldError[]): void {
  const carried = (input as WithProblems)[INPUT_PROBLEMS] ?? [];
  if (carried.length + errors.length === 0) return;
  const seen = new Set<string>();
  const all = [...carried, ...errors].filter((error) => {
    const key = JSON.stringify(error);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  throw validationFailed(all);
}
