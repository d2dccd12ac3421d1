import type { QueuedJob } from '../jobs/job-contract.js';
import { trustedAccountId } from '../tenancy/account-id.js';
import type { NewAuditLine } from '../ports/outbox.js';
import type { RecordRow } from '../record-engine/record-store.repository.js';
import type { TemplateRule } from './automation-rule.repository.js';
import { copyTemplateRules, type TemplateRulePorts } from './template-rules.js';

/** The ports copyTemplateRules writes through, keeping what it wrote. */
function ports(rules: TemplateRule[]) {
  const asked: Array<[string, number, number]> = [];
  const inserted: RecordRow[] = [];
  const audit: NewAuditLine[] = [];
  const jobs: QueuedJob[] = [];
  const tx = {
    automationRules: { ofTemplate: async (account: string, template: number, limit: number) => (asked.push([account, template, limit]), rules) },
    records: { insert: async (_def: unknown, _account: string, row: RecordRow) => (inserted.push(row), 100 + inserted.length) },
    auditLines: { insert: async (_account: string, line: NewAuditLine) => (audit.push(line), audit.length) },
    jobs: { enqueue: async (queued: readonly QueuedJob[]) => void jobs.push(...queued) },
  } as unknown as TemplateRulePorts;
  return { tx, asked, inserted, audit, jobs };
}

const ALICE = { id: 7, name: 'Alice Admin' };
const WDC = trustedAccountId('wdc');
const greet: TemplateRule = {
  name: 'Greet', trigger: 'on create', expressions: 'who: record.subject', condition: 'true', actions: "tell: update request add note 'Hi'",
  description: 'Greets', disabled: false, position: 2, writer: ALICE,
};

describe('copying a request template’s rules onto a request created from it (template-rules.ts)', () => {
  it('copies each rule, at most the bound of one record, onto the request, each audited as a create by the rule’s writer, firing nothing', async () => {
    const { tx, asked, inserted, audit, jobs } = ports([greet, { ...greet, name: 'Quiet', disabled: true, position: null, writer: null }]);
    await copyTemplateRules(tx, { account_id: WDC, id: 42, template_id: 3 });
    expect(asked).toEqual([['wdc', 3, 100]]);
    const { writer: _writer, ...copied } = greet;
    expect(inserted).toEqual([
      { ...copied, generic: null, owner_type: 'request', owner_id: 42, last_error: null, last_error_at: null },
      { ...copied, name: 'Quiet', disabled: true, position: null, generic: null, owner_type: 'request', owner_id: 42, last_error: null, last_error_at: null },
    ]);
    expect(audit.map((line) => [line.recordType, line.recordId, line.action, line.personId])).toEqual([['AutomationRule', 101, 'create', 7], ['AutomationRule', 102, 'create', null]]);
    expect(audit[0]!.changes).toEqual(inserted[0]);
    expect(jobs).toEqual([]);
  });

  it('reads nothing for a request made without a template', async () => {
    const { tx, asked, inserted } = ports([greet]);
    await copyTemplateRules(tx, { account_id: WDC, id: 42, template_id: null });
    expect([asked, inserted]).toEqual([[], []]);
  });
});
