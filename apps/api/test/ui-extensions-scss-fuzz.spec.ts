import { startApiHarness, type ApiHarness } from './support/api-harness.js';
import { call } from './support/integration-calls.js';
import { seededRandom, type SeededRandom } from './support/seeded-random.js';

/**
 * Hostile SCSS, fixed and generated (a seeded generator, so a failure replays):
 * deep nesting, huge @for/@each, recursion, string and list blow-up, and
 * imports of files and URLs in every form sass knows. Whatever arrives: never
 * a 5xx; a refusal is a 422 on css alone; what is stored is at most 64 KB and
 * holds nothing read from the server's disk.
 */
const ITERATIONS = 16;


const FIXED: Array<[string, string]> = [
  ['the issue\'s endless @while', '$i: 0; @while $i < 30000000 { $i: $i + 1; } .a { b: $i; }'],
  ['a recursive function', '@function f($n) { @return f($n + 1); } .a { b: f(1); }'],
  ['a recursive mixin', '@mixin m($n) { @include m($n + 1); } .a { @include m(1); }'],
  ['mutually recursive functions', '@function f($n) { @return g($n); } @function g($n) { @return f($n + 1); } .a { b: f(1); }'],
  ['a string doubled 40 times', '$s: "ab"; @for $i from 1 through 40 { $s: $s + $s; } .a { b: $s; }'],
  ['a list doubled 30 times', '@use "sass:list"; $l: (1, 2); @for $i from 1 through 30 { $l: list.join($l, $l); } .a { b: list.length($l); }'],
  ['3000 levels of nesting', `${'.a {'.repeat(3000)} b: c; ${'}'.repeat(3000)}`],
  ['a million rules from @for', '@for $i from 1 through 1000000 { .a#{$i} { b: $i; } }'],
  ['an @each over a long range', '@use "sass:list"; $l: (); @for $i from 1 through 5000 { $l: list.append($l, $i); } @each $i in $l { @each $j in $l { .x { y: $i * $j; } } }'],
  ['@extend blow-up', `${Array.from({ length: 12 }, (_, i) => `.a${i} { @extend .a${i + 1}; } .b${i}.a${i + 1} .c${i}.a${i + 1} { d: e; }`).join(' ')}`],
  ['an @import of /etc/passwd', '@import "/etc/passwd";'],
  ['a @use of a file URL', '@use "file:///etc/passwd";'],
  ['a @use of an http URL', '@use "http://169.254.169.254/latest/meta-data";'],
  ['a meta.load-css of a file', '@use "sass:meta"; .a { @include meta.load-css("/etc/passwd"); }'],
  ['a @forward of a relative file', '@forward "../../../../etc/passwd";'],
];

/** One hostile stylesheet of a random kind and size. */
function generated(g: SeededRandom): string {
  const n = (sizes: readonly number[]) => g.pick(sizes);
  switch (g.pick(['nest', 'for', 'each', 'recurse', 'string', 'import', 'while'] as const)) {
    case 'nest': {
      const depth = n([10, 200, 1000, 5000]);
      return `${'.a { &:hover {'.repeat(depth)} b: c; ${'} }'.repeat(depth)}`;
    }
    case 'for':
      return `@for $i from 1 through ${n([10, 3000, 100000, 100000000])} { .a#{$i} { b: $i; } }`;
    case 'each':
      return `@use "sass:list"; $l: (); @for $i from 1 through ${n([10, 500, 3000])} { $l: list.append($l, $i); } @each $i in $l { @each $j in $l { .x { y: $i + $j; } } }`;
    case 'recurse':
      return `@function f($n) { @if $n > ${n([5, 100000, 1000000])} { @return $n; } @return f($n + 1); } .a { b: f(1); }`;
    case 'string':
      return `$s: "${g.pick(['ab', 'é', '#{1}'])}"; @for $i from 1 through ${n([5, 20, 35, 45])} { $s: $s + $s; } .a { b: str-length($s); }`;
    case 'import': {
      const target = g.pick(['/etc/passwd', 'file:///etc/hostname', '../package.json', 'node_modules/sass/package', 'https://example.com/x.scss', '~secrets', 'data:text/css,a{}']);
      return g.pick([`@import "${target}";`, `@use "${target}";`, `@forward "${target}";`, `@use "sass:meta"; .a { @include meta.load-css("${target}"); }`]);
    }
    case 'while':
      return `$i: 0; @while $i < ${n([100, 1000000, 1000000000])} { $i: $i + 1; } .a { b: $i; }`;
  }
}

describe('PATCH /v1/ui_extensions/:id — hostile SCSS, fixed and generated', () => {
  let h: ApiHarness;
  let id: number;
  beforeAll(async () => {
    h = await startApiHarness({ scss: { timeLimitMs: 1000, memoryLimitMb: 64, poolSize: 2, queueMax: 4 } });
    id = (await call(h, 'post', '/v1/ui_extensions').send({ name: 'Fuzzed', category: 'person' }).expect(200)).body.id;
  });
  afterAll(() => h.drop());

  /** What is wrong with the answer to `css`, or null. */
  async function problemOf(css: string): Promise<string | null> {
    const res = await call(h, 'patch', `/v1/ui_extensions/${id}`).send({ css });
    if (res.status === 422) {
      const errors = res.body.errors as Array<[string, string]>;
      return errors.length === 1 && errors[0]![0] === 'css' && typeof errors[0]![1] === 'string' ? null : `422 not on css alone: ${JSON.stringify(errors)}`;
    }
    if (res.status !== 200) return `status ${res.status}: ${JSON.stringify(res.body).slice(0, 200)}`;
    const { compiled_css: compiled } = await h.test.db('ui_extension_versions').where({ id: res.body.prepared_version.id }).first('compiled_css');
    if (compiled !== null && Buffer.byteLength(compiled) > 65_536) return 'stored compiled_css over 64 KB';
    if (compiled !== null && /root:|localhost|"name"/.test(compiled)) return `compiled_css holds a file's content: ${compiled.slice(0, 200)}`;
    return null;
  }

  it.each(FIXED)('answers %s with 200 or a 422 on css, never a 5xx', async (_case, css) => {
    expect(await problemOf(css)).toBeNull();
  }, 30_000);

  it(`answers ${ITERATIONS} generated hostile stylesheets with 200 or a 422 on css, never a 5xx`, async () => {
    const g = seededRandom(18);
    const problems: string[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      const css = generated(g);
      const problem = await problemOf(css);
      if (problem) problems.push(`${problem} — for ${css.slice(0, 120)}`);
    }
    expect(problems).toEqual([]);
  }, 180_000);
});
