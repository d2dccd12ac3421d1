/**
 * Configuration items of one account, each with its first service instance of
 * that same account (SPEC.md "Event matching" rule 1), in one statement.
 */
import type { CiLookup, CiRef, ConfigurationItemRepository } from '@tessera/domain';
import type { Database } from '../database.js';
import { shapedStatement } from '../statement-shapes.js';
import { serviceInstanceColumns, toServiceInstance, withServiceInstanceTeams } from '../service-instances/service-instance.repository.js';

/** One shape per kind of lookup (by id, by label, by source id with or without a source). */
const findStatement = shapedStatement<{ account: string; id: number | null; label: string | null; sourceId: string | null; source: string | null }>((db, v, variant) => {
  const query = db('configuration_items as ci').where('ci.account_id', v.account);
  if (variant === 'id') query.where('ci.id', v.id);
  else if (variant === 'label') query.where((q) => q.where('ci.label', v.label).orWhere((s) => s.where({ 'ci.rule_set': 'software', 'ci.name': v.label })));
  else {
    query.where('ci.source_id', v.sourceId);
    if (v.source !== null) query.where('ci.source', v.source);
  }
  // Links to service instances of other accounts are not followed.
  query.joinRaw(
    `left join lateral (
       select l.service_instance_id from ci_service_instances l
         join service_instances lsi on lsi.id = l.service_instance_id and lsi.account_id = ci.account_id
        where l.ci_id = ci.id order by l.position limit 1
     ) as first_si on true`,
  );
  query.leftJoin('service_instances as si', 'si.id', 'first_si.service_instance_id');
  return withServiceInstanceTeams(query)
    .orderByRaw('(ci.label = ?) desc nulls last, ci.id', [variant === 'label' ? v.label : ''])
    .limit(1)
    .select('ci.id', 'ci.name', ...serviceInstanceColumns());
});

export function configurationItemRepository(db: Database): ConfigurationItemRepository {
  return {
    async find(account, by: CiLookup): Promise<CiRef | null> {
      const lookup = 'id' in by
        ? { variant: 'id', values: { account, id: by.id, label: null, sourceId: null, source: null } }
        : 'label' in by
          ? { variant: 'label', values: { account, id: null, label: by.label, sourceId: null, source: null } }
          : { variant: 'source', values: { account, id: null, label: null, sourceId: by.sourceId, source: by.source } };
      const [row] = await findStatement.rows<Record<string, unknown> & { id: number; name: string }>(db, lookup.variant, lookup.values);
      return row ? { id: row.id, name: row.name, serviceInstance: toServiceInstance(row) } : null;
    },
  };
}
