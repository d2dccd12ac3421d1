/** What the webhook and attachment specs share: SQL set-ups the API cannot make, and reads of what it stored. */
import type { ApiHarness } from './api-harness.js';

/** A webhook policy row, as the policies API would store it (that API is tested on its own). */
export async function insertPolicy(h: ApiHarness, account: string, name: string): Promise<number> {
  const [row] = await h.test.db('webhook_policies').insert({ account_id: account, name, jwt_alg: 'none' }).returning('id');
  return row.id;
}

/** A webhook of the directory account `widget`, which the demo admin of `wdc` may not see. */
export async function foreignWebhook(h: ApiHarness): Promise<number> {
  const [row] = await h.test.db('webhooks')
    .insert({ account_id: 'widget', name: 'Foreign hook', event: 'request.create', uri: 'https://foreign.example/hook' })
    .returning('id');
  return row.id;
}

export async function storedWebhook(h: ApiHarness, id: number): Promise<Record<string, unknown> | undefined> {
  return h.test.db('webhooks').where({ id }).first();
}

export async function webhookCount(h: ApiHarness): Promise<number> {
  const row = await h.test.db('webhooks').count({ n: '*' }).first();
  return Number(row?.['n']);
}
