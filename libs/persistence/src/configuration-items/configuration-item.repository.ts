/**
 * Configuration items of one account, each with its first service instance of
 * that same account (SPEC.md "Event matching" rule 1), in one statement.
 */
import type { CiLookup, CiRef, ConfigurationItemRepository } from '@tessera/domain';
import type { Database } from '../database.js';
import { prepared } from '../prepared.js';
import { serviceInstanceColumns, toServiceInstance, withServiceInstanceTeams } from '../service-instances/service-instance.repository.js';

export function configurationItemRepository(db: Database): ConfigurationItemRepository {
  return {
    async find(account, by: CiLookup): Promise<CiRef | null> {
      const query = db('configuration_items as ci').where('ci.account_id', account);
      if ('id' in by) query.where('ci.id', by.id);
      else if ('label' in by) query.where((q) => q.where('ci.label', by.label).orWhere((s) => s.where({ 'ci.rule_set': 'software', 'ci.name': by.label })));
      else {
        query.where('ci.source_id', by.sourceId);
        if (by.source !== null) query.where('ci.source', by.source);
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
      const row = await prepared(
        withServiceInstanceTeams(query)
          .orderByRaw('(ci.label = ?) desc nulls last, ci.id', ['label' in by ? by.label : ''])
          .first('ci.id', 'ci.name', ...serviceInstanceColumns()),
      );
      return row ? { id: row.id, name: row.name, serviceInstance: toServiceInstance(row) } : null;
    },
  };
}
