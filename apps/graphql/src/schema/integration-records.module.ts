/**
 * Webhooks (administrators only, as REST's webhook routes: webhook-admin.ts) and UI
 * extensions (ui_extension:Read, as REST: ui-extension-access.ts) as connections;
 * their plain fields from their declarations in the domain (docs/decisions/031).
 */
import { GRAPH_READ_RULES, UI_EXTENSION_RECORD, WEBHOOK_RECORD } from '@tessera/domain';
import { connectionArgs, connectionSdl } from '../connections/connection-sdl.js';
import { column, dbId, isoDate, nodeId, rootConnection } from '../connections/connection-resolvers.js';
import type { FieldNeeds } from '../field-needs.js';
import { plainObjectFields } from './record-object.js';
import type { SchemaModule } from './schema-module.js';

const OF_THE_WEBHOOK: FieldNeeds = { parent: 'part of the webhook the parent field returned' };
const OF_THE_EXTENSION: FieldNeeds = { parent: 'part of the UI extension the parent field returned' };

const webhooks = connectionSdl('Webhook', GRAPH_READ_RULES.Webhook.orderFields, `
  "Webhooks of one of these events (e.g. request.create)."
  event: StringValues
  disabled: Boolean
`);
const uiExtensions = connectionSdl('UiExtension', GRAPH_READ_RULES.UiExtension.orderFields, `
  "UI extensions of one of these categories (e.g. request_template)."
  category: StringValues
  disabled: Boolean
`);

const { sdl: WEBHOOK_PLAIN_FIELDS, columns: WEBHOOK_COLUMNS, dates: WEBHOOK_DATES } = plainObjectFields(WEBHOOK_RECORD);
const WEBHOOK_FIELDS = ['id', 'dbId', ...Object.keys(WEBHOOK_COLUMNS), ...Object.keys(WEBHOOK_DATES)];
const { sdl: EXTENSION_PLAIN_FIELDS, columns: EXTENSION_COLUMNS, dates: EXTENSION_DATES } = plainObjectFields(UI_EXTENSION_RECORD);
const EXTENSION_FIELDS = ['id', 'dbId', ...Object.keys(EXTENSION_COLUMNS), ...Object.keys(EXTENSION_DATES)];

export const integrationRecordsModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    type Webhook implements Node {
      id: ID!
      dbId: Int!
      ${WEBHOOK_PLAIN_FIELDS}
    }

    type UiExtension implements Node {
      id: ID!
      dbId: Int!
      ${EXTENSION_PLAIN_FIELDS}
    }

    ${webhooks.typeDefs}
    ${uiExtensions.typeDefs}

    extend type Query {
      "Webhooks of the current account (administrator role only)."
      webhooks(${connectionArgs('Webhook', true)}): WebhookConnection!
      uiExtensions(${connectionArgs('UiExtension', true)}): UiExtensionConnection!
    }
  `,
  needs: {
    'Query.webhooks': { action: 'webhook:Read' },
    'Query.uiExtensions': { action: 'ui_extension:Read' },
    ...webhooks.needs,
    ...uiExtensions.needs,
    ...Object.fromEntries(WEBHOOK_FIELDS.map((field) => [`Webhook.${field}`, OF_THE_WEBHOOK])),
    ...Object.fromEntries(EXTENSION_FIELDS.map((field) => [`UiExtension.${field}`, OF_THE_EXTENSION])),
  },
  resolvers: {
    Query: {
      webhooks: rootConnection('Webhook'),
      uiExtensions: rootConnection('UiExtension'),
    },
    Webhook: {
      id: nodeId('Webhook'),
      dbId,
      ...Object.fromEntries(Object.entries(WEBHOOK_COLUMNS).map(([field, name]) => [field, column(name)])),
      ...Object.fromEntries(Object.entries(WEBHOOK_DATES).map(([field, name]) => [field, isoDate(name)])),
    },
    UiExtension: {
      id: nodeId('UiExtension'),
      dbId,
      ...Object.fromEntries(Object.entries(EXTENSION_COLUMNS).map(([field, name]) => [field, column(name)])),
      ...Object.fromEntries(Object.entries(EXTENSION_DATES).map(([field, name]) => [field, isoDate(name)])),
    },
  },
};
