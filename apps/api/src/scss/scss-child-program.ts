/**
 * The program each SCSS compile process runs (`node -e`), as CommonJS source:
 * a string, so that it runs as it is under tsx, Jest and the esbuild bundle
 * alike, none of which has to ship a separate entry file. It loads `sass` from
 * the path in argv[1], says `ready`, then answers `{id, scss}` with
 * `{id, outcome}` (ScssCompileOutcome, less the limits the parent enforces).
 *
 * Compiling reads nothing: an @import, @use, @forward or meta.load-css of
 * anything but a built-in `sass:` module is refused (a plain-CSS import such
 * as `@import url(...)` stays in the output for the browser). A RangeError is
 * sass running out of stack (deep recursion or nesting) or out of string or
 * array length, not a bug: it is reported, and the process keeps serving.
 */
export const SCSS_CHILD_PROGRAM = String.raw`
'use strict';
const sass = require(process.argv[1]);
const noFiles = {
  canonicalize(url) {
    throw new Error("importing '" + url.slice(0, 80) + "' is not allowed: only built-in sass: modules may be used");
  },
  load: () => null,
};
const options = { style: 'expanded', importers: [noFiles], loadPaths: [], logger: sass.Logger.silent };

function outcomeOf(error) {
  if (error instanceof sass.Exception) {
    const { line, column } = error.span.start;
    return { kind: 'invalid', message: error.sassMessage + ' (line ' + (line + 1) + ':' + (column + 1) + ')' };
  }
  if (error instanceof RangeError) return /call stack/i.test(error.message) ? { kind: 'too-deep' } : { kind: 'too-large' };
  return { kind: 'invalid', message: String(error && error.message).slice(0, 300) };
}

process.on('message', (job) => {
  let outcome;
  try {
    outcome = { kind: 'compiled', css: sass.compileString(job.scss, options).css };
  } catch (error) {
    outcome = outcomeOf(error);
  }
  process.send({ id: job.id, outcome });
});
// The parent went away (closed the pool, or died): nothing is left to answer.
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
`;
