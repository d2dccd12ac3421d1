import fc from 'fast-check';
import { compileExpression } from './compile-expression.js';
import { REQUEST_VARIABLES, requestBindings } from './expression-fixtures.js';

/**
 * Whatever an administrator writes and whatever a record holds, compiling answers a value or
 * a message and evaluating answers a value or a message: neither throws (the runner turns a
 * throw into a failed job, not a 422 or a logged rule error).
 */
const TOKENS = [
  'record', 'previous', 'person', 'nil', '.', 'status', 'subject', 'team', 'name', 'tags', 'team_id', 'created_at', 'custom', 'x',
  '(', ')', '[', ']', '{', '}', ',', ':', '?', '!', '-', '+', '*', '/', '%', '==', '!=', '<', '>=', '&&', '||', ' in ',
  "'Ops'", '"a"', "''", '1', '0', '2.5', '1u', "b'x'", 'true', 'null', 'size', 'exists', 'map', 'filter', 'all', 'has',
  'lowerAscii', 'split', 'join', 'replace', 'matches', 'int', 'string', 'timestamp', 'duration', "'1h'", 't', ' ',
];

const expressionText = fc.array(fc.constantFrom(...TOKENS), { maxLength: 40 }).map((tokens) => tokens.join(''));
const anyJson = fc.jsonValue({ maxDepth: 3 });

describe('compileExpression and evaluate never throw', () => {
  it('answers every token soup with an expression or a message', () => {
    fc.assert(
      fc.property(expressionText, (text) => {
        const compiled = compileExpression(text, REQUEST_VARIABLES);
        if (!compiled.ok) return typeof compiled.message === 'string' && compiled.message.length > 0;
        const result = compiled.expression.evaluate(requestBindings());
        return result.ok || result.message.length > 0;
      }),
      { numRuns: 1_500 },
    );
  });

  it('evaluates valid expressions over records holding anything without throwing', () => {
    const expressions = [
      "record.status == 'waiting_for_customer' && record.team.name == 'Ops'",
      "record.tags.exists(t, t.lowerAscii() == 'vip') || record.custom.x == 1",
      "{'s': record.subject, 'n': record.team_id + 1, 'at': record.created_at}",
      "record.subject.split(' ').join('-') + string(size(record.tags))",
    ].map((text) => {
      const compiled = compileExpression(text, REQUEST_VARIABLES);
      if (!compiled.ok) throw new Error(compiled.message);
      return compiled.expression;
    });
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('status', 'subject', 'team', 'team_id', 'tags', 'created_at', 'custom'), anyJson), (record) => {
        for (const expression of expressions) {
          const result = expression.evaluate(requestBindings(record));
          if (!result.ok && result.message.length === 0) return false;
        }
        return true;
      }),
      { numRuns: 500 },
    );
  });
});
