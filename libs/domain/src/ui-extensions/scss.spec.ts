import { DomainError } from '../errors/domain-error.js';
import type { ScssCompileOutcome } from './scss-compiler.js';
import { compileScss } from './scss.js';

/** A compiler that answers `outcome` (the real one, a pool of sass processes, is tested in apps/api). */
const answering = (outcome: ScssCompileOutcome) => ({ compile: async () => outcome });

describe('compileScss — every compile failure is the css field\'s error', () => {
  it('gives the compiled css, and no css as no compiled css', async () => {
    expect(await compileScss(answering({ kind: 'compiled', css: '.a {\n  b: c;\n}' }), '.a { b: c; }')).toEqual({ compiled: '.a {\n  b: c;\n}', error: null });
    expect(await compileScss(answering({ kind: 'compiled', css: 'unused' }), null)).toEqual({ compiled: null, error: null });
  });

  it.each<[ScssCompileOutcome, RegExp]>([
    [{ kind: 'invalid', message: 'Undefined variable. (line 3:15)' }, /^Undefined variable\. \(line 3:15\)$/],
    [{ kind: 'too-deep' }, /recurses or nests too deeply/],
    [{ kind: 'too-large' }, /string or list too long/],
    [{ kind: 'time-limit', limitMs: 2000 }, /time limit of 2000 ms/],
    [{ kind: 'memory-limit', limitMb: 64 }, /memory limit of 64 MB/],
    [{ kind: 'crashed' }, /stopped the SCSS compiler/],
  ])('words %j as the css field error', async (outcome, message) => {
    const { compiled, error } = await compileScss(answering(outcome), '.a {}');
    expect(compiled).toBeNull();
    expect(error).toEqual(['css', expect.stringMatching(message)]);
  });

  it('refuses compiled css over 64 KB', async () => {
    const { error } = await compileScss(answering({ kind: 'compiled', css: 'a'.repeat(65_537) }), '.a {}');
    expect(error).toEqual(['css', 'Css compiles to more than 64 KB']);
  });

  it('throws UNAVAILABLE with the retry seconds when the compiler is busy', async () => {
    const thrown = await compileScss(answering({ kind: 'busy', retryAfterSeconds: 2 }), '.a {}').catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(DomainError);
    expect(thrown).toMatchObject({ code: 'UNAVAILABLE', retryAfterSeconds: 2 });
  });
});
