/** Scopes of one integration of an account, conditions stored as written. */
import type { IntegrationScopeRecord, IntegrationScopeRepository } from '@tessera/domain';
import type { Database } from '../database.js';
import { fetchPage } from '../collections/collection.js';

const COLUMNS = ['id', 'integration_id', 'effect', 'actions', 'conditions', 'created_at', 'updated_at'];

/** Public field name → SQL column, for filters and sorting. */
export const INTEGRATION_SCOPE_COLUMNS: Readonly<Record<string, string>> = {
  id: 'id', effect: 'effect', created_at: 'created_at', updated_at: 'updated_at',
};

export function integrationScopeRepository(db: Database): IntegrationScopeRepository {
  const scopes = (account: string, integrationId: number) => db('integration_scopes').where({ account_id: account, integration_id: integrationId });
  return {
    list: (account, integrationId, query) => fetchPage<IntegrationScopeRecord>(scopes(account, integrationId).select(COLUMNS), query, INTEGRATION_SCOPE_COLUMNS),
    async find(account, integrationId, id) {
      return ((await scopes(account, integrationId).where({ id }).first(COLUMNS)) as IntegrationScopeRecord | undefined) ?? null;
    },
    async insert(account, integrationId, fields) {
      const [row] = await db('integration_scopes')
        .insert({ account_id: account, integration_id: integrationId, effect: fields.effect, actions: [...fields.actions], conditions: [...fields.conditions] })
        .returning(COLUMNS);
      return row as IntegrationScopeRecord;
    },
    async update(account, integrationId, id, changes) {
      const values = {
        ...(changes.effect !== undefined ? { effect: changes.effect } : {}),
        ...(changes.actions !== undefined ? { actions: [...changes.actions] } : {}),
        ...(changes.conditions !== undefined ? { conditions: [...changes.conditions] } : {}),
      };
      const [row] = await scopes(account, integrationId).where({ id }).update({ ...values, updated_at: db.fn.now() }).returning(COLUMNS);
      return row as IntegrationScopeRecord;
    },
    async delete(account, integrationId, id) {
      await scopes(account, integrationId).where({ id }).delete();
    },
  };
}
