import { queuedJob, webhookDeliveryJobKey, type QueuedJob } from '../../jobs/job-contract.js';
import type { AccountId } from '../../tenancy/account-id.js';

/** The one queued attempt of a delivery: its key makes a redelivery replace a waiting retry. */
export function deliveryJob(account: AccountId, deliveryId: string, runAt?: Date): QueuedJob {
  return queuedJob('webhook-delivery', { account_id: account, delivery_id: deliveryId }, { jobKey: webhookDeliveryJobKey(deliveryId), ...(runAt ? { runAt } : {}) });
}
