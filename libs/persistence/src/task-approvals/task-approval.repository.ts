/** The decisions of approval tasks' approvers (domain workflows/task-approval.repository.ts). */
import type { TaskApprovalRepository } from '@tessera/domain';
import type { Database } from '../database.js';

export function taskApprovalRepository(db: Database): TaskApprovalRepository {
  return {
    async list(account, taskId) {
      const rows = await db('task_approvers as a')
        .join('people as p', 'p.id', 'a.approver_id')
        .leftJoin('task_approvals as d', (on) => on.on('d.task_id', 'a.task_id').andOn('d.approver_id', 'a.approver_id'))
        .where({ 'a.task_id': taskId, 'a.account_id': account })
        .orderBy('a.approver_id')
        .select('p.id', 'p.name', 'd.status', 'd.decided_at');
      return rows.map((row: { id: number; name: string; status: 'approved' | 'rejected' | null; decided_at: Date | null }) => ({
        approver: { id: row.id, name: row.name }, status: row.status ?? 'pending', decided_at: row.decided_at,
      }));
    },
    async decide(account, taskId, approverId, status) {
      const inserted = await db('task_approvals').insert({ account_id: account, task_id: taskId, approver_id: approverId, status }).onConflict(['task_id', 'approver_id']).ignore().returning('task_id');
      return inserted.length > 0;
    },
  };
}
