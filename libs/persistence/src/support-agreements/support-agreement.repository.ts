import type { SupportAgreementRepository } from '@tessera/domain';
import type { Database } from '../database.js';
import { shapedStatement } from '../statement-shapes.js';

/** First line support agreements of a support domain, with their service desk team of that same account. */
const serviceDeskTeam = shapedStatement<{ supportDomain: string; customer: string }>((db, v) =>
  db('first_line_support_agreements as f')
    .join('teams as t', (j) => j.on('t.id', 'f.service_desk_team_id').andOn('t.account_id', 'f.account_id'))
    .where({ 'f.account_id': v.supportDomain, 'f.customer_account_id': v.customer })
    .limit(1)
    .select('t.id'));

export function supportAgreementRepository(db: Database): SupportAgreementRepository {
  return {
    async serviceDeskTeamFor(supportDomain, customerAccountId) {
      const [row] = await serviceDeskTeam.rows<{ id: number }>(db, 'find', { supportDomain, customer: customerAccountId });
      return row?.id ?? null;
    },
  };
}
