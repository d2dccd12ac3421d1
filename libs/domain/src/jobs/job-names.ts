/**
 * The job-queue contract between the apps that enqueue (in the transaction of
 * their change) and apps/webhook-worker, which runs the jobs.
 */
export const JOBS = {
  /** A named event (SPEC.md "Events") to deliver to the account's webhooks. */
  webhookEvent: 'webhook-event',
  /** An e-mail message. */
  sendMail: 'send-mail',
  /** SPEC.md request status: waiting_for → assigned when waiting_until is reached. */
  requestWaitingUntil: 'request-waiting-until',
} as const;

export interface WebhookEventJob {
  account_id: string;
  event: string;
  object_id: number;
  object_nodeID: string;
  person_id: number | null;
  person_nodeID: string | null;
  person_name: string;
  payload: Record<string, unknown>;
}

export interface SendMailJob {
  to: string;
  subject: string;
  text: string;
}

export interface RequestWaitingUntilJob {
  account_id: string;
  request_id: number;
}

export const waitingUntilJobKey = (requestId: number) => `${JOBS.requestWaitingUntil}:${requestId}`;
