/**
 * SPEC.md "Request": `feedback.requested_by.satisfied_url` and
 * `dissatisfied_url`, the links a requester clicks in an e-mail, signed in
 * nobody. Each carries what it is for (account, request, answer) and an
 * HMAC-SHA256 over that and the requested_by person, under a key derived from
 * SECRET_SEALING_KEY for this purpose alone (no new setting to configure):
 * - a link opens only the request, account and answer it was made for;
 * - a link made before the request's requested_by changed no longer opens;
 * - a new sealing key retires every link made under the old one.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey, type SealingKey } from '../webhooks/policies/sealing-key.js';
import type { RequestRecord } from './request-record.js';

/** What `satisfaction` becomes when the requested_by person clicks a link, spelled as REST shows it. */
export const FEEDBACK_ANSWERS = ['satisfied', 'dissatisfied'] as const;
export type FeedbackAnswer = (typeof FEEDBACK_ANSWERS)[number];

export function isFeedbackAnswer(value: unknown): value is FeedbackAnswer {
  return (FEEDBACK_ANSWERS as readonly unknown[]).includes(value);
}

/** The signing key of feedback links; its bytes stay in the closure, out of any log line. */
export interface FeedbackLinkKey {
  sign(message: string): string;
  toJSON(): string;
}

export function feedbackLinkKey(sealingKey: SealingKey): FeedbackLinkKey {
  const bytes = deriveKey(sealingKey, 'request-feedback');
  return {
    sign: (message) => createHmac('sha256', bytes).update(message).digest('base64url'),
    toJSON: () => '[FeedbackLinkKey]',
  };
}

/** What one link is signed for. */
export interface FeedbackLinkSubject {
  account: string;
  requestId: number;
  requestedById: number;
  answer: FeedbackAnswer;
}

export function feedbackSignature(key: FeedbackLinkKey, subject: FeedbackLinkSubject): string {
  // A JSON array: no choice of separator can make two subjects sign the same text.
  return key.sign(JSON.stringify(['request-feedback/v1', subject.account, subject.requestId, subject.requestedById, subject.answer]));
}

/** Compared in constant time, as text: a signature is accepted only as it was issued. */
export function isFeedbackSignature(key: FeedbackLinkKey, subject: FeedbackLinkSubject, signature: string): boolean {
  const expected = Buffer.from(feedbackSignature(key, subject));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface FeedbackLinks {
  satisfied_url: string;
  dissatisfied_url: string;
}

/** The two links of a request, under the public api base URL (`…/v1`). */
export function feedbackLinks(key: FeedbackLinkKey, apiUrl: string, request: Pick<RequestRecord, 'id' | 'account_id' | 'requested_by_id'>): FeedbackLinks {
  const link = (answer: FeedbackAnswer) => {
    const sig = feedbackSignature(key, { account: request.account_id, requestId: request.id, requestedById: request.requested_by_id, answer });
    const query = new URLSearchParams({ account: request.account_id, answer, sig });
    return `${apiUrl}/requests/${request.id}/feedback?${query.toString()}`;
  };
  return { satisfied_url: link('satisfied'), dissatisfied_url: link('dissatisfied') };
}
