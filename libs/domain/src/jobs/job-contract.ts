/**
 * The job-queue contract between the processes that enqueue (in the
 * transaction of their change: ARCHITECTURE.md transactional outbox) and
 * apps/webhook-worker, which runs the jobs. One schema per task, used by the
 * producer's types and the consumer's check alike: a payload is defined once,
 * and its TypeScript type is derived from it.
 */
import { z } from 'zod';
import { isEventName, type EventName } from '../events/event-catalogue.js';

const nodeId = z.string().min(1);

/** A named event (SPEC.md "Events") for the account's webhooks; body as REFERENCE.md "Webhooks". */
export const webhookEventJob = z.object({
  account_id: z.string().min(1),
  event: z.custom<EventName>((value) => typeof value === 'string' && isEventName(value), 'not an event name of the event catalogue'),
  object_id: z.number().int(),
  object_nodeID: nodeId,
  /** The person who made the change; null, with an empty name, for the service's own changes. */
  person_id: z.number().int().nullable(),
  person_nodeID: nodeId.nullable(),
  person_name: z.string(),
  payload: z.record(z.string(), z.unknown()),
  /** Only this webhook of the account, if it is subscribed to the event: an automation rule's `call webhook` (docs/decisions/053). */
  webhook_id: z.number().int().positive().optional(),
});

/**
 * Before issue 19 (decision 024), one queued attempt of one delivery. Nothing
 * queues these any more: dispatchers claim due `webhook_deliveries` rows
 * directly. The worker still takes the ones queued before an upgrade and
 * completes them without a request (the pending delivery row is what gets it sent).
 */
export const webhookDeliveryJob = z.object({
  account_id: z.string().min(1),
  delivery_id: z.string().uuid(),
});

/** An e-mail message. */
export const sendMailJob = z.object({
  to: z.string().trim().min(1),
  subject: z.string(),
  text: z.string(),
});

/** SPEC.md request status: waiting_for → assigned when waiting_until is reached. */
export const requestWaitingUntilJob = z.object({
  account_id: z.string().min(1),
  request_id: z.number().int().positive(),
});

/** A timer of a record of the engine (define-record.ts `timers`): due at the start or end of `day`, or at a moment (its ISO text), as the job was queued. */
export const recordTimerJob = z.object({
  account_id: z.string().min(1),
  noun: z.string().min(1),
  record_id: z.number().int().positive(),
  field: z.string().min(1),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}\.\d{3}Z)?$/),
});

/**
 * A change of a record automation rules may exist for (docs/decisions/053), queued by the outbox only
 * while the account has an enabled rule that could match: which rules run is decided when it runs.
 * `rule_id`: one rule only, scheduled by another's `after <delay> trigger`.
 */
export const automationRunJob = z.object({
  account_id: z.string().min(1),
  noun: z.string().min(1),
  record_id: z.number().int().positive(),
  actor_id: z.number().int().nullable(),
  source: z.string().nullable(),
  action: z.enum(['create', 'update']),
  /** The fields changed, each with its value before the change (as stored). */
  previous: z.record(z.string(), z.unknown()),
  /** The same fields (every field given, for a create) with the values the change left them with: the rules read the record as the change left it. */
  changed: z.record(z.string(), z.unknown()),
  /** The verbs the change fired (`status-changed`, `note-added`, …). */
  verbs: z.array(z.string()),
  note_id: z.number().int().nullable(),
  depth: z.number().int().min(0),
  rule_id: z.number().int().positive().optional(),
});
/** The delivery log's upkeep (decision 057): its partitions made ahead and the expired ones dropped; one job, queued again by each run. */
export const deliveryLogUpkeepJob = z.object({});

export const JOB_SCHEMAS = {
  'webhook-event': webhookEventJob,
  'webhook-delivery': webhookDeliveryJob,
  'send-mail': sendMailJob,
  'request-waiting-until': requestWaitingUntilJob,
  'record-timer': recordTimerJob,
  'automation-run': automationRunJob,
  'delivery-log-upkeep': deliveryLogUpkeepJob,
} as const;

export type JobName = keyof typeof JOB_SCHEMAS;
export type JobPayload<N extends JobName> = z.infer<(typeof JOB_SCHEMAS)[N]>;

/** The task names, for code that names them (`JOBS.sendMail`). */
export const JOBS = {
  webhookEvent: 'webhook-event',
  webhookDelivery: 'webhook-delivery',
  sendMail: 'send-mail',
  requestWaitingUntil: 'request-waiting-until',
  recordTimer: 'record-timer',
  automationRun: 'automation-run',
  deliveryLogUpkeep: 'delivery-log-upkeep',
} as const satisfies Record<string, JobName>;

export interface JobOptions {
  /** Not before this time (graphile-worker run_at); a past time runs at once. */
  runAt?: Date;
  /** A later job with the same key replaces a waiting one. */
  jobKey?: string;
  /**
   * Queued only if the account has an enabled automation rule that could match this record:
   * generic for its type or owned by it (docs/decisions/053). Tested in the statement that queues it.
   */
  onlyIfRules?: { account: string; type: string; id: number };
  /** graphile-worker flags: a runner can be told to leave jobs with some flags for now (an account's rules: rule-lane-flags.ts). */
  flags?: readonly string[];
}

/** A job to enqueue: a task name and the payload of exactly that task. */
export type QueuedJob = { [N in JobName]: { task: N; payload: JobPayload<N> } & JobOptions }[JobName];

export function queuedJob<N extends JobName>(task: N, payload: JobPayload<N>, options: JobOptions = {}): QueuedJob {
  return { task, payload, ...options } as QueuedJob;
}

export type ParsedJob<N extends JobName> = { ok: true; payload: JobPayload<N> } | { ok: false; reason: string };

/** The consumer's check of a payload read back from the queue. */
export function parseJobPayload<N extends JobName>(task: N, payload: unknown): ParsedJob<N> {
  const result = JOB_SCHEMAS[task].safeParse(payload);
  if (result.success) return { ok: true, payload: result.data as JobPayload<N> };
  return { ok: false, reason: result.error.issues.map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`).join('; ') };
}

export type WebhookEventJob = JobPayload<'webhook-event'>;
export type WebhookDeliveryJob = JobPayload<'webhook-delivery'>;
export type SendMailJob = JobPayload<'send-mail'>;
export type RequestWaitingUntilJob = JobPayload<'request-waiting-until'>;
export type RecordTimerJob = JobPayload<'record-timer'>;
export type AutomationRunJob = JobPayload<'automation-run'>;

export const waitingUntilJobKey = (requestId: number) => `${JOBS.requestWaitingUntil}:${requestId}`;

/** One job per record and timed field: a changed day replaces the waiting job. */
export const recordTimerJobKey = (noun: string, recordId: number, field: string) => `${JOBS.recordTimer}:${noun}:${recordId}:${field}`;
