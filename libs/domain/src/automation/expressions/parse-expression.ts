import { parse } from '@bufbuild/cel';
import { nestingProblem } from './expression-nesting.js';
import { EXPRESSION_LIMITS } from './expression-limits.js';

export type ParsedRuleExpression = ReturnType<typeof parse>;

/**
 * Parses one expression with the library's parser (never a parser of our own, issue 33
 * item 2), after the bounds that must hold before parsing: the length and the nesting.
 * A syntax error names its line and column.
 */
export function parseExpression(text: string): { ok: true; parsed: ParsedRuleExpression } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: false, message: 'expression is empty' };
  if (text.length > EXPRESSION_LIMITS.maxLength) {
    return { ok: false, message: `expression is ${text.length} characters long; at most ${EXPRESSION_LIMITS.maxLength} are allowed` };
  }
  const nesting = nestingProblem(text, EXPRESSION_LIMITS.maxDepth);
  if (nesting) return { ok: false, message: nesting };
  try {
    return { ok: true, parsed: parse(text) };
  } catch (error) {
    if (error instanceof RangeError) return { ok: false, message: `expression is nested more than ${EXPRESSION_LIMITS.maxDepth} deep` };
    return { ok: false, message: syntaxErrorMessage(error) };
  }
}

interface PeggyLocation { start: { line: number; column: number } }

function syntaxErrorMessage(error: unknown): string {
  const { location, rawMessage } = error as { location?: PeggyLocation; rawMessage?: string };
  const detail = rawMessage ?? (error instanceof Error ? error.message : String(error));
  if (!location) return `syntax error: ${detail}`;
  const where = location.start.line > 1 ? `line ${location.start.line}, column ${location.start.column}` : `column ${location.start.column}`;
  return `syntax error at ${where}: ${detail}`;
}
