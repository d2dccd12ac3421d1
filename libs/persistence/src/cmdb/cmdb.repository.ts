/** Configuration items and service instances as `/v1/cis` and `/v1/service_instances` read and write them. */
import type { CiFieldsRow, CmdbRepository, ServiceInstanceFieldsRow } from '@tessera/domain';
import type { Database } from '../database.js';
import { findCiView, findServiceInstanceView, listCiViews, listServiceInstanceViews } from './cmdb-views.js';

const CI_FIELDS = ['name', 'label', 'status', 'rule_set', 'source', 'source_id', 'support_team_id'] as const;
const SI_FIELDS = ['name', 'service_id', 'first_line_team_id', 'support_team_id'] as const;

/** A unique constraint refused the write: the CI's label or the service instance's name of the account. */
const isTaken = (error: unknown) => (error as { code?: string }).code === '23505';

/** Runs a write in a savepoint: a taken label or name leaves the transaction usable for the answer. */
async function unlessTaken(db: Database, write: (trx: Database) => Promise<unknown>): Promise<boolean> {
  try {
    await db.transaction((trx) => write(trx));
    return true;
  } catch (error) {
    if (isTaken(error)) return false;
    throw error;
  }
}

export function cmdbRepository(db: Database): CmdbRepository {
  return {
    listCis: (account, query) => listCiViews(db, account, query),
    findCi: (account, id) => findCiView(db, account, id),
    listServiceInstances: (account, query) => listServiceInstanceViews(db, account, query),
    findServiceInstance: (account, id) => findServiceInstanceView(db, account, id),
    async missingIds(account, target, ids) {
      const found = new Set<number>(await db(target).where('account_id', account).whereIn('id', [...ids]).pluck('id'));
      return ids.filter((id) => !found.has(id));
    },
    async ciWithLabel(account, label, exceptId) {
      // Labels and names compared as a person reads them, as the unique indexes compare them (migration 23).
      const query = db('configuration_items').where({ account_id: account }).whereRaw('name_as_read(label) = name_as_read(?)', [label]);
      if (exceptId !== undefined) query.whereNot('id', exceptId);
      const row = await query.first('id');
      return row ? (row.id as number) : null;
    },
    async serviceInstanceWithName(account, name, exceptId) {
      const query = db('service_instances').where({ account_id: account }).whereRaw('name_as_read(name) = name_as_read(?)', [name]);
      if (exceptId !== undefined) query.whereNot('id', exceptId);
      const row = await query.first('id');
      return row ? (row.id as number) : null;
    },
    async insertCi(account, fields) {
      let id: number | null = null;
      const done = await unlessTaken(db, async (trx) => {
        [{ id }] = await trx('configuration_items').insert({ account_id: account, ...fields }).returning('id');
      });
      return done ? id : null;
    },
    async findCiForUpdate(account, id) {
      const row = await db('configuration_items').where({ account_id: account, id }).forUpdate().first(...CI_FIELDS);
      return (row as CiFieldsRow | undefined) ?? null;
    },
    updateCi: (id, changes) => unlessTaken(db, (trx) => trx('configuration_items').where({ id }).update({ ...changes, updated_at: db.fn.now() })),
    async insertServiceInstance(account, fields) {
      let id: number | null = null;
      const done = await unlessTaken(db, async (trx) => {
        [{ id }] = await trx('service_instances').insert({ account_id: account, ...fields }).returning('id');
      });
      return done ? id : null;
    },
    async findServiceInstanceForUpdate(account, id) {
      const row = await db('service_instances').where({ account_id: account, id }).forUpdate().first(...SI_FIELDS);
      return (row as ServiceInstanceFieldsRow | undefined) ?? null;
    },
    updateServiceInstance: (id, changes) => unlessTaken(db, (trx) => trx('service_instances').where({ id }).update({ ...changes, updated_at: db.fn.now() })),
    serviceInstancesOfCi: (ciId) => db('ci_service_instances').where({ ci_id: ciId }).orderBy('position').pluck('service_instance_id'),
    async replaceServiceInstancesOfCi(ciId, serviceInstanceIds) {
      await db('ci_service_instances').where({ ci_id: ciId }).delete();
      if (serviceInstanceIds.length > 0) {
        // A link is of its CI's account, taken from the CI row in the same statement.
        await db.raw(
          `insert into ci_service_instances (account_id, ci_id, service_instance_id, position)
           select c.account_id, c.id, l.id, l.position from configuration_items c, unnest(?::int[]) with ordinality as l(id, position) where c.id = ?`,
          [[...serviceInstanceIds], ciId],
        );
      }
    },
    cisOfServiceInstance: (serviceInstanceId) => db('ci_service_instances').where({ service_instance_id: serviceInstanceId }).orderBy('ci_id').pluck('ci_id'),
    async replaceCisOfServiceInstance(serviceInstanceId, ciIds) {
      await db('ci_service_instances').where({ service_instance_id: serviceInstanceId }).whereNotIn('ci_id', [...ciIds]).delete();
      if (ciIds.length === 0) return;
      // Each CI newly linked takes the place after its other service instances.
      await db.raw(
        `insert into ci_service_instances (account_id, ci_id, service_instance_id, position)
         select c.account_id, c.id, ?, coalesce((select max(l.position) from ci_service_instances l where l.ci_id = c.id), 0) + 1
           from configuration_items c
          where c.id = any(?::int[])
         on conflict (ci_id, service_instance_id) do nothing`,
        [serviceInstanceId, [...ciIds]],
      );
    },
  };
}
