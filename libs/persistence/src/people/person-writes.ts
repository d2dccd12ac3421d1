/** People as `tessera person create` writes them: a person with a password's digest, and their roles in an account. */
import type { PersonWriteRepository } from '@tessera/domain';
import type { Database } from '../database.js';

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
    async replaceRoles(account, personId, roles) {
      await db('person_roles').where({ account_id: account, person_id: personId }).delete();
      if (roles.length > 0) await db('person_roles').insert(roles.map((role) => ({ account_id: account, person_id: personId, role })));
    },
  };
}
