/** Integrations of one account; the name is unique per account (the store says so: `name-taken`). */
import type { IntegrationRecord, IntegrationRepository, NameTaken } from '@tessera/domain';
import type { Knex } from 'knex';
import type { Database } from '../database.js';
import { fetchPage } from '../collections/collection.js';
import { isNameTaken } from './name-taken.js';

const COLUMNS = ['id', 'account_id', 'name', 'description', 'disabled', 'authorizations_revoked_at', 'created_at', 'updated_at'];

/** Public field name → SQL column, for filters and sorting. */
export const INTEGRATION_COLUMNS: Readonly<Record<string, string>> = {
  id: 'id', name: 'name', disabled: 'disabled', created_at: 'created_at', updated_at: 'updated_at',
};

async function written(write: Knex.QueryBuilder): Promise<IntegrationRecord | NameTaken> {
  try {
    const [row] = await write.returning(COLUMNS);
    return row as IntegrationRecord;
  } catch (error) {
    if (isNameTaken(error)) return 'name-taken';
    throw error;
  }
}

export function integrationRepository(db: Database): IntegrationRepository {
  const find = async (account: string, id: number, forUpdate: boolean): Promise<IntegrationRecord | null> => {
    const query = db('integrations').where({ account_id: account, id }).first(COLUMNS);
    if (forUpdate) query.forUpdate();
    return ((await query) as IntegrationRecord | undefined) ?? null;
  };
  return {
    find: (account, id) => find(account, id, false),
    findForUpdate: (account, id) => find(account, id, true),
    list: (account, query) => fetchPage<IntegrationRecord>(db('integrations').where({ account_id: account }).select(COLUMNS), query, INTEGRATION_COLUMNS),
    insert: (account, fields) => written(db('integrations').insert({ account_id: account, ...fields })),
    update: (account, id, changes) => written(db('integrations').where({ account_id: account, id }).update({ ...changes, updated_at: db.fn.now() })),
    async revokeAuthorizations(account, id) {
      // The clock at this statement, not the transaction's start: an authorization issued while
      // this transaction ran was consented to with the scopes it replaces.
      const [row] = await db('integrations')
        .where({ account_id: account, id })
        .update({ authorizations_revoked_at: db.raw('greatest(authorizations_revoked_at, clock_timestamp())') })
        .returning('authorizations_revoked_at');
      // The use cases revoke only for an integration they locked: anything else is a programming error.
      if (!row) throw new Error(`no integration ${id} in account ${account}`);
      return row.authorizations_revoked_at as Date;
    },
  };
}
