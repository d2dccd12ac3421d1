/**
 * An ordered webhook's rate (issue 34 "Measured", decision 052): events committed at once to one
 * ordered webhook, sent one at a time in commit order by one worker process. Its ceiling is one
 * message per round trip (send, answer, outcome batch, claim), whatever the machine; the line says
 * how far from the commit the last arrived, and a message that arrives before an earlier one fails
 * the run.
 */
import { commitEvents, createWebhookSet, range } from './delivery-setup.js';
import { waitForRecorded, waitForSink } from './deliveries-wait.js';
import { stopAll, type DeliveriesContext } from './deliveries-context.js';
import { workerEnv } from './worker-settings.js';

export interface OrderedRun {
  count: number;
  /** First → last arrival, and commit → last arrival, in ms. */
  arrivalsMs: number;
  fromCommitMs: number;
  outOfOrder: number;
}

export async function measureOrdered(ctx: DeliveriesContext, base: number): Promise<OrderedRun> {
  const { db, sink, options, fail } = ctx;
  // The webhooks of the earlier parts on the same event would take these events too.
  await db('webhooks').where({ account_id: ctx.target.account, event: 'request.update' }).delete();
  const webhooks = await createWebhookSet(db, sink.url, { ...ctx.target, event: 'request.update', policy: ctx.policy, count: 1, path: 'hook' });
  await db('webhooks').whereIn('id', webhooks.ids).update({ ordered: true });
  const workers = await ctx.startWorkers(1, workerEnv(options.worker), `ordered-${ctx.policy.alg}`);
  try {
    await sink.reset();
    const count = options.orderedEvents;
    const committedAt = await commitEvents(db, webhooks, range(base, count));
    await waitForSink(sink, count);
    const deliveries = await waitForRecorded(db, webhooks.ids, base, count, fail);
    const arrivals = new Map((await sink.stats()).arrivals);
    const times = [...deliveries].sort((a, b) => a.objectId - b.objectId).map((d) => arrivals.get(d.id) ?? Number.NaN);
    const outOfOrder = times.filter((t, i) => i > 0 && !(t > times[i - 1]!)).length;
    fail('ordered webhook: a message arrived before an earlier one', outOfOrder);
    const last = Math.max(...times);
    return { count, arrivalsMs: last - Math.min(...times), fromCommitMs: last - committedAt, outOfOrder };
  } finally {
    await stopAll(workers);
  }
}
