import { compileExpression } from './compile-expression.js';
import { REQUEST_VARIABLES, requestBindings } from './expression-fixtures.js';
import { compileExpressions, evaluateExpressions } from './named-expressions.js';

describe('compileExpressions — a rule\'s named expressions (RECORDS.md automation_rule `expressions`)', () => {
  const lines = [
    { name: 'is_ops', value: "record.team.name == 'Ops'" },
    { name: 'waiting', value: "record.status == 'waiting_for_customer'" },
    { name: 'payload', value: "{'subject': record.subject, 'status': record.status, 'ops': is_ops}" },
  ];

  it('lets later expressions and the condition read earlier names, with their checked types', () => {
    const result = compileExpressions(lines, REQUEST_VARIABLES);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));

    expect(result.variables).toMatchObject({ is_ops: 'bool', waiting: 'bool', payload: { map: { subject: 'string', status: 'string', ops: 'bool' } } });
    const condition = compileExpression('is_ops && waiting && payload.ops', result.variables, 'bool');
    expect(condition.ok).toBe(true);
    expect(compileExpression('payload.subjekt', result.variables)).toEqual({ ok: false, message: "no field 'subjekt' on payload (column 8); did you mean 'subject'?" });
  });

  it('evaluates them in order, extending the bindings with each value', () => {
    const result = compileExpressions(lines, REQUEST_VARIABLES);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));

    const evaluated = evaluateExpressions(result.compiled, requestBindings());

    expect(evaluated).toEqual({
      ok: true,
      bindings: expect.objectContaining({ is_ops: true, waiting: true, payload: { subject: 'Printer on fire', status: 'waiting_for_customer', ops: true } }),
    });
  });

  it('returns the error of every line with its index, going on past a bad line', () => {
    const result = compileExpressions(
      [
        { name: 'first', value: 'record.subjekt' },
        { name: 'second', value: 'first + 1' },
        { name: 'third', value: 'record.team_id +' },
        { name: '2bad', value: '1' },
        { name: 'second', value: '2' },
        { name: 'record', value: '3' },
        { name: 'nil', value: '4' },
      ],
      REQUEST_VARIABLES,
    );

    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      { index: 0, name: 'first', message: "no field 'subjekt' on record (column 7); did you mean 'subject'?" },
      { index: 2, name: 'third', message: 'syntax error at column 16: found + but expecting end of input' },
      { index: 3, name: '2bad', message: "'2bad' is not a valid name: use letters, digits and '_', not starting with a digit" },
      { index: 4, name: 'second', message: "'second' is already defined" },
      { index: 5, name: 'record', message: "'record' is already defined" },
      { index: 6, name: 'nil', message: "'nil' is a reserved word and cannot name an expression" },
    ]);
    expect(result.variables).toMatchObject({ first: 'dyn', second: 'dyn', third: 'dyn' });
  });

  it('stops at the first expression that fails at run time and names it', () => {
    const result = compileExpressions([{ name: 'ratio', value: 'record.team_id / 2' }, { name: 'member_name', value: 'record.member.name' }], REQUEST_VARIABLES);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));

    expect(evaluateExpressions(result.compiled, requestBindings({ member: null }))).toEqual({
      ok: false,
      index: 1,
      name: 'member_name',
      message: "evaluation failed at column 14: record.member is null or has no field 'name'",
    });
  });
});
