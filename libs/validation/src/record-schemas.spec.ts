import { z } from 'zod';
import { assertValidInput, declareRecord, isDomainError } from '@tessera/domain';
import { answerShape, collectionSpecOf } from './record-reads.js';
import { writeBodyShape } from './record-schemas.js';
import { parseWriteBody } from './write-body.js';

const HOOK = declareRecord('a hook', {
  event: { type: 'enum', values: ['a.create', 'a.update'], write: 'change', required: true, nullable: false, description: 'Event', collection: { default: true, filter: true } },
  body: { type: 'text', maxBytes: 65_536, write: 'change', description: 'Body' },
  target: { type: 'text', format: 'uri', max: 100, write: 'change', description: 'Target' },
  alg: { type: 'enum', values: ['hs256'], anyCase: true, write: 'change', description: 'Alg' },
  minutes: { type: 'integer', min: 1, max: 60, write: 'change', description: 'Minutes' },
  policy: { type: 'reference', target: 'Policy', idAlias: true, bodyChecks: true, write: 'change', description: 'Policy', collection: { filter: true } },
  uses: {
    type: 'list', max: 2, write: 'change', nullable: false, read: false, description: 'Uses',
    of: { type: 'object', fields: { key: { type: 'text', max: 4, required: true }, inline: { type: 'boolean' } } },
  },
  scopes: { type: 'list', of: { type: 'enum', values: ['read', 'write'] }, write: 'change', description: 'Scopes', collection: { default: true } },
});

const body = z.strictObject(writeBodyShape(HOOK, 'change'));

function problemsOf(raw: unknown): unknown {
  try {
    assertValidInput(parseWriteBody(body, raw, { what: HOOK.what }), []);
    return [];
  } catch (error) {
    if (isDomainError(error)) return error.errors;
    throw error;
  }
}

const fieldsOf = (problems: unknown) => (problems as Array<[string, string]>).map(([field]) => field);

describe('writeBodyShape — what a declaration tells a REST body', () => {
  it('shows a text field\'s declared example in its schema, in both bodies', () => {
    const EXAMPLED = declareRecord('a contact', { email: { type: 'text', max: 254, write: 'change', required: true, description: 'E-mail', example: 'ada@example.com' } });
    const created = z.toJSONSchema(z.strictObject(writeBodyShape(EXAMPLED, 'create'))) as { properties: Record<string, { examples?: string[] }> };
    expect(created.properties['email']).toMatchObject({ type: 'string', maxLength: 254, examples: ['ada@example.com'] });
    const changed = JSON.stringify(z.toJSONSchema(z.strictObject(writeBodyShape(EXAMPLED, 'change'))));
    expect(changed).toContain('"examples":["ada@example.com"]');
    expect(JSON.stringify(z.toJSONSchema(body))).not.toContain('examples');
  });

  it('refuses null for a field declared not nullable, and takes null to clear the others', () => {
    expect(fieldsOf(problemsOf({ event: null, uses: null }))).toEqual(['event', 'uses']);
    expect(problemsOf({ body: null, target: null, alg: null, minutes: null, policy: null, scopes: null })).toEqual([]);
  });

  it('checks types only for values the use case checks: an unknown event, a fraction, a long text reach it', () => {
    expect(problemsOf({ event: 'nope', minutes: 1.5, target: 'x'.repeat(101), alg: 'HS256' })).toEqual([]);
    expect(fieldsOf(problemsOf({ minutes: '5', target: 5 }))).toEqual(['target', 'minutes']);
  });

  it('checks a list’s length and its objects itself, and a reference’s range when declared so', () => {
    expect(problemsOf({ uses: [{ key: 'k1' }, { key: 'k2', inline: true }], policy: 7 })).toEqual([]);
    expect(fieldsOf(problemsOf({ uses: [{ key: 'k1' }, { key: 'k2' }, { key: 'k3' }] }))).toEqual(['uses']);
    expect(fieldsOf(problemsOf({ uses: [{ key: 'toolong' }, { inline: true, colour: 'red' }] }))).toEqual(['uses.0.key', 'uses.1.key', 'uses.1.colour']);
    expect(fieldsOf(problemsOf({ policy: 0 }))).toEqual(['policy']);
    expect(fieldsOf(problemsOf({ policy: 2 ** 31 }))).toEqual(['policy']);
  });

  it('takes a reference declared with idAlias as <field>_id too', () => {
    expect(parseWriteBody(body, { policy_id: 3 }, { what: HOOK.what })).toEqual({ policy: 3 });
    expect(problemsOf({ policy: 3, policy_id: 4 })).toEqual([['policy', 'Policy and policy_id were both given, with different values: give one of them']]);
  });

  it('shows the limits and values in the OpenAPI schema', () => {
    const json = z.toJSONSchema(body) as { properties: Record<string, unknown> };
    expect(json.properties).toMatchObject({
      event: { type: 'string', enum: ['a.create', 'a.update'] },
      target: { anyOf: [{ type: 'string', maxLength: 100, format: 'uri' }, { type: 'null' }] },
      alg: { type: ['string', 'null'] },
      minutes: { anyOf: [{ type: 'number', minimum: 1, maximum: 60 }, { type: 'null' }] },
      uses: { type: 'array', maxItems: 2 },
      scopes: { anyOf: [{ type: 'array', items: { type: 'string', enum: ['read', 'write'] } }, { type: 'null' }] },
    });
    expect(json.properties['body']).toMatchObject({ description: 'Body. At most 64 KB' });
  });
});

describe('answerShape and collectionSpecOf — a list and a write-only field', () => {
  it('shows a list as an array, leaves out a field never read, and filters a reference by its name', () => {
    const answer = answerShape(HOOK, z.object({ id: z.int() }).nullable());
    expect(Object.keys(answer)).not.toContain('uses');
    expect(z.toJSONSchema(answer['scopes']!)).toMatchObject({ type: 'array', items: { enum: ['read', 'write'] } });
    const spec = collectionSpecOf(HOOK);
    expect(spec.fields).toEqual(['event', 'body', 'target', 'alg', 'minutes', 'policy', 'scopes']);
    expect(spec.defaultFields).toEqual(['event', 'scopes']);
    expect(spec.filters).toEqual({ event: { enum: ['a.create', 'a.update'] }, policy: 'integer' });
  });
});
