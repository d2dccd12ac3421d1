/** Calls and reads the integration specs share: every method as the demo admin, and what they check in the database. */
import request from 'supertest';
import { listQueuedJobs } from '@tessera/persistence';
import type { ApiHarness } from './api-harness.js';

type Method = 'get' | 'post' | 'patch' | 'delete';

/** An authenticated call in the demo account, as the demo admin unless `token` says otherwise. */
export function call(h: ApiHarness, method: Method, path: string, token: string = h.demo.admin.token): request.Test {
  return request(h.app)[method](path).set('Authorization', `Bearer ${token}`).set('X-Service-Account', h.demo.account);
}

/** An integration of the directory account `widget`, which the demo admin of `wdc` may not see. */
export async function foreignIntegration(h: ApiHarness): Promise<{ id: number; scopeId: number; applicationId: number }> {
  const [integration] = await h.test.db('integrations').insert({ account_id: 'widget', name: `Foreign ${Date.now()}` }).returning('id');
  const [scope] = await h.test.db('integration_scopes')
    .insert({ account_id: 'widget', integration_id: integration.id, effect: 'allow', actions: ['request:Read'] })
    .returning('id');
  const [application] = await h.test.db('oauth_applications')
    .insert({
      account_id: 'widget', integration_id: integration.id, name: 'Foreign app', client_id: `tsr_app_foreign_${integration.id}`,
      client_secret_hash: 'x'.repeat(64), redirect_uris: ['https://foreign.example/cb'],
    })
    .returning('id');
  return { id: integration.id, scopeId: scope.id, applicationId: application.id };
}

export async function revokedAt(h: ApiHarness, integrationId: number): Promise<Date | null> {
  const row = await h.test.db('integrations').where({ id: integrationId }).first('authorizations_revoked_at');
  return row.authorizations_revoked_at;
}

export interface AuditLineRow {
  record_type: string;
  record_id: number;
  person_id: number | null;
  action: string;
  changes: Record<string, unknown>;
}

export async function auditLines(h: ApiHarness, recordType: string, recordId?: number): Promise<AuditLineRow[]> {
  const query = h.test.db('audit_lines').where({ record_type: recordType }).orderBy('id').select('record_type', 'record_id', 'person_id', 'action', 'changes');
  if (recordId !== undefined) query.where({ record_id: recordId });
  return query;
}

export async function adminId(h: ApiHarness): Promise<number> {
  return h.id('people', { primary_email: h.demo.admin.email });
}

/** Every job queued, of any task: integration changes queue none (SPEC.md's Events table names none for them). */
export async function queuedJobCount(h: ApiHarness): Promise<number> {
  return (await listQueuedJobs(h.test.db)).length;
}
