/**
 * What the deliveries benchmark commits: one webhook for `request.create`
 * pointing at the sink, signed by a policy of the chosen algorithm (its key
 * made by the service's own generatePolicyKey and sealed under the run's
 * SECRET_SEALING_KEY), and `webhook-event` jobs, enqueued through the
 * persistence enqueue exactly as the events intake's transactions do.
 */
import { encodeNodeId, generatePolicyKey, loadSealingKey, queuedJob, type QueuedJob } from '@tessera/domain';
import { discardQueuedJobs, enqueueJobs, type Database } from '@tessera/persistence';
import type { DeliveryAlg } from './bench-options.js';
import { BENCH_SEALING_KEY } from './servers.js';
import { nowMs } from './webhook-sink.js';

export interface BenchWebhook {
  id: number;
  alg: DeliveryAlg;
  account: string;
  person: { id: number; name: string };
}

/**
 * A fresh webhook (and policy) for `alg`; every other webhook of the account is disabled, so each event
 * makes one delivery. The webhook events still queued by earlier benchmarks (the events intake's, a
 * few thousand) are dropped: the worker would otherwise deliver them to this webhook too, in the
 * middle of the measured ones.
 */
export async function createBenchWebhook(db: Database, account: string, alg: DeliveryAlg, sinkUrl: string): Promise<BenchWebhook> {
  const person = await db('people').where({ account_id: account }).orderBy('id').first<{ id: number; name: string }>('id', 'name');
  if (!person) throw new Error(`no person in account ${account}`);
  const key = await generatePolicyKey(alg, loadSealingKey(BENCH_SEALING_KEY, 'production'));
  const suffix = `${alg} ${Date.now().toString(36)}`;
  return db.transaction(async (tx) => {
    await discardQueuedJobs(tx, 'webhook-event');
    await tx('webhooks').where({ account_id: account }).update({ disabled: true });
    const [policy] = await tx('webhook_policies')
      .insert({ account_id: account, name: `bench ${suffix}`, jwt_alg: alg, public_key_pem: key.publicKeyPem, sealed_key: key.sealedKey })
      .returning<Array<{ id: number }>>('id');
    const [webhook] = await tx('webhooks')
      .insert({ account_id: account, name: `bench ${suffix}`, event: 'request.create', uri: 'http://placeholder.invalid/', webhook_policy_id: policy!.id })
      .returning<Array<{ id: number }>>('id');
    await tx('webhooks').where({ id: webhook!.id }).update({ uri: `${sinkUrl}/hook/${webhook!.id}` });
    return { id: webhook!.id, alg, account, person };
  });
}

/** A request.create event as the intake queues it; `objectId` tells the events of a run apart. */
export function benchEvent(webhook: BenchWebhook, objectId: number): QueuedJob {
  const { account, person } = webhook;
  return queuedJob('webhook-event', {
    account_id: account,
    event: 'request.create',
    object_id: objectId,
    object_nodeID: encodeNodeId('Request', objectId),
    person_id: person.id,
    person_nodeID: encodeNodeId('Person', person.id),
    person_name: person.name,
    payload: { audit_line_id: objectId, audit_line_nodeID: encodeNodeId('AuditLine', objectId), source: 'bench', sourceID: `bench-${objectId}`, status: 'assigned' },
  });
}

/** Commits the events of `objectIds` in one transaction; resolves with the time the commit was acknowledged. */
export async function commitEvents(db: Database, webhook: BenchWebhook, objectIds: readonly number[]): Promise<number> {
  await db.transaction((tx) => enqueueJobs(tx, objectIds.map((id) => benchEvent(webhook, id))));
  return nowMs();
}

export function range(from: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => from + i);
}

/** Deliveries of the webhook for events with object ids in [from, from + count), with the times the database recorded. */
export async function deliveriesOf(db: Database, webhookId: number, from: number, count: number) {
  const rows = await db('webhook_deliveries as d')
    .leftJoin('webhook_delivery_attempts as a', function () {
      this.on('a.delivery_id', 'd.id').andOnVal('a.attempt', 1);
    })
    .where('d.webhook_id', webhookId)
    .whereRaw("(d.message->>'object_id')::int between ? and ?", [from, from + count - 1])
    .select<Array<{ id: string; object_id: string; status: string; created_at: Date; started_at: Date | null; error: string | null }>>(
      'd.id', db.raw("d.message->>'object_id' as object_id"), 'd.status', 'd.created_at', 'a.started_at', 'a.error',
    );
  return rows.map((row) => ({ id: row.id, objectId: Number(row.object_id), status: row.status, createdAt: row.created_at.getTime(), startedAt: row.started_at?.getTime() ?? null, error: row.error }));
}
