/**
 * Webhooks, policies and events for the delivery tests, made the way the
 * service makes them: events through the submitEvent use case (the events
 * intake), policy keys by generatePolicyKey. Webhook rows are inserted
 * directly: their REST API is another part's (its own tests).
 */
import {
  generatePolicyKey, loadSealingKey, authenticateCall, submitEvent, type AccessContext, type DeliveryAttemptRecord, type EventInput, type JwtAlg,
  type WebhookDeliveryRecord,
} from '@tessera/domain';
import { createAccessRepository, createUnitOfWork, type DemoSeedResult } from '@tessera/persistence';
import { deliveryRows, type TestDatabase } from '@tessera/persistence/testing';

/** The key the harness's worker opens policy keys with (no SECRET_SEALING_KEY outside production). */
export const SEALING_KEY = loadSealingKey(undefined, 'test');

export interface WebhookRow {
  name?: string;
  event?: string;
  uri: string;
  disabled?: boolean;
  mail_exceptions_to?: string | null;
  webhook_policy_id?: number | null;
}

export async function insertWebhook(test: TestDatabase, row: WebhookRow, account = 'wdc'): Promise<number> {
  const event = row.event ?? 'request.create';
  const [inserted] = await test.db('webhooks').insert({ account_id: account, name: row.name ?? event, event, ...row }).returning('id');
  return inserted.id as number;
}

/** A webhook whose uri is `<sink>/hook/<its id>`, so each test finds its own messages. */
export async function sinkWebhook(test: TestDatabase, sink: { url: string }, row: Omit<WebhookRow, 'uri'> = {}, host?: string): Promise<number> {
  const id = await insertWebhook(test, { ...row, uri: 'http://placeholder.invalid/' });
  const base = host ? sink.url.replace('127.0.0.1', host) : sink.url;
  await test.db('webhooks').where({ id }).update({ uri: `${base}/hook/${id}` });
  return id;
}

export async function insertPolicy(test: TestDatabase, alg: JwtAlg, options: { audience?: string; disabled?: boolean } = {}, account = 'wdc') {
  const key = await generatePolicyKey(alg, SEALING_KEY);
  const [row] = await test.db('webhook_policies')
    .insert({
      account_id: account, name: `${alg} policy ${Math.random().toString(36).slice(2, 8)}`, jwt_alg: alg, jwt_audience: options.audience ?? null,
      disabled: options.disabled ?? false, public_key_pem: key.publicKeyPem, sealed_key: key.sealedKey,
    })
    .returning('id');
  return { id: row.id as number, publicKeyPem: key.publicKeyPem, secret: key.secret };
}

export async function adminAccess(test: TestDatabase, demo: DemoSeedResult): Promise<AccessContext> {
  return authenticateCall({ authorization: `Bearer ${demo.admin.token}`, account: demo.account }, createAccessRepository(test.db));
}

/** POST /v1/events, as the use case behind it: creates (or updates) a request and queues its events. */
export async function submitTestEvent(test: TestDatabase, access: AccessContext, input: EventInput): Promise<number> {
  const outcome = await submitEvent(input, { access, now: new Date() }, createUnitOfWork(test.db));
  return outcome.request.id;
}

export async function deliveriesOf(test: TestDatabase, webhookId: number): Promise<WebhookDeliveryRecord[]> {
  return deliveryRows(test.db).where({ webhook_id: webhookId }).orderBy('created_at');
}

export async function attemptsOf(test: TestDatabase, deliveryId: string): Promise<DeliveryAttemptRecord[]> {
  return test.db('webhook_delivery_attempts').where({ delivery_id: deliveryId }).orderBy('attempt');
}

export async function webhookRow(test: TestDatabase, id: number) {
  return test.db('webhooks').where({ id }).first();
}

/** A header as a mail client shows it: RFC 2047 encoded words (`=?UTF-8?Q?...?=`) decoded. */
export function decodeHeader(value: string | undefined): string {
  return (value ?? '')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}
