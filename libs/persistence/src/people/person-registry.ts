/**
 * People as the administration creates them (libs/domain people/create-person.ts): the person and
 * their roles, with the change's audit line and event, in one transaction.
 */
import { trustedAccountId, type PersonCreation, type PersonRegistry } from '@tessera/domain';
import { auditLineRepository } from '../audit-lines/audit-line.repository.js';
import type { Database } from '../database.js';
import { jobQueue } from '../queue/job-queue.js';

async function idByEmail(db: Database, email: string): Promise<number | null> {
  const row = await db('people').whereRaw('lower(primary_email) = lower(?)', [email]).first('id');
  return row ? (row.id as number) : null;
}

function creationOn(trx: Database): PersonCreation {
  return {
    auditLines: auditLineRepository(trx),
    jobs: jobQueue(trx),
    people: {
      idByEmail: (email) => idByEmail(trx, email),
      async insert(person) {
        // people_primary_email_unique (lower(primary_email)) decides between two creates of one address.
        const rows = await trx.raw<{ rows: Array<{ id: number }> }>(
          `insert into people (account_id, name, primary_email, locale, time_zone, password_hash) values (?, ?, ?, ?, ?, ?)
           on conflict (lower(primary_email)) do nothing returning id`,
          [person.account, person.name, person.primaryEmail, person.locale, person.timeZone, person.passwordHash],
        );
        const id = rows.rows[0]?.id;
        if (id === undefined) return null;
        if (person.roles.length > 0) await trx('person_roles').insert(person.roles.map((role) => ({ person_id: id, account_id: person.account, role })));
        return id;
      },
    },
  };
}

export function personRegistry(db: Database): PersonRegistry {
  return {
    async findAccount(id) {
      const row = await db('accounts').where({ id }).first('id', 'name');
      return row ? { id: trustedAccountId(row.id), name: row.name } : null;
    },
    idByEmail: (email) => idByEmail(db, email),
    transaction: (work) => db.transaction((trx) => work(creationOn(trx))),
  };
}
