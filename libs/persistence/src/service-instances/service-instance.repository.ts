/**
 * Service instances of one account, with their first line and support teams,
 * each only when it is a team of the service instance's own account.
 */
import type { ServiceInstanceRef, ServiceInstanceRepository } from '@tessera/domain';
import type { Knex } from 'knex';
import type { Database } from '../database.js';

/** The join of a service instance (alias `si`) with its teams of the same account, for every lookup that returns one. */
export function withServiceInstanceTeams(query: Knex.QueryBuilder, alias = 'si'): Knex.QueryBuilder {
  return query
    .leftJoin(`teams as ${alias}_flt`, (j) => j.on(`${alias}_flt.id`, `${alias}.first_line_team_id`).andOn(`${alias}_flt.account_id`, `${alias}.account_id`))
    .leftJoin(`teams as ${alias}_st`, (j) => j.on(`${alias}_st.id`, `${alias}.support_team_id`).andOn(`${alias}_st.account_id`, `${alias}.account_id`));
}

export const serviceInstanceColumns = (alias = 'si', prefix = '') => [
  `${alias}.id as ${prefix}si_id`, `${alias}.name as ${prefix}si_name`, `${alias}_flt.id as ${prefix}si_flt`, `${alias}_st.id as ${prefix}si_st`,
];

export function toServiceInstance(row: Record<string, unknown>, prefix = ''): ServiceInstanceRef | null {
  const id = row[`${prefix}si_id`];
  if (typeof id !== 'number') return null;
  return {
    id,
    name: row[`${prefix}si_name`] as string,
    firstLineTeamId: (row[`${prefix}si_flt`] as number | null) ?? null,
    supportTeamId: (row[`${prefix}si_st`] as number | null) ?? null,
  };
}

export function serviceInstanceRepository(db: Database): ServiceInstanceRepository {
  return {
    async find(account, by) {
      const where = 'id' in by ? { 'si.id': by.id } : { 'si.name': by.name };
      const row = await withServiceInstanceTeams(db('service_instances as si')).where({ 'si.account_id': account, ...where }).first(serviceInstanceColumns());
      return row ? toServiceInstance(row) : null;
    },
  };
}
