import { z } from 'zod';
import {
  INTEGRATION_RECORD, INTEGRATION_SCOPE_RECORD, OAUTH_APPLICATION_RECORD, UI_EXTENSION_RECORD, UI_EXTENSION_VERSION_RECORD, WEBHOOK_POLICY_RECORD, WEBHOOK_RECORD, declareRecord, fieldsWritten, readNameOf, type RecordDeclaration,
} from '@tessera/domain';
import { answerShape, collectionSpecOf, writeBodyShape } from '@tessera/validation';
import { applicationBodySchema, applicationSchema, integrationBodySchema, integrationSchema, scopeBodySchema, scopeSchema } from './integrations.schema.js';
import { versionFieldsSchema } from './ui-extension-versions.schema.js';
import { uiExtensionBodySchema, uiExtensionSchema } from './ui-extensions.schema.js';
import { webhookPolicyBodySchema, webhookPolicySchema } from './webhook-policies.schema.js';
import { webhookBodySchema, webhookSchema } from './webhooks.schema.js';

/** A record's declaration and the REST schemas its routes use (docs/decisions/031). */
interface Declared {
  declaration: RecordDeclaration;
  bodies: ReadonlyArray<z.ZodObject>;
  answer: z.ZodObject;
}

const RECORDS: Record<string, Declared> = {
  webhook: { declaration: WEBHOOK_RECORD, bodies: [webhookBodySchema], answer: webhookSchema },
  'webhook policy': { declaration: WEBHOOK_POLICY_RECORD, bodies: [webhookPolicyBodySchema], answer: webhookPolicySchema },
  'UI extension': { declaration: UI_EXTENSION_RECORD, bodies: [uiExtensionBodySchema], answer: uiExtensionSchema },
  // Read-only: versions are written through their UI extension.
  'UI extension version': { declaration: UI_EXTENSION_VERSION_RECORD, bodies: [], answer: versionFieldsSchema },
  integration: { declaration: INTEGRATION_RECORD, bodies: [integrationBodySchema], answer: integrationSchema },
  'integration scope': { declaration: INTEGRATION_SCOPE_RECORD, bodies: [scopeBodySchema], answer: scopeSchema },
  'OAuth application': { declaration: OAUTH_APPLICATION_RECORD, bodies: [applicationBodySchema], answer: applicationSchema },
};

const readNames = (declaration: RecordDeclaration) => Object.entries(declaration.fields).flatMap(([name, field]) => readNameOf(name, field) ?? []);

describe.each(Object.entries(RECORDS))('the %s’s REST schemas come from its declaration', (_record, { declaration, bodies, answer }) => {
  it('has every written field in its bodies and every read field in its answer', () => {
    for (const body of bodies) expect(Object.keys(body.shape)).toEqual(expect.arrayContaining(fieldsWritten(declaration, 'change')));
    expect(Object.keys(answer.shape)).toEqual(expect.arrayContaining(readNames(declaration)));
  });

  it('takes a field added to the declaration into the body, the answer and the collection rules', () => {
    const withNewField = declareRecord(declaration.what, {
      ...declaration.fields,
      vendor_code: { type: 'text', max: 40, write: 'change', description: 'Code at the vendor', collection: { default: true, sort: true, filter: true } },
    });
    expect(z.toJSONSchema(z.strictObject(writeBodyShape(withNewField, 'change')).describe('body'))).toMatchObject({
      properties: { vendor_code: { anyOf: [{ type: 'string', maxLength: 40 }, { type: 'null' }] } },
    });
    expect(Object.keys(answerShape(withNewField, z.null()))).toContain('vendor_code');
    const collection = collectionSpecOf(withNewField);
    expect([collection.defaultFields, collection.sortable, Object.keys(collection.filters)]).toEqual([
      expect.arrayContaining(['vendor_code']), expect.arrayContaining(['vendor_code']), expect.arrayContaining(['vendor_code']),
    ]);
    expect(Object.keys(writeBodyShape(declaration, 'change'))).not.toContain('vendor_code');
  });
});
