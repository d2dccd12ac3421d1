/**
 * The SCSS compiler the UI extension use cases call (REFERENCE.md "UI
 * extensions": `css` is SCSS, compiled on the server). It runs the tenant's
 * stylesheet somewhere it cannot stall the caller's process, within a time and
 * a memory limit, and reads nothing: an import of anything but a built-in
 * `sass:` module fails. The adapter is apps/api/src/scss.
 */
export type ScssCompileOutcome =
  | { kind: 'compiled'; css: string }
  /** Sass refused the stylesheet; `message` names the problem and its line and column. */
  | { kind: 'invalid'; message: string }
  /** The stylesheet recursed or nested deeper than the compiler's stack. */
  | { kind: 'too-deep' }
  /** The stylesheet built a string or list longer than the compiler can hold. */
  | { kind: 'too-large' }
  | { kind: 'time-limit'; limitMs: number }
  | { kind: 'memory-limit'; limitMb: number }
  /** The compiler died on the stylesheet for another reason. */
  | { kind: 'crashed' }
  /** Every compiler is taken and the queue in front of them is full: come back after `retryAfterSeconds`. */
  | { kind: 'busy'; retryAfterSeconds: number };

export interface ScssCompiler {
  compile(scss: string): Promise<ScssCompileOutcome>;
}
