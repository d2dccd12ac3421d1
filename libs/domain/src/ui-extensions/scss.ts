/**
 * REFERENCE.md "UI extensions": `css` is SCSS, compiled on the server to
 * `compiled_css` (expanded style) by the ScssCompiler port. Every way a
 * stylesheet fails to compile, its limits included, is the `css` field's
 * error; only a compiler too busy to take it is not the author's doing
 * (503 with Retry-After).
 */
import { unavailable, type FieldError } from '../errors/domain-error.js';
import type { ScssCompileOutcome, ScssCompiler } from './scss-compiler.js';
import { UI_EXTENSION_TEXT_MAX_BYTES } from './ui-extension-declaration.js';

export interface CompiledScss {
  compiled: string | null;
  error: FieldError | null;
}

export async function compileScss(compiler: ScssCompiler, css: string | null): Promise<CompiledScss> {
  if (css === null) return { compiled: null, error: null };
  const outcome = await compiler.compile(css);
  if (outcome.kind === 'busy') throw unavailable('The SCSS compiler is busy; try again later', outcome.retryAfterSeconds);
  if (outcome.kind !== 'compiled') return { compiled: null, error: ['css', problemOf(outcome)] };
  if (new TextEncoder().encode(outcome.css).byteLength > UI_EXTENSION_TEXT_MAX_BYTES) {
    return { compiled: null, error: ['css', 'Css compiles to more than 64 KB'] };
  }
  return { compiled: outcome.css, error: null };
}

function problemOf(outcome: Exclude<ScssCompileOutcome, { kind: 'compiled' | 'busy' }>): string {
  switch (outcome.kind) {
    case 'invalid':
      return outcome.message;
    case 'too-deep':
      return 'Css recurses or nests too deeply to compile';
    case 'too-large':
      return 'Css builds a string or list too long to compile';
    case 'time-limit':
      return `Css takes longer than the SCSS time limit of ${outcome.limitMs} ms to compile`;
    case 'memory-limit':
      return `Css needs more than the SCSS memory limit of ${outcome.limitMb} MB to compile`;
    case 'crashed':
      return 'Css stopped the SCSS compiler';
  }
}
