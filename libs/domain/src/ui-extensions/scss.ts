/**
 * REFERENCE.md "UI extensions": `css` is SCSS, compiled on the server to
 * `compiled_css` with `sass` (compileString, expanded style). Compiling reads
 * nothing: an @import, @use or @forward of anything but a built-in `sass:`
 * module is refused (plain-CSS imports such as `@import url(...)` stay in the
 * output for the browser). A compile error is the `css` field's error, with
 * the line and column.
 */
import * as sass from 'sass';
import type { FieldError } from '../errors/domain-error.js';
import { UI_EXTENSION_TEXT_MAX_BYTES } from './ui-extension-fields.js';

const noFiles: sass.Importer<'sync'> = {
  canonicalize(url) {
    throw new Error(`importing '${url.slice(0, 80)}' is not allowed: only built-in sass: modules may be used`);
  },
  load: () => null,
};

export function compileScss(css: string | null): { compiled: string | null; error: FieldError | null } {
  if (css === null) return { compiled: null, error: null };
  try {
    const compiled = sass.compileString(css, { style: 'expanded', importers: [noFiles], loadPaths: [], logger: sass.Logger.silent }).css;
    if (new TextEncoder().encode(compiled).byteLength > UI_EXTENSION_TEXT_MAX_BYTES) {
      return { compiled: null, error: ['css', 'Css compiles to more than 64 KB'] };
    }
    return { compiled, error: null };
  } catch (error) {
    if (!(error instanceof sass.Exception)) throw error;
    const { line, column } = error.span.start;
    return { compiled: null, error: ['css', `${error.sassMessage} (line ${line + 1}:${column + 1})`] };
  }
}
