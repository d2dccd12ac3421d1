import { answerMismatch, silentFailure } from './answer.js';
import { blockCommands, markdownBlocks } from './markdown-examples.js';
import type { StepResult } from './shell-session.js';

const step = (stdout: string, statuses: number[] = [], exitCode = 0): StepResult => ({ exitCode, stdout, stderr: '', statuses, timedOut: false });

describe('the examples of a Markdown document', () => {
  const markdown = [
    'Text.',
    '<!-- not-run: needs Docker -->',
    '```sh',
    'docker compose up',
    '```',
    '',
    '```sh',
    '# A comment before a command is prose',
    'curl -s "http://localhost:3000/v1/me" \\',
    '  -d \'{"a":',
    '  1}\'',
    '# → 201 {"id":1,',
    '#   "name":"x"}',
    'TOKEN=$(node -p "require(\'./x\').token")',
    '```',
    '```ts',
    'const a = 1;',
    '```',
  ].join('\n');

  it('finds every fenced block in order, with the reason of its not-run mark', () => {
    expect(markdownBlocks(markdown).map(({ line, lang, notRun }) => ({ line, lang, notRun }))).toEqual([
      { line: 3, lang: 'sh', notRun: 'needs Docker' },
      { line: 7, lang: 'sh', notRun: undefined },
      { line: 16, lang: 'ts', notRun: undefined },
    ]);
  });

  it('splits a shell block into commands (continuations, open quotes, $( … )) with the answer joined under each', () => {
    expect(blockCommands(markdownBlocks(markdown)[1]!)).toEqual([
      { line: 9, command: 'curl -s "http://localhost:3000/v1/me" \\\n  -d \'{"a":\n  1}\'', answer: '201 {"id":1,"name":"x"}' },
      { line: 14, command: 'TOKEN=$(node -p "require(\'./x\').token")' },
    ]);
  });

  it('compares the status curl answered and the output, … standing for any text', () => {
    expect(answerMismatch('201 {"id":1,…}', step('{"id":1,"name":"x"}', [201]))).toBeUndefined();
    expect(answerMismatch('201 {"id":1,…}', step('{"id":1,"name":"x"}', [200]))).toBe('status 200, not 201');
    expect(answerMismatch('{"id":2,…}', step('{"id":1,"name":"x"}', [200]))).toContain('printed\n{"id":1,"name":"x"}\nnot\n{"id":2,…}');
    // A command that prints the status itself (curl -w) is compared as printed.
    expect(answerMismatch('204', step('204\n'))).toBeUndefined();
  });

  it('fails a command without an answer when it exits non-zero or a curl call gets an error status', () => {
    expect(silentFailure(step('{}', [200]))).toBeUndefined();
    expect(silentFailure(step('{"message":"Not Found"}', [404]))).toContain('HTTP 404');
    expect(silentFailure(step('', [], 7))).toContain('exit code 7');
  });
});
