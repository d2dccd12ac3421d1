/**
 * What the deliveries benchmark commits: webhooks pointing at the sink, signed
 * by a policy of the chosen algorithm (its key made by the service's own
 * generatePolicyKey and sealed under the run's SECRET_SEALING_KEY), and
 * `webhook-event` jobs, enqueued through the persistence enqueue exactly as the
 * events intake's transactions do.
 *
 * Each part of the run has an event of its own, so the parts never fan out to
 * each other's webhooks: throughput on request.create, commit-to-arrival on
 * request.update, the failing webhooks of the mail runs on request.note-added.
 */
import { encodeNodeId, generatePolicyKey, isJwtAlg, JWT_ALGS, loadSealingKey, queuedJob, type QueuedJob } from '@tessera/domain';
import { DELIVERY_LOG, enqueueJobs, type Database } from '@tessera/persistence';
import type { DeliveryAlg } from './bench-options.js';
import { BENCH_SEALING_KEY } from './servers.js';
import { nowMs } from './webhook-sink.js';

export type BenchEventName = 'request.create' | 'request.update' | 'request.note-added';

/** Whose events are committed and which webhooks they fan out to. */
export interface EventTarget {
  account: string;
  person: { id: number; name: string };
  event: BenchEventName;
}

export interface BenchWebhooks extends EventTarget {
  ids: number[];
  alg: DeliveryAlg;
}

export type BenchPolicy = { id: number; alg: DeliveryAlg } | { skipped: string };

/** A policy of `alg`, or why the policy table does not take that algorithm yet (ed25519 before it lands). */
export async function createBenchPolicy(db: Database, account: string, alg: DeliveryAlg): Promise<BenchPolicy> {
  if (!isJwtAlg(alg)) return { skipped: `jwt_alg '${alg}' is not a policy algorithm yet (the domain's JWT_ALGS: ${JWT_ALGS.join(', ')})` };
  const key = await generatePolicyKey(alg, loadSealingKey(BENCH_SEALING_KEY, 'production'));
  try {
    const [policy] = await db('webhook_policies')
      .insert({ account_id: account, name: `bench ${alg} ${Date.now().toString(36)}`, jwt_alg: alg, public_key_pem: key.publicKeyPem, sealed_key: key.sealedKey })
      .returning<Array<{ id: number }>>('id');
    return { id: policy!.id, alg };
  } catch (error) {
    // 23514: the table's jwt_alg check refuses the algorithm.
    if ((error as { code?: string }).code === '23514') return { skipped: `the webhook_policies table does not accept jwt_alg '${alg}' yet` };
    throw error;
  }
}

export async function benchPerson(db: Database, account: string): Promise<{ id: number; name: string }> {
  const person = await db('people').where({ account_id: account }).orderBy('id').first<{ id: number; name: string }>('id', 'name');
  if (!person) throw new Error(`no person in account ${account}`);
  return person;
}

export interface WebhookSetSpec extends EventTarget {
  policy: { id: number; alg: DeliveryAlg };
  count: number;
  /** The sink path of a webhook: /hook/<id>, or /fail/<id> for one that should fail. */
  path: 'hook' | 'fail';
  /** mail_exceptions_to: who the failure e-mails go to. */
  mailTo?: string;
}

/**
 * `count` fresh webhooks for the event; the account's earlier webhooks for it are deleted first, with
 * their deliveries. Disabled, they would still get a paused delivery per event (issue 19: a disabled
 * webhook's events are kept), so each later run would insert a set's worth of rows more per event
 * than the one before it, and two workers, measured after one, would insert the most.
 */
export async function createWebhookSet(db: Database, sinkUrl: string, spec: WebhookSetSpec): Promise<BenchWebhooks> {
  const { account, person, event, policy } = spec;
  return db.transaction(async (tx) => {
    await tx('webhooks').where({ account_id: account, event }).del();
    const ids: number[] = [];
    for (let i = 0; i < spec.count; i++) {
      const [webhook] = await tx('webhooks')
        .insert({ account_id: account, name: `bench ${event} ${policy.alg} ${i} ${Date.now().toString(36)}`, event, uri: 'http://placeholder.invalid/', webhook_policy_id: policy.id, mail_exceptions_to: spec.mailTo ?? null })
        .returning<Array<{ id: number }>>('id');
      await tx('webhooks').where({ id: webhook!.id }).update({ uri: `${sinkUrl}/${spec.path}/${webhook!.id}` });
      ids.push(webhook!.id);
    }
    return { ids, alg: policy.alg, account, person, event };
  });
}

/** An event as the intake queues it; `objectId` tells the events of a run apart. */
export function benchEvent(target: EventTarget, objectId: number): QueuedJob {
  const { account, person, event } = target;
  return queuedJob('webhook-event', {
    account_id: account,
    event,
    object_id: objectId,
    object_nodeID: encodeNodeId('Request', objectId),
    person_id: person.id,
    person_nodeID: encodeNodeId('Person', person.id),
    person_name: person.name,
    payload: { audit_line_id: objectId, audit_line_nodeID: encodeNodeId('AuditLine', objectId), source: 'bench', sourceID: `bench-${objectId}`, status: 'assigned' },
  });
}

/** Commits the events of `objectIds` in one transaction; resolves with the time the commit was acknowledged. */
export async function commitEvents(db: Database, target: EventTarget, objectIds: readonly number[]): Promise<number> {
  await db.transaction((tx) => enqueueJobs(tx, objectIds.map((id) => benchEvent(target, id))));
  return nowMs();
}

export function range(from: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => from + i);
}

export interface RecordedDelivery {
  id: string;
  objectId: number;
  status: string;
  createdAt: number;
  /** When the first attempt started, by the worker's clock; null before it was recorded. */
  startedAt: number | null;
  error: string | null;
}

/** Deliveries of the webhooks for events with object ids in [from, from + count), with the times the database recorded. */
export async function deliveriesOf(db: Database, webhookIds: readonly number[], from: number, count: number): Promise<RecordedDelivery[]> {
  // The log as the API shows it: a delivery ended by the outcome batch keeps a pending log row (decision 060).
  const rows = await db.from(db.raw(`${DELIVERY_LOG} as d`))
    .leftJoin('webhook_delivery_attempts as a', function () {
      this.on('a.delivery_id', 'd.id').andOnVal('a.attempt', 1);
    })
    .whereIn('d.webhook_id', webhookIds)
    .whereRaw("(coalesce(d.message, d.message_head)->>'object_id')::int between ? and ?", [from, from + count - 1])
    .select<Array<{ id: string; object_id: string; status: string; created_at: Date; started_at: Date | null; error: string | null }>>(
      'd.id', db.raw("coalesce(d.message, d.message_head)->>'object_id' as object_id"), 'd.status', 'd.created_at', 'a.started_at', 'a.error',
    );
  return rows.map((row) => ({ id: row.id, objectId: Number(row.object_id), status: row.status, createdAt: row.created_at.getTime(), startedAt: row.started_at?.getTime() ?? null, error: row.error }));
}
