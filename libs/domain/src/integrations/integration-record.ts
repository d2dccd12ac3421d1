/**
 * The records of integration management (SPEC.md "Integration scope";
 * REFERENCE.md "Integration scopes"): an integration is the record behind an
 * OAuth application; it holds the scopes that say what its applications may
 * do, and the time its authorizations were last revoked
 * (authorization-revocation.ts). Fields as stored, snake_case, as every answer
 * shows them.
 */
import type { RecordInput } from '../records/record-fields.js';
import type { ScopeEffect } from '../scopes/scope-statement.js';
import type { AccountId } from '../tenancy/account-id.js';
import type { INTEGRATION_RECORD, OAUTH_APPLICATION_RECORD } from './integration-declarations.js';

export interface IntegrationRecord {
  id: number;
  account_id: AccountId;
  name: string;
  description: string | null;
  disabled: boolean;
  /** OAuth tokens and grants issued at or before this time are no longer valid; null: never revoked. */
  authorizations_revoked_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** An integration's writable fields as a client sends them, before any rule ran: from INTEGRATION_RECORD. */
export type IntegrationInput = RecordInput<typeof INTEGRATION_RECORD.fields, 'change'>;

/** An OAuth application's writable fields as a client sends them, before any rule ran: from OAUTH_APPLICATION_RECORD. */
export type OAuthApplicationInput = RecordInput<typeof OAUTH_APPLICATION_RECORD.fields, 'change'>;

/** What an administrator sets on an integration. */
export interface IntegrationFields {
  name: string;
  description: string | null;
  disabled: boolean;
}

export interface IntegrationScopeRecord {
  id: number;
  integration_id: number;
  effect: ScopeEffect;
  actions: readonly string[];
  /** As written (scope-condition.ts syntax); parsed when a token carrying them is looked up. */
  conditions: readonly string[];
  created_at: Date;
  updated_at: Date;
}

export interface OAuthApplicationRecord {
  id: number;
  integration_id: number;
  name: string;
  client_id: string;
  redirect_uris: readonly string[];
  disabled: boolean;
  created_at: Date;
  updated_at: Date;
}

/** What an administrator sets on an OAuth application. */
export interface OAuthApplicationFields {
  name: string;
  redirect_uris: readonly string[];
  disabled: boolean;
}

/** A new application's credentials: the secret only as its digest, as stored. */
export interface NewOAuthApplication extends OAuthApplicationFields {
  integration_id: number;
  client_id: string;
  client_secret_hash: string;
}
