/**
 * The webhook as a delivery needs it, with the signing columns of its policy (decision 016):
 * its current key and the keys rolled out of it (decision 026), which sit on the policy's own
 * row, so signing with several keys costs no query beyond the policy join.
 */
import type { DeliveryWebhook, RetiringSigningKey } from '@tessera/domain';
import type { Knex } from 'knex';
import type { Database } from '../database.js';
import { parseRetiringKeys } from '../webhook-policies/policy-keys.js';

export const WEBHOOK_COLUMNS = [
  'w.id', 'w.account_id', 'w.name', 'w.event', 'w.uri', 'w.disabled', 'w.ordered', 'w.mail_exceptions_to',
  'p.id as policy_id', 'p.name as policy_name', 'p.disabled as policy_disabled', 'p.jwt_alg as policy_jwt_alg',
  'p.jwt_audience as policy_jwt_audience', 'p.jwt_claim_expires_in as policy_jwt_claim_expires_in', 'p.sealed_key as policy_sealed_key',
  'p.key_id as policy_key_id', 'p.retiring_keys as policy_retiring_keys',
];

/** `webhooks as w` with its policy `p` (same account: the foreign key says so too). */
export function webhooksWithPolicy(db: Database, from: Knex.QueryBuilder = db('webhooks as w')): Knex.QueryBuilder {
  return from.leftJoin('webhook_policies as p', (on) => on.on('p.id', 'w.webhook_policy_id').andOn('p.account_id', 'w.account_id'));
}

export function toDeliveryWebhook(row: Record<string, unknown>, prefix = ''): DeliveryWebhook {
  const at = (column: string) => row[`${prefix}${column}`];
  return {
    id: at('id') as number,
    account_id: at('account_id') as DeliveryWebhook['account_id'],
    name: at('name') as string,
    event: at('event') as DeliveryWebhook['event'],
    uri: at('uri') as string,
    disabled: at('disabled') as boolean,
    ordered: at('ordered') === true,
    mail_exceptions_to: (at('mail_exceptions_to') as string | null) ?? null,
    policy:
      row['policy_id'] == null
        ? null
        : {
            id: row['policy_id'] as number,
            name: row['policy_name'] as string,
            disabled: row['policy_disabled'] as boolean,
            jwtAlg: row['policy_jwt_alg'] as NonNullable<DeliveryWebhook['policy']>['jwtAlg'],
            jwtAudience: (row['policy_jwt_audience'] as string | null) ?? null,
            jwtClaimExpiresIn: (row['policy_jwt_claim_expires_in'] as number | null) ?? null,
            sealedKey: (row['policy_sealed_key'] as string | null) ?? null,
            keyId: (row['policy_key_id'] as string | null) ?? null,
            retiringKeys: parseRetiringKeys(row['policy_retiring_keys']).map(
              (key): RetiringSigningKey => ({ keyId: key.key_id, jwtAlg: key.jwt_alg, sealedKey: key.sealed_key, retiresAt: key.retires_at }),
            ),
          },
  };
}
