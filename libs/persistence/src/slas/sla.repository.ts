import type { SlaRepository } from '@tessera/domain';
import type { Database } from '../database.js';

/** SLAs of an account's service instance: the one for the customer's account, else the one without a customer. */
export function slaRepository(db: Database): SlaRepository {
  return {
    async targetsFor(account, serviceInstanceId, customerAccountId) {
      const row = await db('slas')
        .where({ account_id: account, service_instance_id: serviceInstanceId })
        .andWhere((q) => q.where({ customer_account_id: customerAccountId }).orWhereNull('customer_account_id'))
        .orderByRaw('customer_account_id is null, id')
        .first('response_target_minutes', 'resolution_target_minutes');
      return row ? { responseMinutes: row.response_target_minutes, resolutionMinutes: row.resolution_target_minutes } : null;
    },
  };
}
