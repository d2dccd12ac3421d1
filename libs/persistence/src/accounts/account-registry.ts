/** The accounts table for the administration that creates accounts (libs/domain tenancy/create-account.ts). */
import type { AccountRegistry, RegisteredAccount } from '@tessera/domain';
import type { Database } from '../database.js';

export function accountRegistry(db: Database): AccountRegistry {
  return {
    async find(id) {
      const row = await db('accounts').where({ id }).first('id', 'name', 'directory_account_id');
      return row ? ({ id: row.id, name: row.name, directoryAccountId: row.directory_account_id } satisfies RegisteredAccount) : null;
    },
    async insert(account) {
      const rows = await db('accounts')
        .insert({ id: account.id, name: account.name, directory_account_id: account.directoryAccountId })
        .onConflict('id')
        .ignore()
        .returning('id');
      return rows.length === 1;
    },
  };
}
