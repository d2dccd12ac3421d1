/**
 * SPEC.md "Request" `satisfaction` and `feedback.requested_by`: the requested_by
 * person's click on a feedback link (feedback-link.ts) records their answer.
 * Steps: check the link (a read, no lock: a forged link costs one read and
 * never holds a row) → in one transaction, lock the request and check again
 * that its requested_by is the one the link was made for → the same answer
 * again changes nothing → update `satisfaction` → publish (audit line with the
 * requested_by person as actor and source `Feedback`, `request.update`).
 * Every link the service did not issue, for a request that still has that
 * requested_by, is simply not found: the answer says nothing about why.
 */
import { notFound } from '../errors/domain-error.js';
import { ACCOUNT_ID_PATTERN } from '../identity/account-access.js';
import { recordChange } from '../outbox/record-change.js';
import type { Repositories, UnitOfWork } from '../ports/unit-of-work.js';
import { requestEvents } from '../request-changes/publish-request-change.js';
import { isFeedbackAnswer, isFeedbackSignature, type FeedbackAnswer, type FeedbackLinkKey } from './feedback-link.js';
import type { RequestChanges, RequestRecord } from './request-record.js';

/** The audit trail's and the webhook messages' name for answers given through a feedback link. */
export const FEEDBACK_SOURCE = 'Feedback';

/** A link as it arrives: whatever its query held, untrusted. */
export interface FeedbackClick {
  account: unknown;
  requestId: number;
  answer: unknown;
  signature: unknown;
}

export interface FeedbackDependencies {
  uow: UnitOfWork<'accounts' | 'requests' | 'auditLines' | 'jobs'>;
  key: FeedbackLinkKey;
}

export interface RecordedFeedback {
  request: Pick<RequestRecord, 'id' | 'subject' | 'satisfaction'>;
  /** False when the request already had this answer: nothing was written or published. */
  changed: boolean;
}

export interface CheckedFeedbackLink {
  request: RequestRecord;
  answer: FeedbackAnswer;
}

/** The request a link opens, or not found; writes nothing (a HEAD request of a link checker). */
export async function checkFeedbackLink(click: FeedbackClick, { uow, key }: { uow: UnitOfWork<'accounts' | 'requests'>; key: FeedbackLinkKey }): Promise<CheckedFeedbackLink> {
  return checkedAgainst(uow.repositories, click, key);
}

export async function recordRequestFeedback(click: FeedbackClick, deps: FeedbackDependencies): Promise<RecordedFeedback> {
  const { request: checked, answer } = await checkFeedbackLink(click, deps);
  return deps.uow.transaction(async (tx) => {
    const existing = await tx.requests.findForUpdate(checked.account_id, checked.id);
    // Changed or deleted between the check and the lock: the link no longer opens it.
    if (!existing || existing.requested_by_id !== checked.requested_by_id) throw notFound();
    if (existing.satisfaction === answer) return { request: existing, changed: false };

    const changes: RequestChanges = { satisfaction: answer };
    const request = await tx.requests.update(existing.account_id, existing.id, changes);
    await recordChange(tx, {
      account: request.account_id,
      record: { type: 'Request', id: request.id },
      action: 'update',
      actor: { id: existing.requested_by_id, name: request['requested_by_name'] ?? '' },
      source: FEEDBACK_SOURCE,
      sourceId: null,
      changes: { satisfaction: [existing.satisfaction, request.satisfaction] },
      events: requestEvents({ request, previous: existing, changes, notes: [], names: { member: null, team: null } }),
    });
    return { request, changed: true };
  });
}

async function checkedAgainst(
  repos: Pick<Repositories, 'accounts' | 'requests'>,
  { account: accountName, requestId, answer, signature }: FeedbackClick,
  key: FeedbackLinkKey,
): Promise<CheckedFeedbackLink> {
  if (typeof accountName !== 'string' || !ACCOUNT_ID_PATTERN.test(accountName) || !isFeedbackAnswer(answer) || typeof signature !== 'string') throw notFound();
  const account = await repos.accounts.find(accountName);
  const request = account ? await repos.requests.find(account.id, requestId) : null;
  if (!request) throw notFound();
  const subject = { account: request.account_id, requestId: request.id, requestedById: request.requested_by_id, answer };
  if (!isFeedbackSignature(key, subject, signature)) throw notFound();
  return { request, answer };
}
