import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createScssPool, type ScssPool } from './scss-pool.js';

/** Real sass in real child processes: what a stylesheet compiles to, and what it may not reach. */
describe('createScssPool', () => {
  let pool: ScssPool;
  beforeAll(() => {
    pool = createScssPool({ timeLimitMs: 10_000, memoryLimitMb: 64, poolSize: 2, queueMax: 8 });
  });
  afterAll(() => pool.close());

  // REFERENCE.md shows `.row.subject {\n  display: none; }\n`, the old nested style of Ruby Sass;
  // dart-sass (the `sass` package) has no nested style, and its expanded style is what is stored.
  // The demo seed (libs/persistence/src/seed/demo-integration-records.ts) stores this very answer.
  it('compiles the REFERENCE.md example, the demo seed\'s css, in the expanded style', async () => {
    expect(await pool.compile('.row.subject {\n display: none;\n}\n')).toEqual({ kind: 'compiled', css: '.row.subject {\n  display: none;\n}' });
  });

  it('compiles nesting and variables, several at once', async () => {
    const outcomes = await Promise.all(['$hide: none;\n.row {\n  &.subject { display: $hide; }\n}', '.a { .b { c: d; } }', '@use "sass:math";\n.a { width: math.div(10px, 2); }'].map((scss) => pool.compile(scss)));
    expect(outcomes).toEqual([
      { kind: 'compiled', css: '.row.subject {\n  display: none;\n}' },
      { kind: 'compiled', css: '.a .b {\n  c: d;\n}' },
      { kind: 'compiled', css: '.a {\n  width: 5px;\n}' },
    ]);
  });

  it('reports a syntax error with its line and column', async () => {
    expect(await pool.compile('.a {\n  color: red;\n  .b { color: $missing; }\n}')).toEqual({ kind: 'invalid', message: 'Undefined variable. (line 3:15)' });
  });

  it.each([
    ['an @import of a file', '@import "secrets";\n.a { b: c; }', 'secrets'],
    ['an @import of an absolute path', '@import "/etc/passwd";', '/etc/passwd'],
    ['a @use of a file URL', '@use "file:///etc/passwd";', 'file:///etc/passwd'],
    ['a @forward', '@forward "secrets";', 'secrets'],
    ['a meta.load-css', '@use "sass:meta";\n.a { @include meta.load-css("/etc/passwd"); }', '/etc/passwd'],
  ])('refuses %s: only built-in sass: modules may be used', async (_case, scss, url) => {
    const outcome = await pool.compile(scss);
    expect(outcome).toEqual({ kind: 'invalid', message: expect.stringContaining(`importing '${url}' is not allowed`) });
  });

  it('keeps plain-CSS url imports for the browser', async () => {
    expect(await pool.compile('@import url("https://example.com/a.css");')).toEqual({ kind: 'compiled', css: '@import url("https://example.com/a.css");' });
  });

  it('reports recursion as too deep and a string past its length as too large, and goes on compiling', async () => {
    expect(await pool.compile('@function f($n) { @return f($n + 1); } .a { b: f(1); }')).toEqual({ kind: 'too-deep' });
    expect(await pool.compile('$s: "ab"; @for $i from 1 through 40 { $s: $s + $s; } .a { b: $s; }')).toEqual({ kind: 'too-large' });
    expect(await pool.compile('.a { b: c; }')).toEqual({ kind: 'compiled', css: '.a {\n  b: c;\n}' });
  });
});

describe('createScssPool — limits', () => {
  it('ends a compile past the time limit and answers busy past the queue, with the seconds of one time limit', async () => {
    const pool = createScssPool({ timeLimitMs: 1200, memoryLimitMb: 64, poolSize: 1, queueMax: 1 });
    try {
      const endless = pool.compile('$i: 0; @while $i < 1000000000 { $i: $i + 1; } .a { b: $i; }');
      const queued = pool.compile('.a { b: c; }');
      expect(await pool.compile('.a { b: c; }')).toEqual({ kind: 'busy', retryAfterSeconds: 2 });
      expect(await endless).toEqual({ kind: 'time-limit', limitMs: 1200 });
      expect(await queued).toEqual({ kind: 'compiled', css: '.a {\n  b: c;\n}' });
    } finally {
      await pool.close();
    }
  });

  it('fails what is queued when the pool closes, and refuses compiles after', async () => {
    const pool = createScssPool({ timeLimitMs: 5000, memoryLimitMb: 64, poolSize: 1, queueMax: 1 });
    const pending = pool.compile('.a { b: c; }').catch((error: unknown) => error);
    await pool.close();
    expect(await pending).toEqual(new Error('The SCSS compile pool is closed'));
    await expect(pool.compile('.a { b: c; }')).rejects.toThrow('closed');
  });

  it('keeps a process with nothing else to do alive while a compile runs and until close has ended the children', async () => {
    // Outside Jest, whose own timers would hide a pool that lets the event loop empty (exit code 13).
    const pool = fileURLToPath(new URL('./scss-pool.ts', import.meta.url));
    const script = `const { createScssPool } = await import(${JSON.stringify(pool)});
      const pool = createScssPool({ timeLimitMs: 10000, memoryLimitMb: 64, poolSize: 1, queueMax: 0 });
      console.log(JSON.stringify(await pool.compile('.a { b: c; }')));
      await pool.close();
      console.log('closed');`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 20_000 });
    expect(stdout.trim().split('\n')).toEqual([JSON.stringify({ kind: 'compiled', css: '.a {\n  b: c;\n}' }), 'closed']);
  });
});
