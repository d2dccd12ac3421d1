/**
 * The approvers of an approval task decide on it (docs/decisions/051): `GET /v1/tasks/:id/approvals`
 * lists each approver with their decision; `POST` there records the caller's (a project's approval
 * task: `/v1/project_tasks/:id/approvals`, by the people it is assigned to: approvable.ts). Only an
 * approver of the task decides, once, while the task waits for approval (assigned, accepted or in
 * progress), with `<noun>:Update` and no role beyond being its approver. The first rejection rejects
 * the task; the approval that reaches `required_approvals` approves it — a change of the task made by
 * that approver, with its events, which assigns its successors and moves its plan. A decision that
 * moves nothing fires nothing.
 */
import { forbidden, notFound, validationFailed } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';
import type { Repositories, UnitOfWork } from '../ports/unit-of-work.js';
import { changeRecordAs, lockForChange } from '../record-engine/record-use-cases.js';
import { assertAllowed } from '../scopes/evaluate-scopes.js';
import type { ApprovalDecision, ApprovalView } from './task-approval.repository.js';
import type { RecordDefinition } from '../record-engine/define-record.js';
import { approvableOf } from './approvable.js';

const WAITING_FOR_APPROVAL = ['assigned', 'accepted', 'in_progress'];
const DECISIONS: readonly string[] = ['approved', 'rejected'];

export async function listTaskApprovals(def: RecordDefinition, access: AccessContext, id: number, repos: Pick<Repositories, 'records' | 'taskApprovals'>): Promise<ApprovalView[]> {
  const of = approvableOf(def);
  assertAllowed(access, def.noun, 'Read');
  if (!(await repos.records.find(def, access.account.id, id))) throw notFound();
  return repos.taskApprovals.list(of, access.account.id, id);
}

export async function decideTaskApproval(
  def: RecordDefinition,
  access: AccessContext,
  id: number,
  input: { status?: unknown },
  uow: UnitOfWork<'records' | 'auditLines' | 'jobs' | 'now' | 'taskApprovals'>,
): Promise<ApprovalView[]> {
  const of = approvableOf(def);
  assertAllowed(access, def.noun, 'Update');
  if (!DECISIONS.includes(input.status as string)) throw validationFailed([['status', 'Status: approved or rejected']]);
  const decision = input.status as ApprovalDecision;
  const account = access.account.id;
  return uow.transaction(async (tx) => {
    const task = await lockForChange(def, tx, account, id);
    if (!task) throw notFound();
    if (!(await tx.records.linkIds(def, of.deciders, id)).includes(access.person.id)) throw forbidden(`Only the approvers of the ${def.what} decide on it`);
    if (task['category'] !== 'approval') throw validationFailed([['status', `Status: the ${def.what} is not an approval ${def.what}`]]);
    if (!WAITING_FOR_APPROVAL.includes(task['status'] as string)) throw validationFailed([['status', `Status: the ${def.what} does not wait for approval (it is ${task['status']})`]]);
    if (!(await tx.taskApprovals.decide(of, account, id, access.person.id, decision))) throw validationFailed([['status', `Status: you have decided on the ${def.what} already`]]);
    const approvals = await tx.taskApprovals.list(of, account, id);
    const approved = approvals.filter((approval) => approval.status === 'approved').length;
    const outcome = decision === 'rejected' ? 'rejected' : approved >= (task['required_approvals'] as number) ? 'approved' : null;
    if (outcome) await changeRecordAs(def, tx, account, id, { status: outcome }, { actor: { id: access.person.id, name: access.person.name } });
    return approvals;
  });
}
