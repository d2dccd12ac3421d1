/**
 * The webhooks and policies of claimed deliveries, kept per process and
 * checked on every claim (decision 024): the claim returns, per delivery, the
 * version of its webhook as PostgreSQL saw it in that statement (the `xmin` of
 * the webhook's row and of its policy's row, which every update of either row
 * changes), and a webhook is read again only when the version kept differs.
 * So an attempt signs and sends with the webhook and policy as the claim saw
 * them (or newer), as when the claim brought all sixteen columns on every row,
 * and no notification can arrive too late: a changed key, URI or policy is
 * read by the first claim after its commit.
 */
import type { DeliveryWebhook } from '@tessera/domain';
import type { Database } from '../database.js';
import { toDeliveryWebhook, WEBHOOK_COLUMNS, webhooksWithPolicy } from './delivery-webhook.js';

/** The version of `webhooks w` with its policy `p`, as SQL; its text changes with any update of either row. */
export const WEBHOOK_VERSION = "w.xmin::text || ':' || coalesce(p.id::text || '.' || p.xmin::text, '')";

/** Webhooks kept per database handle (the cache is cleared beyond it). */
const KEPT = 10_000;

interface Kept {
  version: string;
  webhook: DeliveryWebhook;
}

const caches = new WeakMap<Database, Map<number, Kept>>();

/** The webhooks at (at least) these versions, by id; a webhook deleted meanwhile is missing. */
export async function deliveryWebhooks(db: Database, wanted: ReadonlyArray<{ id: number; version: string }>): Promise<Map<number, DeliveryWebhook>> {
  let cache = caches.get(db);
  if (cache === undefined) caches.set(db, (cache = new Map()));
  const found = new Map<number, DeliveryWebhook>();
  const stale = new Set<number>();
  for (const { id, version } of wanted) {
    const kept = cache.get(id);
    if (kept !== undefined && kept.version === version) found.set(id, kept.webhook);
    else stale.add(id);
  }
  if (stale.size === 0) return found;
  const rows: Array<Record<string, unknown>> = await webhooksWithPolicy(db)
    .whereIn('w.id', [...stale])
    .select([...WEBHOOK_COLUMNS, db.raw(`${WEBHOOK_VERSION} as webhook_version`)]);
  if (cache.size + rows.length > KEPT) cache.clear();
  for (const row of rows) {
    const webhook = toDeliveryWebhook(row);
    // Read after the claim: this version is the claim's or a newer one.
    cache.set(webhook.id, { version: row['webhook_version'] as string, webhook });
    found.set(webhook.id, webhook);
  }
  return found;
}
