import { trustedAccountId, type AccountRecord, type AccountRepository } from '@tessera/domain';
import type { Database } from '../database.js';

interface AccountRow {
  id: string;
  name: string;
  directory_account_id: string | null;
}

const toAccount = (row: AccountRow): AccountRecord => ({ id: trustedAccountId(row.id), name: row.name, directoryAccountId: row.directory_account_id });

export async function findAccount(db: Database, id: string): Promise<AccountRecord | null> {
  const row = await db<AccountRow>('accounts').where({ id }).first('id', 'name', 'directory_account_id');
  return row ? toAccount(row) : null;
}

export function accountRepository(db: Database): AccountRepository {
  return { find: (id) => findAccount(db, id) };
}
