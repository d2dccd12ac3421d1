/** OAuth applications of one integration of an account; the client secret only as its digest. */
import type { OAuthApplicationRecord, OAuthApplicationRepository } from '@tessera/domain';
import type { Database } from '../database.js';
import { fetchPage } from '../collections/collection.js';

// Never client_secret_hash: no answer needs the digest.
const COLUMNS = ['id', 'integration_id', 'name', 'client_id', 'redirect_uris', 'disabled', 'created_at', 'updated_at'];

/** Public field name → SQL column, for filters and sorting. */
export const OAUTH_APPLICATION_COLUMNS: Readonly<Record<string, string>> = {
  id: 'id', name: 'name', client_id: 'client_id', disabled: 'disabled', created_at: 'created_at', updated_at: 'updated_at',
};

export function oauthApplicationRepository(db: Database): OAuthApplicationRepository {
  const applications = (account: string, integrationId: number) => db('oauth_applications').where({ account_id: account, integration_id: integrationId });
  return {
    list: (account, integrationId, query) => fetchPage<OAuthApplicationRecord>(applications(account, integrationId).select(COLUMNS), query, OAUTH_APPLICATION_COLUMNS),
    async find(account, integrationId, id) {
      return ((await applications(account, integrationId).where({ id }).first(COLUMNS)) as OAuthApplicationRecord | undefined) ?? null;
    },
    async insert(account, application) {
      const [row] = await db('oauth_applications').insert({ account_id: account, ...application }).returning(COLUMNS);
      return row as OAuthApplicationRecord;
    },
    async update(account, integrationId, id, changes) {
      const [row] = await applications(account, integrationId).where({ id }).update({ ...changes, updated_at: db.fn.now() }).returning(COLUMNS);
      return row as OAuthApplicationRecord;
    },
  };
}
