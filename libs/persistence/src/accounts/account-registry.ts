/** The accounts table for the administration that creates accounts (libs/domain tenancy/create-account.ts). */
import type { AccountRegistry } from '@tessera/domain';
import type { Database } from '../database.js';
import { findAccount } from './account.repository.js';

export function accountRegistry(db: Database): AccountRegistry {
  return {
    find: (id) => findAccount(db, id),
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
