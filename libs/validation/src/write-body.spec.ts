import { z } from 'zod';
import { assertValidInput, isDomainError } from '@tessera/domain';
import { parseWriteBody, reference } from './write-body.js';

const schema = z.strictObject({
  name: z.string().describe('Required'),
  size: z.int().optional(),
  ...reference('team', z.int().nullable().optional()),
});
const options = { what: 'a thing', readOnly: ['id'] };

/** What the use case answers when it finds nothing wrong itself. */
function problemsOf(body: unknown): unknown {
  const parsed = parseWriteBody(schema, body, options);
  try {
    assertValidInput(parsed, []);
    return [];
  } catch (error) {
    if (isDomainError(error)) return error.errors;
    throw error;
  }
}

function refusal(body: unknown): unknown {
  try {
    parseWriteBody(schema, body, options);
  } catch (error) {
    if (isDomainError(error)) return error.errors;
  }
  return 'not refused';
}

describe('parseWriteBody', () => {
  it('passes unknown, read-only and missing required fields on to the use case, which reports them with its own', () => {
    expect(problemsOf({ colour: 'red', id: 5 })).toEqual([
      ['colour', "'colour' is not a field of a thing"],
      ['id', "'id' is read-only"],
      ['name', "Name can't be blank"],
    ]);
    expect(problemsOf({ name: 'x' })).toEqual([]);
  });

  it('refuses a value of the wrong type at once, with the other problems it found', () => {
    expect(refusal({ name: 'x', size: 'big', colour: 'red' })).toEqual([['colour', "'colour' is not a field of a thing"], ['size', expect.any(String)]]);
    expect(refusal([1])).toEqual([['(body)', expect.any(String)]]);
  });

  it('takes <field>_id for a reference, both when equal, and names the field when they differ', () => {
    expect(parseWriteBody(schema, { name: 'x', team_id: 4 }, options)).toEqual({ name: 'x', team: 4 });
    expect(parseWriteBody(schema, { name: 'x', team_id: null }, options)).toEqual({ name: 'x', team: null });
    expect(parseWriteBody(schema, { name: 'x', team: 4, team_id: 4 }, options)).toEqual({ name: 'x', team: 4 });
    expect(problemsOf({ name: 'x', team: 4, team_id: 5 })).toEqual([['team', 'Team and team_id were both given, with different values: give one of them']]);
  });

  it('documents both spellings of a reference', () => {
    const json = z.toJSONSchema(schema, { io: 'input' }) as { properties: Record<string, { description?: string }> };
    expect(Object.keys(json.properties)).toEqual(['name', 'size', 'team', 'team_id']);
    expect(json.properties['team_id']!.description).toContain('`team`');
  });
});
