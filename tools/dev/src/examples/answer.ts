/**
 * Compares what an example printed with the answer the docs show under it.
 * `…` (or `...`) in an answer stands for any text. An answer that opens with an
 * HTTP status (`401 {"message":…}`, or `204` alone) shows what curl does not print:
 * the status is compared with that of the step's last curl call, the rest with
 * the output. A step whose curl printed the status itself (--write-out) is
 * compared as printed.
 */
import type { StepResult } from './shell-session.js';

const WILDCARD = /…|\.\.\./;

export function answerPattern(answer: string): RegExp {
  const parts = answer.trim().split(WILDCARD).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[\\s\\S]*?')}$`);
}

/** Why the step does not answer as shown, or undefined when it does. */
export function answerMismatch(answer: string, step: StepResult): string | undefined {
  const output = step.stdout.trim();
  const status = /^(\d{3})(?:\s+([\s\S]*))?$/.exec(answer.trim());
  const shownStatus = status && step.statuses.length > 0 ? Number(status[1]) : undefined;
  const body = shownStatus !== undefined ? (status![2] ?? '') : answer;
  const problems: string[] = [];
  const lastStatus = step.statuses.at(-1);
  if (shownStatus !== undefined && lastStatus !== shownStatus) problems.push(`status ${lastStatus}, not ${shownStatus}`);
  if (!answerPattern(body).test(output)) problems.push(`printed\n${output}\nnot\n${body.trim()}`);
  return problems.length > 0 ? problems.join('; ') : undefined;
}

/** Why a step with no answer shown failed: a failing exit code, a curl that could not connect, or an error status nobody warned of. */
export function silentFailure(step: StepResult): string | undefined {
  if (step.timedOut) return 'did not finish in time';
  if (step.exitCode !== 0) return `exit code ${step.exitCode}: ${step.stderr.trim() || step.stdout.trim()}`;
  const failed = step.statuses.find((status) => status === 0 || status >= 400);
  if (failed !== undefined) return `HTTP ${failed} (show the answer under the command when an error is meant): ${step.stdout.trim()}`;
  return undefined;
}
