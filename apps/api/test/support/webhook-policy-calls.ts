/** Calls and reads the webhook policy specs share. */
import type { ApiHarness } from './api-harness.js';
import { call } from './integration-calls.js';

export interface PolicyRow {
  id: number;
  account_id: string;
  name: string;
  jwt_alg: string;
  public_key_pem: string | null;
  sealed_key: string | null;
}

export const createPolicy = (h: ApiHarness, body: Record<string, unknown>, token?: string) => call(h, 'post', '/v1/webhook_policies', token).send(body);

export async function policyRow(h: ApiHarness, id: number): Promise<PolicyRow | undefined> {
  return h.test.db('webhook_policies').where({ id }).first('id', 'account_id', 'name', 'jwt_alg', 'public_key_pem', 'sealed_key');
}

export async function policyCount(h: ApiHarness): Promise<number> {
  return Number((await h.test.db('webhook_policies').count({ n: '*' }).first())!['n']);
}

/** A webhook of `account` that signs with the policy, written straight into the table. */
export async function webhookUsing(h: ApiHarness, policyId: number, name: string, account = h.demo.account): Promise<number> {
  const [row] = await h.test.db('webhooks')
    .insert({ account_id: account, name, event: 'request.create', uri: 'https://receiver.example/hook', webhook_policy_id: policyId })
    .returning('id');
  return row.id;
}

/** A policy of the directory account `widget`, which the demo admin of `wdc` may not see. */
export async function foreignPolicy(h: ApiHarness): Promise<number> {
  const [row] = await h.test.db('webhook_policies').insert({ account_id: 'widget', name: `Webhook policy ${Date.now()}`, jwt_alg: 'none' }).returning('id');
  return row.id;
}
