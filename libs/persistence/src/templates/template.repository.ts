/**
 * Request templates of one account, with the references they would put on a
 * request, each only when it is valid in the template's account: its team and
 * service instance of that account, its member and workflow manager people of
 * that account or of its directory account. One statement.
 */
import type { TemplateRef, TemplateRepository } from '@tessera/domain';
import type { Knex } from 'knex';
import type { Database } from '../database.js';
import { prepared } from '../prepared.js';
import { serviceInstanceColumns, toServiceInstance, withServiceInstanceTeams } from '../service-instances/service-instance.repository.js';

export function templateRepository(db: Database): TemplateRepository {
  return {
    async find(account, id): Promise<TemplateRef | null> {
      const personIn = (alias: string, column: string) => (j: Knex.JoinClause) =>
        j.on(`${alias}.id`, column).andOn((o) => o.on(`${alias}.account_id`, 'a.id').orOn(`${alias}.account_id`, 'a.directory_account_id'));
      const query = db('templates as t')
        .join('accounts as a', 'a.id', 't.account_id')
        .leftJoin('workflow_templates as w', (j) => j.on('w.id', 't.workflow_template_id').andOn('w.account_id', 't.account_id'))
        .leftJoin('teams as tt', (j) => j.on('tt.id', 't.team_id').andOn('tt.account_id', 't.account_id'))
        .leftJoin('people as tm', personIn('tm', 't.member_id'))
        .leftJoin('people as wm', personIn('wm', 'w.manager_id'))
        .leftJoin('service_instances as si', (j) => j.on('si.id', 't.service_instance_id').andOn('si.account_id', 't.account_id'));
      const row = await prepared(withServiceInstanceTeams(query)
        .where({ 't.account_id': account, 't.id': id })
        .first('t.id', 't.subject', 't.category', 't.impact', 'tt.id as team_id', 'tm.id as member_id', 'wm.id as manager_id', ...serviceInstanceColumns()));
      if (!row) return null;
      return {
        id: row.id, subject: row.subject, category: row.category, impact: row.impact,
        serviceInstance: toServiceInstance(row),
        teamId: row.team_id ?? null, memberId: row.member_id ?? null, workflowManagerId: row.manager_id ?? null,
      };
    },
  };
}
