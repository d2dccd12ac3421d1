/**
 * PostgreSQL's refusal, by the foreign key of a webhook that references the policy
 * being deleted (webhooks (account_id, webhook_policy_id) → webhook_policies,
 * ON DELETE RESTRICT): the delete is refused, which the domain answers as a
 * conflict naming the webhooks. Any other error is not ours to interpret.
 */
// ON DELETE RESTRICT answers restrict_violation; NO ACTION (checked at the end of the statement) foreign_key_violation.
const REFUSED_BY_REFERENCE = new Set(['23001', '23503']);
const WEBHOOKS_POLICY_CONSTRAINT = 'webhooks_account_id_webhook_policy_id_foreign';

export function isPolicyInUse(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return typeof code === 'string' && REFUSED_BY_REFERENCE.has(code) && constraint === WEBHOOKS_POLICY_CONSTRAINT;
}
