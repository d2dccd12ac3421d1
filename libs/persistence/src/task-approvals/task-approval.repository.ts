/** The decisions of approval tasks' approvers (domain workflows/task-approval.repository.ts), a table per kind of task. */
import type { Approvable, TaskApprovalRepository } from '@tessera/domain';
import type { Database } from '../database.js';

/** Where each kind of approval task keeps its decisions: the table and its column naming the task. */
const DECISIONS: Readonly<Record<string, { table: string; task: string }>> = {
  task: { table: 'task_approvals', task: 'task_id' },
  project_task: { table: 'project_task_approvals', task: 'project_task_id' },
};

const decisionsOf = (of: Approvable) => {
  const decisions = DECISIONS[of.def.noun];
  if (!decisions) throw new Error(`no decisions kept for ${of.def.noun}`);
  return decisions;
};

export function taskApprovalRepository(db: Database): TaskApprovalRepository {
  return {
    async list(of, account, taskId) {
      const decisions = decisionsOf(of);
      const link = of.def.links[of.deciders]!;
      const rows = await db(`${link.table} as a`)
        .join('people as p', 'p.id', `a.${link.other}`)
        .leftJoin(`${decisions.table} as d`, (on) => on.on(`d.${decisions.task}`, `a.${link.self}`).andOn('d.approver_id', `a.${link.other}`))
        .where({ [`a.${link.self}`]: taskId, 'a.account_id': account })
        .orderBy(`a.${link.other}`)
        .select('p.id', 'p.name', 'd.status', 'd.decided_at');
      return rows.map((row: { id: number; name: string; status: 'approved' | 'rejected' | null; decided_at: Date | null }) => ({
        approver: { id: row.id, name: row.name }, status: row.status ?? 'pending', decided_at: row.decided_at,
      }));
    },
    async decide(of, account, taskId, approverId, status) {
      const decisions = decisionsOf(of);
      const inserted = await db(decisions.table).insert({ account_id: account, [decisions.task]: taskId, approver_id: approverId, status }).onConflict([decisions.task, 'approver_id']).ignore().returning('approver_id');
      return inserted.length > 0;
    },
  };
}
