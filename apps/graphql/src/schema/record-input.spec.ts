import { buildSchema, type GraphQLInputObjectType, type GraphQLObjectType } from 'graphql';
import { REQUEST_RECORD, declareRecord } from '@tessera/domain';
import { inputFields, inputFieldsSdl } from './record-input.js';
import { plainObjectFields } from './record-object.js';

// The request's declaration with three fields more, each added by one line as a new field would be (docs/decisions/031).
const WITH_NEW_FIELDS = declareRecord('a request', {
  ...REQUEST_RECORD.fields,
  priority: { type: 'enum', values: ['p1', 'p2'], write: 'change', notBlank: true, description: 'Priority' },
  vendor_ticket: { type: 'text', max: 40, write: 'create', description: 'Ticket at the vendor' },
  approver_id: { type: 'reference', target: 'Person', write: 'change', description: 'Approver' },
});

function schemaOf(declaration: typeof WITH_NEW_FIELDS | typeof REQUEST_RECORD) {
  const plain = plainObjectFields(declaration);
  return buildSchema(`
    scalar DateTime
    input CreateInput { ${inputFieldsSdl(declaration, 'create')} }
    input ChangeInput { ${inputFieldsSdl(declaration, 'change')} }
    type Thing { ${plain.sdl} }
    type Query { thing: Thing }
  `);
}

describe('GraphQL inputs and object fields derived from a record declaration', () => {
  const schema = schemaOf(WITH_NEW_FIELDS);
  const create = schema.getType('CreateInput') as GraphQLInputObjectType;
  const change = schema.getType('ChangeInput') as GraphQLInputObjectType;
  const thing = schema.getType('Thing') as GraphQLObjectType;

  it('gives a new field to the inputs that may set it, camelCased, a reference as a node ID', () => {
    expect(String(create.getFields()['vendorTicket']?.type)).toBe('String');
    expect(change.getFields()['vendorTicket']).toBeUndefined();
    expect(String(change.getFields()['approverId']?.type)).toBe('ID');
    expect(String(change.getFields()['priority']?.type)).toBe('String');
    expect((schemaOf(REQUEST_RECORD).getType('CreateInput') as GraphQLInputObjectType).getFields()['priority']).toBeUndefined();
  });

  it('describes each input with its length or its values', () => {
    expect(create.getFields()['vendorTicket']?.description).toBe('Ticket at the vendor. At most 40 characters.');
    expect(change.getFields()['priority']?.description).toBe('Priority. One of p1, p2 (as REST spells them).');
    expect(change.getFields()['approverId']?.description).toBe('Approver (a Person ID).');
  });

  it('reads each input into the field the use case takes, and how', () => {
    expect(inputFields(WITH_NEW_FIELDS, 'change')).toMatchObject({ priority: ['priority', 'text'], approverId: ['approver_id', { node: 'Person' }] });
    expect(inputFields(WITH_NEW_FIELDS, 'create')).toMatchObject({ vendorTicket: ['vendor_ticket', 'text'], configurationItemId: ['ci_id', { node: 'ConfigurationItem' }] });
    expect(inputFields(WITH_NEW_FIELDS, 'create')).not.toHaveProperty('supplierId');
  });

  it('gives the object type its plain fields, non-null when the record always has them, resolved from their columns', () => {
    expect(String(thing.getFields()['priority']?.type)).toBe('String!');
    expect(String(thing.getFields()['vendorTicket']?.type)).toBe('String');
    expect(thing.getFields()['approver']).toBeUndefined();
    expect(thing.getFields()['note']).toBeUndefined();
    const plain = plainObjectFields(WITH_NEW_FIELDS);
    expect(plain.columns).toMatchObject({ vendorTicket: 'vendor_ticket', supplierRequestID: 'supplier_request_id', sourceID: 'source_id' });
    expect(plain.dates).toMatchObject({ createdAt: 'created_at', waitingUntil: 'waiting_until' });
  });
});
