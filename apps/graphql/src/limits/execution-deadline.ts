/**
 * Secondary limit (issue 23): the execution time of one call. When execution starts, the limits
 * plugin gives the call a deadline; every field that reads or writes records (the guarded ones)
 * checks it before it runs, so a call past its time runs no further field and no further
 * statement. The answer is then one EXECUTION_TIMEOUT error and `data: null` (limits-plugin.ts),
 * never a partial page that looks complete. A statement already running finishes first.
 */
import { GraphQLError, type FormattedExecutionResult } from 'graphql';

export const EXECUTION_TIMEOUT = 'EXECUTION_TIMEOUT';

export function executionTimeoutMessage(maxExecutionMs: number): string {
  return `The call ran longer than the execution time limit of ${maxExecutionMs.toLocaleString('en-US')} ms and was stopped; ask for fewer records per call.`;
}

export function assertWithinDeadline(context: { deadline?: number; maxExecutionMs?: number }): void {
  if (context.deadline !== undefined && Date.now() > context.deadline) {
    throw new GraphQLError(executionTimeoutMessage(context.maxExecutionMs ?? 0), { extensions: { code: EXECUTION_TIMEOUT } });
  }
}

/** The answer of a call that hit its deadline: its one error, no data. Null when it did not. */
export function timedOutResult(result: FormattedExecutionResult, maxExecutionMs: number): FormattedExecutionResult | null {
  if (!result.errors?.some((error) => error.extensions?.['code'] === EXECUTION_TIMEOUT)) return null;
  return { data: null, errors: [{ message: executionTimeoutMessage(maxExecutionMs), extensions: { code: EXECUTION_TIMEOUT } }] };
}
