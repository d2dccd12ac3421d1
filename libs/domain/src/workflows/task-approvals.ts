/**
 * The approvers of an approval task decide on it (docs/decisions/051): `GET /v1/tasks/:id/approvals`
 * lists each approver with their decision; `POST` there records the caller's. Only an approver of
 * the task decides, once, while the task waits for approval (assigned, accepted or in progress),
 * with `task:Update` and no role beyond being its approver. The first rejection rejects the task;
 * the approval that reaches `required_approvals` approves it — a change of the task made by that
 * approver, with its events, which assigns its successors and moves its workflow. A decision that
 * moves nothing fires nothing.
 */
import { forbidden, notFound, validationFailed } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';
import type { Repositories, UnitOfWork } from '../ports/unit-of-work.js';
import { changeRecordAs, lockForChange } from '../record-engine/record-use-cases.js';
import { assertAllowed } from '../scopes/evaluate-scopes.js';
import type { ApprovalDecision, ApprovalView } from './task-approval.repository.js';
import { TASK } from './task.record.js';

const WAITING_FOR_APPROVAL = ['assigned', 'accepted', 'in_progress'];
const DECISIONS: readonly string[] = ['approved', 'rejected'];

export async function listTaskApprovals(access: AccessContext, id: number, repos: Pick<Repositories, 'records' | 'taskApprovals'>): Promise<ApprovalView[]> {
  assertAllowed(access, TASK.noun, 'Read');
  if (!(await repos.records.find(TASK, access.account.id, id))) throw notFound();
  return repos.taskApprovals.list(access.account.id, id);
}

export async function decideTaskApproval(
  access: AccessContext,
  id: number,
  input: { status?: unknown },
  uow: UnitOfWork<'records' | 'auditLines' | 'jobs' | 'now' | 'taskApprovals'>,
): Promise<ApprovalView[]> {
  assertAllowed(access, TASK.noun, 'Update');
  if (!DECISIONS.includes(input.status as string)) throw validationFailed([['status', 'Status: approved or rejected']]);
  const decision = input.status as ApprovalDecision;
  const account = access.account.id;
  return uow.transaction(async (tx) => {
    const task = await lockForChange(TASK, tx, account, id);
    if (!task) throw notFound();
    if (!(await tx.records.linkIds(TASK, 'approver_ids', id)).includes(access.person.id)) throw forbidden('Only the approvers of the task decide on it');
    if (task['category'] !== 'approval') throw validationFailed([['status', 'Status: the task is not an approval task']]);
    if (!WAITING_FOR_APPROVAL.includes(task['status'] as string)) throw validationFailed([['status', `Status: the task does not wait for approval (it is ${task['status']})`]]);
    if (!(await tx.taskApprovals.decide(account, id, access.person.id, decision))) throw validationFailed([['status', 'Status: you have decided on the task already']]);
    const approvals = await tx.taskApprovals.list(account, id);
    const approved = approvals.filter((approval) => approval.status === 'approved').length;
    const outcome = decision === 'rejected' ? 'rejected' : approved >= (task['required_approvals'] as number) ? 'approved' : null;
    if (outcome) await changeRecordAs(TASK, tx, account, id, { status: outcome }, { actor: { id: access.person.id, name: access.person.name } });
    return approvals;
  });
}
