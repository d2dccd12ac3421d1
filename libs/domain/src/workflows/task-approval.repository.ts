/** The decisions of an approval task's approvers (task-approvals.ts). SQL: libs/persistence task-approvals/. */
import type { AccountId } from '../tenancy/account-id.js';
import type { Approvable } from './approvable.js';

export type ApprovalDecision = 'approved' | 'rejected';

/** An approver of a task and their decision; `pending` until they decide. */
export interface ApprovalView {
  approver: { id: number; name: string };
  status: ApprovalDecision | 'pending';
  decided_at: Date | null;
}

export interface TaskApprovalRepository {
  /** The task's deciders, by id, each with their decision. */
  list(of: Approvable, account: AccountId, taskId: number): Promise<ApprovalView[]>;
  /** Records a decider's decision; false when they had decided already (nothing written). */
  decide(of: Approvable, account: AccountId, taskId: number, approverId: number, status: ApprovalDecision): Promise<boolean>;
}
