import type { SupportAgreementRepository } from '@tessera/domain';
import type { Database } from '../database.js';
import { prepared } from '../prepared.js';

/** First line support agreements of a support domain, with their service desk team of that same account. */
export function supportAgreementRepository(db: Database): SupportAgreementRepository {
  return {
    async serviceDeskTeamFor(supportDomain, customerAccountId) {
      const row = await prepared(db('first_line_support_agreements as f')
        .join('teams as t', (j) => j.on('t.id', 'f.service_desk_team_id').andOn('t.account_id', 'f.account_id'))
        .where({ 'f.account_id': supportDomain, 'f.customer_account_id': customerAccountId })
        .first('t.id'));
      return row?.id ?? null;
    },
  };
}
