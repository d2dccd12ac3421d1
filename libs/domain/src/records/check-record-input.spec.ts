import { checkRecordInput } from './check-record-input.js';
import { declareRecord, graphqlInputNameOf, graphqlNameOf, readNameOf } from './record-fields.js';

const GADGET = declareRecord('a gadget', {
  name: { type: 'text', max: 10, write: 'change', required: true, description: 'Name' },
  kind: { type: 'enum', values: ['big', 'small'], write: 'change', notBlank: true, description: 'Kind' },
  serial: { type: 'text', max: 5, write: 'create', description: 'Serial' },
  owner_id: { type: 'reference', target: 'Person', write: 'change', description: 'Owner' },
  enabled: { type: 'boolean', write: 'change', description: 'Enabled' },
  part_ids: { type: 'references', target: 'Part', max: 3, write: 'change', description: 'Parts' },
  user_ids: { type: 'references', target: 'Person', max: 3, set: true, write: 'change', description: 'Users' },
  created_at: { type: 'datetime', notBlank: true, description: 'Created' },
});

describe('checkRecordInput — a caller’s values against the record’s declaration', () => {
  it('needs a required field on create, and refuses blanking a field the record always has', () => {
    expect(checkRecordInput(GADGET, {}, 'create').errors).toEqual([['name', "Name can't be blank"]]);
    expect(checkRecordInput(GADGET, { name: '  ', kind: null }, 'change').errors).toEqual([['name', "Name can't be blank"], ['kind', "Kind can't be blank"]]);
  });

  it('refuses a field the record does not have, a read-only one, and on a change one given only on create', () => {
    expect(checkRecordInput(GADGET, { name: 'A', colour: 'red', created_at: new Date() }, 'create').errors).toEqual([
      ['colour', "'colour' is not a field of a gadget"],
      ['created_at', "'created_at' is not a field of a gadget"],
    ]);
    expect(checkRecordInput(GADGET, { serial: 'S1' }, 'change').errors).toEqual([['serial', "'serial' cannot be changed"]]);
  });

  it('checks lengths once trimmed, values, ids and booleans, and returns texts trimmed and blanks as null', () => {
    expect(checkRecordInput(GADGET, { name: 'x'.repeat(11), kind: 'huge', owner_id: 1.5, enabled: 'yes' }, 'change').errors).toEqual([
      ['name', 'Name is too long (maximum is 10 characters)'],
      ['kind', 'Kind is not included in the list: big, small'],
      ['owner_id', 'Owner id is not a valid id'],
      ['enabled', 'Enabled must be true or false'],
    ]);
    expect(checkRecordInput(GADGET, { name: ` ${'x'.repeat(10)} `, kind: ' big ', serial: ' ', owner_id: null }, 'create')).toEqual({
      values: { name: 'x'.repeat(10), kind: 'big', serial: null, owner_id: null }, errors: [],
    });
  });
});

describe('field names across transports', () => {
  it('reads a reference as its record and gives GraphQL inputs its node ID', () => {
    const owner = GADGET.fields.owner_id;
    expect([readNameOf('owner_id', owner), graphqlNameOf('owner_id', owner), graphqlInputNameOf('owner_id', owner)]).toEqual(['owner', 'owner', 'ownerId']);
    expect([readNameOf('created_at', GADGET.fields.created_at), graphqlNameOf('created_at', GADGET.fields.created_at)]).toEqual(['created_at', 'createdAt']);
  });

  it('checks a list of references: ids, each once, at most its maximum; null clears it', () => {
    const problem = (part_ids: unknown) => checkRecordInput(GADGET, { part_ids }, 'change').errors;
    expect(problem([1, 2, 3])).toEqual([]);
    expect(problem('1,2')).toEqual([['part_ids', 'Part ids must be a list of ids']]);
    expect(problem([1, 2, 3, 4])).toEqual([['part_ids', 'Part ids are too many (maximum is 3)']]);
    expect(problem([1, 0])).toEqual([['part_ids', 'Part ids must be a list of valid ids']]);
    expect(problem([2, 2])).toEqual([['part_ids', 'Part ids give the id 2 twice']]);
    expect(checkRecordInput(GADGET, { part_ids: null }, 'change')).toEqual({ values: { part_ids: null }, errors: [] });
  });

  it('takes a set of references in any order and with repeats, and gives it back in id order, each once; null as none', () => {
    expect(checkRecordInput(GADGET, { user_ids: [3, 1, 3] }, 'change')).toEqual({ values: { user_ids: [1, 3] }, errors: [] });
    expect(checkRecordInput(GADGET, { user_ids: null }, 'change')).toEqual({ values: { user_ids: [] }, errors: [] });
    expect(checkRecordInput(GADGET, { user_ids: [1, 1, 1, 1] }, 'change').errors).toEqual([['user_ids', 'User ids are too many (maximum is 3)']]);
    expect(checkRecordInput(GADGET, { user_ids: [1, 0] }, 'change').errors).toEqual([['user_ids', 'User ids must be a list of valid ids']]);
  });

  it('names a list of references `parts` in answers and `partIds` in GraphQL inputs', () => {
    expect(readNameOf('part_ids', GADGET.fields.part_ids)).toBe('parts');
    expect(graphqlNameOf('part_ids', GADGET.fields.part_ids)).toBe('parts');
    expect(graphqlInputNameOf('part_ids', GADGET.fields.part_ids)).toBe('partIds');
  });
});

describe('checkRecordInput — sizes in bytes, bounds, letter case and lists', () => {
  const WIDGET = declareRecord('a widget', {
    body: { type: 'text', maxBytes: 2048, write: 'change', description: 'Body' },
    alg: { type: 'enum', values: ['hs256', 'rs256'], anyCase: true, write: 'change', description: 'Alg' },
    minutes: { type: 'integer', min: 1, max: 60, write: 'change', description: 'Minutes' },
    tags: { type: 'list', max: 2, of: { type: 'enum', values: ['a', 'b', 'c'] }, write: 'change', description: 'Tags' },
  });

  it('counts a text in UTF-8 bytes when its limit is in bytes', () => {
    expect(checkRecordInput(WIDGET, { body: 'é'.repeat(1024) }, 'change').errors).toEqual([]);
    expect(checkRecordInput(WIDGET, { body: 'é'.repeat(1025) }, 'change').errors).toEqual([['body', 'Body is too long (maximum is 2 KB)']]);
  });

  it('takes an enum value in any letter case when declared so, and returns it lower-case', () => {
    expect(checkRecordInput(WIDGET, { alg: ' HS256 ' }, 'change')).toEqual({ values: { alg: 'hs256' }, errors: [] });
    expect(checkRecordInput(WIDGET, { alg: 'hs512' }, 'change').errors).toEqual([['alg', 'Alg is not included in the list: hs256, rs256']]);
  });

  it('keeps an integer within its bounds and a list within its length and values', () => {
    expect(checkRecordInput(WIDGET, { minutes: 0, tags: ['a', 'b', 'c'] }, 'change').errors).toEqual([
      ['minutes', 'Minutes must be greater than or equal to 1'],
      ['tags', 'Tags has too many items (maximum is 2)'],
    ]);
    expect(checkRecordInput(WIDGET, { minutes: 61, tags: ['z'] }, 'change').errors).toEqual([
      ['minutes', 'Minutes must be less than or equal to 60'],
      ['tags', 'Tags are a, b, c'],
    ]);
    expect(checkRecordInput(WIDGET, { minutes: 60, tags: 'a' }, 'change').errors).toEqual([['tags', 'Tags must be a list']]);
  });
});
