/** People as `/v1/people` writes them: one person, locked for a change, and their roles in an account. */
import { trustedAccountId, type PersonWriteRepository } from '@tessera/domain';
import type { Database } from '../database.js';

const FIELDS = ['name', 'primary_email', 'locale', 'time_zone', 'disabled'] as const;

/** people_primary_email_unique (lower(primary_email)) refused the write. */
const isTakenEmail = (error: unknown) =>
  (error as { code?: string; constraint?: string }).code === '23505' && (error as { constraint?: string }).constraint === 'people_primary_email_unique';

export function personWriteRepository(db: Database): PersonWriteRepository {
  return {
    async idWithEmail(email, exceptId) {
      const query = db('people').whereRaw('lower(primary_email) = lower(?)', [email]);
      if (exceptId !== undefined) query.whereNot('id', exceptId);
      const row = await query.first('id');
      return row ? (row.id as number) : null;
    },
    async insert(account, fields, passwordHash) {
      const rows = await db.raw<{ rows: Array<{ id: number }> }>(
        `insert into people (account_id, name, primary_email, locale, time_zone, disabled, password_hash) values (?, ?, ?, ?, ?, ?, ?)
         on conflict (lower(primary_email)) do nothing returning id`,
        [account, fields.name, fields.primary_email, fields.locale, fields.time_zone, fields.disabled, passwordHash],
      );
      return rows.rows[0]?.id ?? null;
    },
    async findForUpdate(accounts, id) {
      const row = await db('people').whereIn('account_id', [...accounts]).andWhere({ id }).forUpdate().first('id', 'account_id', ...FIELDS);
      return row ? { ...row, account_id: trustedAccountId(row.account_id) } : null;
    },
    async update(id, changes) {
      try {
        // A savepoint: a taken e-mail leaves the transaction usable for the answer.
        await db.transaction((trx) => trx('people').where({ id }).update({ ...changes, updated_at: db.fn.now() }));
        return true;
      } catch (error) {
        if (isTakenEmail(error)) return false;
        throw error;
      }
    },
    async replaceRoles(account, personId, roles) {
      await db('person_roles').where({ account_id: account, person_id: personId }).delete();
      if (roles.length > 0) await db('person_roles').insert(roles.map((role) => ({ account_id: account, person_id: personId, role })));
    },
  };
}
