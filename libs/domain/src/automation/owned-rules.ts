/**
 * The rules one record owns (`GET /v1/<path>/:id/automation_rules`, ../shared/RECORDS.md §1's
 * sub-collections; docs/decisions/058): a link list of a record of any type rules exist for,
 * requests included, read with the rules' collection conventions. The record is read first, as
 * its caller reads it: one of another account, or one they may not read, is not found. Then the
 * rules as the collection reads them: administrators only (the rules' `readers`), so anyone else
 * lists none.
 */
import type { CollectionQuery, Page } from '../collections/collection-query.js';
import type { AccessContext } from '../identity/access-context.js';
import type { Repositories } from '../ports/unit-of-work.js';
import { getRecord, listRecords } from '../record-engine/record-reads.js';
import type { RecordView } from '../record-engine/record-store.repository.js';
import { getRequest } from '../requests/read-requests.js';
import { assertAllowed } from '../scopes/evaluate-scopes.js';
import { AUTOMATION_RULE } from './automation-rule.record.js';
import { RULE_SUBJECTS, type RuleNoun } from './rule-subjects.js';

export async function listOwnedRules(noun: RuleNoun, access: AccessContext, id: number, query: CollectionQuery, repos: Pick<Repositories, 'records' | 'requests' | 'notes'>): Promise<Page<RecordView>> {
  assertAllowed(access, AUTOMATION_RULE.noun, 'Read');
  const { def } = RULE_SUBJECTS[noun];
  if (def) await getRecord(def, access, id, repos);
  else await getRequest(access, id, repos);
  const owned = [{ field: 'owner_type', operator: 'in' as const, values: [noun] }, { field: 'owner_id', operator: 'in' as const, values: [id] }];
  return listRecords(AUTOMATION_RULE, access, { ...query, filters: [...query.filters, ...owned] }, repos);
}
