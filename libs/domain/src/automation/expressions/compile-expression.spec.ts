import { compileExpression } from './compile-expression.js';
import { REQUEST_VARIABLES, requestBindings } from './expression-fixtures.js';
import type { RuleValueType } from './rule-value-type.js';

function compiled(text: string, expect?: RuleValueType) {
  const result = compileExpression(text, REQUEST_VARIABLES, expect);
  if (!result.ok) throw new Error(`expected ${text} to compile: ${result.message}`);
  return result.expression;
}

function refusal(text: string, expect?: RuleValueType): string {
  const result = compileExpression(text, REQUEST_VARIABLES, expect);
  if (result.ok) throw new Error(`expected ${text} to be refused`);
  return result.message;
}

const evaluated = (text: string, record: Record<string, unknown> = {}) => compiled(text).evaluate(requestBindings(record));

describe('compileExpression — refusing a rule expression when it is written (issue 33 item 2)', () => {
  it('names an unknown variable', () => {
    expect(refusal("recrod.status == 'open'")).toBe("unknown variable 'recrod' (column 1); did you mean 'record'?");
    expect(refusal("x == 'open'")).toBe("unknown variable 'x' (column 1)");
  });

  it('names a field the record does not have, with the path it was read on', () => {
    expect(refusal("record.subjekt == 'x'")).toBe("no field 'subjekt' on record (column 7); did you mean 'subject'?");
    expect(refusal("record.team.nmae == 'Ops'")).toBe("no field 'nmae' on record.team (column 12); did you mean 'name'?");
    expect(refusal("record.sla_target == 'x'")).toBe("no field 'sla_target' on record (column 7)");
    expect(refusal("record.team['nmae'] == 'Ops'")).toContain("no field 'nmae' on record.team");
    expect(refusal('has(record.sla)')).toContain("no field 'sla' on record");
  });

  it('refuses a condition that is not a bool', () => {
    expect(refusal('record.subject', 'bool')).toBe('the expression must be a bool, not a string');
    expect(refusal('record.team_id + 1', 'bool')).toBe('the expression must be a bool, not an int');
  });

  it('refuses an operator applied to the wrong types', () => {
    expect(refusal('record.subject + 1')).toBe("'+' cannot be applied to string and int (column 16)");
    expect(refusal("record.team_id == 'seven'")).toBe("'==' cannot be applied to int and string (column 16)");
    expect(refusal('record.status.x')).toBe("record.status is a string, which has no field 'x' (column 14)");
  });

  it('gives a syntax error with its column', () => {
    expect(refusal("record.status = 'open'")).toMatch(/^syntax error at column 15: /);
    expect(refusal("record.status == 'open'\n  && record.impact ==")).toMatch(/^syntax error at line 2, column \d+: /);
  });

  it('refuses unknown functions and message construction, naming every problem', () => {
    expect(refusal('now() > record.created_at')).toContain("unknown function 'now'");
    expect(refusal("google.protobuf.Timestamp{seconds: 1} < record.created_at")).toContain('builds a message');
    expect(refusal('foo(1) && record.nope')).toBe("unknown function 'foo' (column 1); no field 'nope' on record (column 17)");
  });

  it('says how has() and the list macros are written when they are not', () => {
    expect(refusal('has(record)')).toBe('has() tests a field: write has(record.field) (column 1)');
    expect(refusal("record.tags.exists('vip')")).toBe("exists() takes a name for each item and an expression: exists(t, t == 'x') (column 12)");
  });

  it('refuses an empty expression', () => {
    expect(refusal('  ')).toBe('expression is empty');
  });
});

describe('compileExpression — types and values', () => {
  it('checks the typical condition and evaluates it to a bool', () => {
    const condition = compiled("record.status == 'waiting_for_customer' && record.team.name == 'Ops'", 'bool');
    expect(condition.type).toBe('bool');
    expect(condition.evaluate(requestBindings())).toEqual({ ok: true, value: true });
    expect(condition.evaluate(requestBindings({ team: { id: 8, name: 'Network' } }))).toEqual({ ok: true, value: false });
  });

  it('reads nil as null, in comparisons and as a value', () => {
    expect(evaluated('record.member == nil', { member: null })).toEqual({ ok: true, value: true });
    expect(evaluated('record.member != nil')).toEqual({ ok: true, value: true });
    expect(compiled('nil').type).toBe('null');
    expect(evaluated('nil')).toEqual({ ok: true, value: null });
    expect(evaluated("record.subject == 'nil'")).toEqual({ ok: true, value: false });
  });

  it('takes ints as JS numbers and gives them back as numbers', () => {
    const next = compiled('record.team_id + 1');
    expect(next.type).toBe('int');
    expect(next.evaluate(requestBindings())).toEqual({ ok: true, value: 8 });
    expect(next.evaluate(requestBindings({ team_id: '7' }))).toEqual({ ok: true, value: 8 });
    expect(evaluated('record.team_id / 2')).toEqual({ ok: true, value: 3 });
    expect(evaluated('record.score * 2.0')).toEqual({ ok: true, value: 5 });
  });

  it('takes timestamps as ISO strings or Dates and gives them back as ISO strings', () => {
    const later = compiled("record.created_at + duration('90m')");
    expect(later.type).toBe('timestamp');
    expect(later.evaluate(requestBindings())).toEqual({ ok: true, value: '2026-11-29T09:30:00.000Z' });
    expect(later.evaluate(requestBindings({ created_at: new Date('2026-01-01T00:00:00Z') }))).toEqual({ ok: true, value: '2026-01-01T01:30:00.000Z' });
    expect(evaluated("timestamp('2026-11-29T08:00:00Z') - record.created_at - duration('1.5s')")).toEqual({ ok: true, value: '-1.5s' });
    expect(evaluated("record.created_at - timestamp('2026-11-29T07:00:00Z')")).toEqual({ ok: true, value: '3600s' });
    expect(evaluated("record.created_at > timestamp('2026-01-01T00:00:00Z')")).toEqual({ ok: true, value: true });
    expect(evaluated("record.created_at.getHours('Europe/Amsterdam')")).toEqual({ ok: true, value: 9 });
  });

  it('builds maps and lists as JSON objects and arrays, typed by their fields', () => {
    const payload = compiled("{'subject': record.subject, 'status': record.status, 'tags': record.tags.map(t, t + '!')}");
    expect(payload.type).toEqual({ map: { subject: 'string', status: 'string', tags: { list: 'string' } } });
    expect(payload.evaluate(requestBindings())).toEqual({ ok: true, value: { subject: 'Printer on fire', status: 'waiting_for_customer', tags: ['printer!', 'hardware!'] } });
    expect(evaluated("record.tags.filter(t, t.startsWith('p'))")).toEqual({ ok: true, value: ['printer'] });
    expect(evaluated("record.tags.exists(t, t == 'hardware') && 'printer' in record.tags")).toEqual({ ok: true, value: true });
  });

  it('offers the strings extension but format() and quote()', () => {
    expect(evaluated("record.subject.lowerAscii().contains('printer') && record.tags.join(', ') == 'printer, hardware'")).toEqual({ ok: true, value: true });
    expect(evaluated("record.subject.replace('fire', 'water', 1).split(' ')")).toEqual({ ok: true, value: ['Printer', 'on', 'water'] });
    expect(evaluated("record.subject.substring(0, 7).upperAscii() + '/' + record.subject.charAt(0) + string(record.subject.indexOf('on'))")).toEqual({ ok: true, value: 'PRINTER/P8' });
    expect(evaluated("'ÀB éC'.lowerAscii() + '|' + 'àb éc'.upperAscii() + '|' + string(size('😀a')) + string('😀a'.size())")).toEqual({ ok: true, value: 'Àb éc|àB éC|22' });
    expect(refusal("'%s'.format([record.subject])")).toContain("unknown function 'format'");
    expect(refusal('record.tags.join(1)')).toBe('list(string).join(int) does not exist (column 12)');
  });

  it('reads a dyn value with JSON numbers, and checks a dyn condition when it runs', () => {
    expect(evaluated('record.custom.priority > 2')).toEqual({ ok: true, value: true });
    const condition = compiled('record.custom.flag', 'bool');
    expect(condition.evaluate(requestBindings())).toEqual({ ok: true, value: true });
    expect(condition.evaluate(requestBindings({ custom: { flag: 'yes' } }))).toEqual({ ok: false, message: 'the expression must give a bool, but gave a string' });
  });

  it('returns a run-time failure with its column instead of throwing', () => {
    expect(evaluated('record.member.name', { member: null })).toEqual({ ok: false, message: "evaluation failed at column 14: record.member is null or has no field 'name'" });
    expect(evaluated('record.team_id / 0')).toEqual({ ok: false, message: 'evaluation failed: int divide by zero' });
  });

  it('refuses bindings that do not fit the declared types, without throwing', () => {
    expect(evaluated('record.team_id + 1', { team_id: 'seven' })).toEqual({ ok: false, message: 'bad input: record.team_id should be an int, not string' });
    expect(evaluated("record.created_at > timestamp('2026-01-01T00:00:00Z')", { created_at: 'yesterday' })).toEqual({ ok: false, message: 'bad input: record.created_at should be a timestamp, not string' });
    expect(compiled('record.subject').evaluate({ record: { id: 1 } })).toEqual({ ok: true, value: null });
    expect(compiled('record.subject').evaluate({})).toEqual({ ok: false, message: "evaluation failed at column 7: record is null or has no field 'subject'" });
  });

  it('reads only the fields an expression names, and a whole record when it is used whole', () => {
    expect(evaluated("record.status == 'waiting_for_customer'", { team_id: 'not read' })).toEqual({ ok: true, value: true });
    expect(evaluated("{'r': record}")).toEqual({
      ok: true,
      value: { r: expect.objectContaining({ id: 41, subject: 'Printer on fire', team: { id: 7, name: 'Ops' }, created_at: '2026-11-29T08:00:00.000Z', tags: ['printer', 'hardware'] }) },
    });
    expect(evaluated("record.tags.exists(record, record == 'hardware')")).toEqual({ ok: true, value: true });
    expect(evaluated("record['team'].name + '/' + record.team.name")).toEqual({ ok: true, value: 'Ops/Ops' });
    expect(evaluated('has(record.member) && !has(previous.status)', {})).toEqual({ ok: true, value: false });
  });
});
