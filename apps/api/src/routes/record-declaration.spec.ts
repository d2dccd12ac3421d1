import { z } from 'zod';
import { REQUEST_RECORD, assertValidInput, checkRecordInput, declareRecord, type CheckedInput, type RecordInput } from '@tessera/domain';
import { buildOpenApiDocument, defineRoute, writeInput, type OpenApiDocument } from '@tessera/http';
import { answerShape, collectionSpecOf, intakeParameters, writeBodyShape } from '@tessera/validation';
import { referenceSchema } from './request.schema.js';

// The request's declaration with three fields more, each added by one line as a new field would be (docs/decisions/031).
const WITH_NEW_FIELDS = declareRecord('a request', {
  ...REQUEST_RECORD.fields,
  priority: { type: 'enum', values: ['p1', 'p2'], write: 'change', description: 'Priority', collection: { default: true, filter: true } },
  vendor_ticket: { type: 'text', max: 40, write: 'create', description: 'Ticket at the vendor' },
  approver_id: { type: 'reference', target: 'Person', write: 'change', description: 'Approver', lookups: [{ param: 'approver', max: 254, by: 'primary e-mail' }] },
});
type Fields = typeof WITH_NEW_FIELDS.fields;

function documentOf(declaration: typeof REQUEST_RECORD | typeof WITH_NEW_FIELDS): OpenApiDocument {
  const answer = z.object(answerShape(declaration, referenceSchema.nullable()));
  const routes = [
    defineRoute({
      method: 'post',
      path: '/v1/requests',
      operationId: 'createRequest',
      tag: 'requests',
      summary: 'Create a request',
      needs: { scope: 'request:Create' },
      input: writeInput({ body: z.strictObject(writeBodyShape(declaration, 'create')), what: 'a request' }),
      responses: { 201: { description: 'The request', schema: answer } },
      handler: () => undefined,
    }),
  ];
  return buildOpenApiDocument(routes, { info: { title: 'Requests', version: '1' }, servers: [{ url: 'http://localhost' }], schemas: { Request: answer, Reference: referenceSchema } });
}

const properties = (document: OpenApiDocument, name: string) => (document.components['schemas']![name] as { properties: Record<string, unknown> }).properties;

describe('a record field declared once — what is derived from one line of its declaration', () => {
  it('appears in the REST body and answer of the OpenAPI document, with its length and values', () => {
    const before = documentOf(REQUEST_RECORD);
    const after = documentOf(WITH_NEW_FIELDS);
    expect(properties(before, 'CreateRequestBody')).not.toHaveProperty('priority');
    expect(properties(after, 'CreateRequestBody')).toMatchObject({
      priority: { anyOf: [{ type: 'string', enum: ['p1', 'p2'] }, { type: 'null' }] },
      vendor_ticket: { anyOf: [{ type: 'string', maxLength: 40 }, { type: 'null' }] },
      approver_id: { type: ['integer', 'null'] },
    });
    expect(properties(after, 'Request')).toMatchObject({
      priority: { anyOf: [{ type: 'string', enum: ['p1', 'p2'] }, { type: 'null' }] },
      vendor_ticket: { type: ['string', 'null'] },
      approver: { anyOf: [{ $ref: '#/components/schemas/Reference' }, { type: 'null' }] },
    });
  });

  it('is in a change body only when the declaration says a change may set it', () => {
    expect(Object.keys(writeBodyShape(WITH_NEW_FIELDS, 'change'))).toEqual(expect.arrayContaining(['priority', 'approver_id']));
    expect(Object.keys(writeBodyShape(WITH_NEW_FIELDS, 'change'))).not.toContain('vendor_ticket');
    const { errors } = checkRecordInput(WITH_NEW_FIELDS, { vendor_ticket: 'T-1' }, 'change');
    expect(errors).toEqual([['vendor_ticket', "'vendor_ticket' cannot be changed"]]);
  });

  it('is checked by its length and values, every problem at once', () => {
    const { errors } = checkRecordInput(WITH_NEW_FIELDS, { subject: 'Printer', vendor_ticket: 'x'.repeat(41), priority: 'p9', approver_id: 0 }, 'create');
    expect(errors).toEqual([
      ['vendor_ticket', 'Vendor ticket is too long (maximum is 40 characters)'],
      ['priority', 'Priority is not included in the list: p1, p2'],
      ['approver_id', 'Approver id is not a valid id'],
    ]);
    expect(checkRecordInput(WITH_NEW_FIELDS, { subject: 'Printer', vendor_ticket: ' T-1 ', priority: 'p2', approver_id: 7 }, 'create')).toEqual({
      values: { subject: 'Printer', vendor_ticket: 'T-1', priority: 'p2', approver_id: 7 }, errors: [],
    });
  });

  it('takes a reference by id in REST and, in the events intake, by id or by its lookup', () => {
    expect(intakeParameters(WITH_NEW_FIELDS)).toMatchObject({
      approver: { kind: { type: 'name', max: 254 }, purpose: 'Approver, by primary e-mail' },
      approver_id: { kind: { type: 'id' }, purpose: 'Approver, by id' },
      priority: { kind: { type: 'enum', values: ['p1', 'p2'] } },
      vendor_ticket: { kind: { type: 'text', max: 40 } },
    });
    const body = writeInput({ body: z.strictObject(writeBodyShape(WITH_NEW_FIELDS, 'change')), what: 'a request' });
    const parsed = (raw: Record<string, unknown>) => body.parse({ params: {}, query: {}, body: raw }).body;
    expect(() => assertValidInput(parsed({ approver_id: 7 }), [])).not.toThrow();
    expect(() => assertValidInput(parsed({ approver: 'ann@example.com' }), [])).toThrow(
      expect.objectContaining({ errors: [['approver', "'approver' is not a field of a request"]] }),
    );
  });

  it('joins the collection rules: selectable, returned by default and filtered by its values as declared', () => {
    const collection = collectionSpecOf(WITH_NEW_FIELDS);
    expect(collection.fields).toEqual(expect.arrayContaining(['priority', 'vendor_ticket', 'approver']));
    expect(collection.defaultFields).toContain('priority');
    expect(collection.sortable).not.toContain('priority');
    expect(collection.filters['priority']).toEqual({ enum: ['p1', 'p2'] });
    expect(collectionSpecOf(REQUEST_RECORD).fields).not.toContain('priority');
  });

  it('types the input of a create and of a change (checked by the build)', () => {
    const change: RecordInput<Fields, 'change'> = { priority: 'p1', approver_id: 7 };
    // @ts-expect-error vendor_ticket is given on create only
    const notAChange: RecordInput<Fields, 'change'> = { vendor_ticket: 'T-1' };
    const checked: CheckedInput<Fields> = { priority: 'p2', approver: 'ann@example.com' };
    // @ts-expect-error p3 is not one of the declared values
    const notAValue: CheckedInput<Fields> = { priority: 'p3' };
    expect([change, notAChange, checked, notAValue]).toHaveLength(4);
  });
});
