/**
 * REFERENCE.md "Webhooks": a policy's `name` is generated and read-only. It is
 * `Webhook policy <id>`: unique because ids are, never reused after a delete,
 * and written by the insert that draws the id, so two creates at the same
 * time cannot pick one name. (Names given before were `Webhook policy <n>`
 * with n at most the policy's id: a new id is above every one of them.)
 */
export const webhookPolicyName = (id: number): string => `Webhook policy ${id}`;

/** How a message names a policy: `Webhook policy id 3 ('Webhook policy 3')`. */
export const describeWebhookPolicy = (policy: { id: number; name: string }): string => `Webhook policy id ${policy.id} ('${policy.name}')`;
