/**
 * What every `tessera` command is: a name, a one-line summary for the command list, its own
 * `--help` text, the options it takes (node:util parseArgs, strict: an unknown option is refused)
 * and the work, which answers what to print and the exit code.
 */
import type { ParseArgsConfig } from 'node:util';

export type CommandOptions = NonNullable<ParseArgsConfig['options']>;

export interface ParsedCommandLine {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

export interface CommandOutcome {
  /** Printed to standard output: the result a script may capture (a token, an id). */
  stdout?: string;
  /** Printed to standard error: what was done, or why nothing was. */
  stderr?: string;
  /** 0 done (or already there, with --if-missing); 1 refused or failed; 3 `db status`: not running. */
  code: number;
}

export interface Command {
  /** As typed: `migrate`, `account create`. */
  name: string;
  summary: string;
  help: string;
  options: CommandOptions;
  /** How many positional arguments it takes, at most. */
  positionals?: number;
  run(line: ParsedCommandLine): Promise<CommandOutcome>;
}

/** A refusal: a clear message on standard error, exit 1, nothing written. */
export function refused(message: string): CommandOutcome {
  return { stderr: message, code: 1 };
}

export function done(stdout: string | undefined, stderr?: string): CommandOutcome {
  return { ...(stdout === undefined ? {} : { stdout }), ...(stderr === undefined ? {} : { stderr }), code: 0 };
}
