import { compileScss } from './scss.js';

describe('compileScss', () => {
  // REFERENCE.md shows `.row.subject {\n  display: none; }\n`, the old nested style of Ruby Sass;
  // dart-sass (the `sass` package) has no nested style, and its expanded style is what is stored.
  it('compiles the REFERENCE.md example in the expanded style', () => {
    expect(compileScss('.row.subject {\n display: none;\n}')).toEqual({ compiled: '.row.subject {\n  display: none;\n}', error: null });
  });

  it('compiles SCSS nesting and variables', () => {
    const { compiled, error } = compileScss('$hide: none;\n.row {\n  &.subject { display: $hide; }\n}');
    expect(error).toBeNull();
    expect(compiled).toBe('.row.subject {\n  display: none;\n}');
  });

  it('leaves no css as no compiled css', () => {
    expect(compileScss(null)).toEqual({ compiled: null, error: null });
  });

  it('reports a syntax error as the css field error with its line and column', () => {
    const { compiled, error } = compileScss('.a {\n  color: red;\n  .b { color: $missing; }\n}');
    expect(compiled).toBeNull();
    expect(error?.[0]).toBe('css');
    expect(error?.[1]).toMatch(/Undefined variable\. \(line 3:15\)$/);
  });

  it('refuses imports of files, allowing built-in sass: modules', () => {
    const refused = compileScss('@import "secrets";\n.a { b: c; }');
    expect(refused.compiled).toBeNull();
    expect(refused.error?.[0]).toBe('css');
    expect(refused.error?.[1]).toContain("importing 'secrets' is not allowed");
    const used = compileScss('@use "sass:math";\n.a { width: math.div(10px, 2); }');
    expect(used).toEqual({ compiled: '.a {\n  width: 5px;\n}', error: null });
  });

  it('keeps plain-CSS url imports for the browser', () => {
    expect(compileScss('@import url("https://example.com/a.css");').compiled).toBe('@import url("https://example.com/a.css");');
  });
});
