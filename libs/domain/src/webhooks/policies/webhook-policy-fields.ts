/**
 * The fields an administrator sets on a webhook policy (declared in
 * webhook-policy-declaration.ts), and their rules (REFERENCE.md "Webhooks"): `jwt_alg` required on create, one of JWT_ALGS in
 * any letter case (stored lower-case); `jwt_audience` at most 255 characters
 * (blank: none); `jwt_claim_expires_in` a whole number of minutes from 1 to
 * 525600 (a year), or null for the default. Every problem is reported at once.
 */
import type { FieldError } from '../../errors/domain-error.js';
import { assertValidInput } from '../../errors/input-problems.js';
import { isJwtAlg, JWT_ALGS, type JwtAlg } from './jwt-alg.js';
import type { RecordInput } from '../../records/record-fields.js';
import { JWT_AUDIENCE_MAX_LENGTH, JWT_CLAIM_EXPIRES_IN_MAX, type WEBHOOK_POLICY_RECORD } from './webhook-policy-declaration.js';
import type { WebhookPolicyFields } from './webhook-policy-record.js';

/** The input as the REST body types it (WEBHOOK_POLICY_RECORD): values are checked here. */
export type WebhookPolicyInput = RecordInput<typeof WEBHOOK_POLICY_RECORD.fields, 'change'>;

export type WebhookPolicyCheck = { ok: true; fields: Partial<WebhookPolicyFields> } | { ok: false; errors: FieldError[] };

/** `required`: on create, jwt_alg must be given; the other fields take their defaults. */
export function checkWebhookPolicyInput(input: WebhookPolicyInput, required: boolean): WebhookPolicyCheck {
  const errors: FieldError[] = [];
  const fields: Partial<WebhookPolicyFields> = {};
  if (input.disabled !== undefined) fields.disabled = input.disabled;

  const alg = input.jwt_alg?.trim().toLowerCase();
  if (alg === undefined || alg === '') {
    if (required || input.jwt_alg !== undefined) errors.push(['jwt_alg', "Jwt alg can't be blank"]);
  } else if (!isJwtAlg(alg)) {
    errors.push(['jwt_alg', `Jwt alg is not included in the list (${JWT_ALGS.join(', ')})`]);
  } else {
    fields.jwt_alg = alg as JwtAlg;
  }

  if (input.jwt_audience !== undefined) {
    const audience = input.jwt_audience === null || input.jwt_audience.trim() === '' ? null : input.jwt_audience;
    if (audience !== null && audience.length > JWT_AUDIENCE_MAX_LENGTH) {
      errors.push(['jwt_audience', `Jwt audience is too long (maximum is ${JWT_AUDIENCE_MAX_LENGTH} characters)`]);
    } else {
      fields.jwt_audience = audience;
    }
  }

  const expiresIn = input.jwt_claim_expires_in;
  if (expiresIn !== undefined && expiresIn !== null) {
    if (!Number.isInteger(expiresIn)) errors.push(['jwt_claim_expires_in', 'Jwt claim expires in must be a whole number of minutes']);
    else if (expiresIn < 1) errors.push(['jwt_claim_expires_in', 'Jwt claim expires in must be greater than 0']);
    else if (expiresIn > JWT_CLAIM_EXPIRES_IN_MAX) errors.push(['jwt_claim_expires_in', `Jwt claim expires in must be less than or equal to ${JWT_CLAIM_EXPIRES_IN_MAX}`]);
    else fields.jwt_claim_expires_in = expiresIn;
  } else if (expiresIn === null) {
    fields.jwt_claim_expires_in = null;
  }

  return errors.length > 0 ? { ok: false, errors } : { ok: true, fields };
}

/** The checked fields; else a 422 with every problem, those its transport found in the input included. */
export function validWebhookPolicyFields(input: WebhookPolicyInput, required: boolean): Partial<WebhookPolicyFields> {
  const checked = checkWebhookPolicyInput(input, required);
  assertValidInput(input, checked.ok ? [] : checked.errors);
  return checked.ok ? checked.fields : {};
}
