/**
 * The fields of an integration, of its OAuth applications and of its scopes,
 * declared once (docs/decisions/031; the mechanism is
 * records/record-fields.ts): the REST bodies of `/v1/integrations`,
 * `…/applications` and `…/scopes`, their answers' schemas, their collection
 * rules and the use cases' input types derive from them. The checks of the
 * values, with the messages these records have always answered, are
 * integration-fields.ts's, redirect-uri.ts's and scope-input.ts's (through
 * scopes/scope-statement.ts).
 */
import { declareRecord } from '../records/record-fields.js';
import { SCOPE_EFFECTS } from '../scopes/scope-statement.js';

export const NAME_MAX_LENGTH = 190;
export const DESCRIPTION_MAX_LENGTH = 65_535;
export const REDIRECT_URIS_MAX = 10;
/** The most items a body's list may hold; the rules of each record allow fewer (REDIRECT_URIS_MAX). */
const BODY_LIST_MAX = 100;
const DISABLING = 'Default false; disabling revokes every OAuth authorization of the integration';

const ALL = { default: true, sort: true, filter: true } as const;
const SORTED = { sort: true, filter: true } as const;

export const INTEGRATION_RECORD = declareRecord('an integration', {
  id: { type: 'integer', notBlank: true, graphql: false, description: 'The integration id', collection: ALL },
  name: { type: 'text', max: NAME_MAX_LENGTH, write: 'change', required: true, nullable: false, description: 'Name', note: 'Required on create; unique in the account', collection: ALL },
  description: { type: 'text', max: DESCRIPTION_MAX_LENGTH, write: 'change', description: 'Description' },
  disabled: {
    type: 'boolean', write: 'change', notBlank: true, nullable: false, description: 'A disabled integration has no valid OAuth authorization', note: DISABLING,
    collection: { default: true, filter: true },
  },
  // Read-only: what the service sets.
  authorizations_revoked_at: {
    type: 'datetime', description: 'OAuth tokens and grants issued at or before this time are no longer valid', note: 'Null: never revoked',
  },
  created_at: { type: 'datetime', notBlank: true, description: 'When the integration was created', collection: SORTED },
  updated_at: { type: 'datetime', notBlank: true, description: 'When the integration last changed', collection: SORTED },
});

export const OAUTH_APPLICATION_RECORD = declareRecord('an OAuth application', {
  id: { type: 'integer', notBlank: true, graphql: false, description: 'The OAuth application id', collection: ALL },
  name: { type: 'text', max: NAME_MAX_LENGTH, write: 'change', required: true, nullable: false, description: 'Name', note: 'Required on create', collection: ALL },
  client_id: { type: 'text', notBlank: true, description: 'The OAuth client id', collection: { default: true, filter: true } },
  redirect_uris: {
    type: 'list', of: { type: 'text' }, max: BODY_LIST_MAX, write: 'change', required: true, nullable: false, description: 'Redirect URIs',
    note: `Required on create, 1 to ${REDIRECT_URIS_MAX} absolute URIs without a fragment or a user name and password; https, or http on localhost`,
  },
  disabled: { type: 'boolean', write: 'change', notBlank: true, nullable: false, description: 'Disabled', note: DISABLING, collection: { default: true, filter: true } },
  created_at: { type: 'datetime', notBlank: true, description: 'When the application was created', collection: { sort: true } },
  updated_at: { type: 'datetime', notBlank: true, description: 'When the application last changed', collection: { sort: true } },
});

export const INTEGRATION_SCOPE_RECORD = declareRecord('an integration scope', {
  id: { type: 'integer', notBlank: true, graphql: false, description: 'The scope id', collection: ALL },
  effect: { type: 'enum', values: SCOPE_EFFECTS, write: 'change', notBlank: true, nullable: false, description: 'Effect', note: 'Default `allow` on create', collection: ALL },
  actions: {
    type: 'list', of: { type: 'text' }, max: BODY_LIST_MAX, write: 'change', required: true, nullable: false, collection: { default: true },
    description: '`<record type>:<operation>` (Read, Create, Update, Delete or `*`), `*` a wildcard on either side', note: 'Required on create, at least one',
  },
  conditions: {
    type: 'list', of: { type: 'text' }, max: BODY_LIST_MAX, write: 'change', notBlank: true, nullable: false,
    description: 'All must hold for the scope to apply: `account = <id>`, `account != <id>`, `account in <id>, <id>`, the same with `role`', note: 'Default none',
  },
  created_at: { type: 'datetime', notBlank: true, description: 'When the scope was created', collection: SORTED },
  updated_at: { type: 'datetime', notBlank: true, description: 'When the scope last changed', collection: SORTED },
});
