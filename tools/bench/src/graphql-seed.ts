/**
 * The data of the GraphQL requests page: requests of the demo account, each requested by a person
 * of that account, on one of its teams, with notes, so that a page of 100 has every nested
 * reference to load. Written straight into the bench database (as delivery-setup.ts does): the
 * benchmark measures reads, not how the rows were made.
 */
import { trustedAccountId, type NewRequest } from '@tessera/domain';
import { insertRequest, type Database } from '@tessera/persistence';

export async function seedBenchRequests(db: Database, account: string, requests = 120, notesEach = 5): Promise<{ requests: number; notes: number }> {
  const people = await db('people').where({ account_id: account }).orderBy('id').limit(10).pluck<number[]>('id');
  const teams = await db('teams').where({ account_id: account }).orderBy('id').limit(5).pluck<number[]>('id');
  if (people.length === 0) throw new Error(`no person in account ${account}`);
  await db.transaction(async (tx) => {
    for (let i = 0; i < requests; i += 1) {
      const person = people[i % people.length]!;
      const request: NewRequest = {
        account_id: trustedAccountId(account),
        subject: `Bench request ${i + 1}`,
        category: 'incident',
        status: 'assigned',
        impact: 'low',
        completion_reason: null,
        major_incident_status: null,
        agile_board_id: null,
        agile_board_column_id: null,
        service_instance_id: null,
        organization_id: null,
        requested_by_id: person,
        requested_for_id: person,
        created_by_id: person,
        member_id: null,
        team_id: teams.length > 0 ? teams[i % teams.length]! : null,
        supplier_id: null,
        workflow_id: null,
        problem_id: null,
        project_id: null,
        ci_id: null,
        template_id: null,
        knowledge_article_id: null,
        grouped_into_id: null,
        completed_at: null,
        desired_completion_at: null,
        downtime_start_at: null,
        downtime_end_at: null,
        waiting_until: null,
        response_target_at: null,
        resolution_target_at: null,
        requester_resolution_target_at: null,
        resolution_duration: null,
        source: 'bench',
        source_id: `bench-${i + 1}`,
        supplier_request_id: null,
        grouping: 'none',
        satisfaction: null,
        custom_fields: null,
        new_assignment: false,
        reviewed: false,
        urgent: false,
        addressed: false,
      };
      const { id } = await insertRequest(tx, request);
      await tx('notes').insert(
        Array.from({ length: notesEach }, (_, n) => ({ account_id: account, request_id: id, person_id: person, text: `Note ${n + 1} of bench request ${i + 1}`, internal: false })),
      );
    }
  });
  // A database in service has planner statistics (autovacuum analyzes a table soon after it grows);
  // measuring right after a bulk insert into tables the planner has never seen would time plans
  // that no running deployment uses.
  await db.raw('analyze requests, notes, people, teams');
  return { requests, notes: requests * notesEach };
}
