/** Automation rules' matching, owners and run log (domain automation/automation-rule.repository.ts; migrations 90, 91). */
import { TEMPLATE_OWNER, type AutomationRuleRepository, type Role, type RuleRun, type RuleRunView, type StoredRule, type TemplateRule } from '@tessera/domain';
import { fetchPage } from '../collections/collection.js';
import type { Database } from '../database.js';
import { PERSON_COLUMNS, PERSON_JOINS, accessLookupOf, type PersonRow } from '../access/access-lookup-row.js';

/** The person a rule runs as: whoever wrote it last (audit lines are written for every create and change). */
const RUN_AS = `(select l.person_id from audit_lines l where l.record_type = 'AutomationRule' and l.record_id = r.id order by l.id desc limit 1) as run_as_id`;
const RULE_COLUMNS = ['r.id', 'r.name', 'r.trigger', 'r.expressions', 'r.condition', 'r.actions', 'r.generic', 'r.owner_type', 'r.owner_id', 'r.disabled'];

const PRUNE_EVERY = 50;

const RUN_COLUMNS: Readonly<Record<string, string>> = {
  id: 'id', at: 'at', record_type: 'record_type', record_id: 'record_id', matched: 'matched', error: 'error', depth: 'depth',
};

function runRow(account: string, run: RuleRun) {
  return {
    account_id: account, rule_id: run.ruleId, record_type: run.recordType, record_id: run.recordId, matched: run.matched,
    actions: JSON.stringify(run.actions), error: run.error, depth: run.depth, job_id: run.jobId,
  };
}

/**
 * A rule's log is cut back to its newest `keep` about once every PRUNE_EVERY runs it logs: each run pays
 * a share of one delete instead of a delete of its own, and a log holds at most about `keep` + PRUNE_EVERY.
 */
async function prune(db: Database, runs: readonly RuleRun[], keep: number): Promise<void> {
  for (const ruleId of new Set(runs.map((run) => run.ruleId))) {
    if (Math.random() * PRUNE_EVERY >= 1) continue;
    await db.raw(
      `delete from automation_rule_runs where rule_id = ? and id <= (select id from automation_rule_runs where rule_id = ? order by id desc offset ? limit 1)`,
      [ruleId, ruleId, keep],
    );
  }
}

export function automationRuleRepository(db: Database): AutomationRuleRepository {
  const rules = () => db('automation_rules as r').select(...RULE_COLUMNS, db.raw(RUN_AS));
  return {
    async matching(account, noun, recordId) {
      // Each side on its partial index (migration 90).
      return (await rules()
        .where({ 'r.account_id': account, 'r.disabled': false })
        .andWhere((q) => q.where('r.generic', noun).orWhere((owned) => owned.where({ 'r.owner_type': noun, 'r.owner_id': recordId })))
        .orderByRaw('r.position asc nulls last, r.id asc')) as StoredRule[];
    },
    async find(account, id) {
      return ((await rules().where({ 'r.account_id': account, 'r.id': id }).first()) as StoredRule | undefined) ?? null;
    },
    async named(account, name, record) {
      // `is true`: a rule of neither kind compares as null, which would sort first.
      const forRecord = '(r.generic = ? or (r.owner_type = ? and r.owner_id = ?)) is true desc, r.id';
      return ((await rules().where({ 'r.account_id': account, 'r.name': name }).orderByRaw(forRecord, [record.noun, record.noun, record.id]).first()) as StoredRule | undefined) ?? null;
    },
    async ofTemplate(account, templateId, limit) {
      // Its writer: the person of its last audit line, as RUN_AS reads it.
      const { rows } = await db.raw<{ rows: Array<Omit<TemplateRule, 'writer'> & { writer_id: number | null; writer_name: string | null }> }>(
        `select r.name, r.trigger, r.expressions, r.condition, r.actions, r.description, r.disabled, r.position, p.id as writer_id, p.name as writer_name
           from automation_rules r
           left join lateral (select l.person_id from audit_lines l where l.record_type = 'AutomationRule' and l.record_id = r.id order by l.id desc limit 1) w on true
           left join people p on p.id = w.person_id
          where r.account_id = ? and r.owner_type = ? and r.owner_id = ?
          order by r.position asc nulls last, r.id asc
          limit ?`,
        [account, TEMPLATE_OWNER, templateId, limit],
      );
      return rows.map(({ writer_id, writer_name, ...rule }) => ({ ...rule, writer: writer_id === null ? null : { id: writer_id, name: writer_name! } }));
    },
    async actedInLastMinute(account) {
      const row = await db('automation_rule_runs').where({ account_id: account, matched: true }).andWhereRaw(`at > now() - interval '1 minute'`).count({ n: '*' }).first();
      return Number(row?.['n'] ?? 0);
    },
    async logRuns(account, runs, keep) {
      if (runs.length === 0) return;
      // A run an earlier attempt of the job logged already (it ended after logging) is not logged twice.
      await db('automation_rule_runs').insert(runs.map((run) => runRow(account, run))).onConflict(['rule_id', 'job_id']).ignore();
      await prune(db, runs, keep);
    },
    async logActed(account, run, keep) {
      // No conflict handling: a second acted run of the rule in the job fails, and its actions roll back with it.
      await db('automation_rule_runs').insert(runRow(account, run));
      await prune(db, [run], keep);
    },
    async ranInJob(account, ruleIds, jobId) {
      if (ruleIds.length === 0) return new Set();
      // On the unique (rule_id, job_id) index: one probe per rule, in one statement.
      const ids = await db('automation_rule_runs').where({ account_id: account, job_id: jobId }).whereIn('rule_id', ruleIds).pluck('rule_id');
      return new Set(ids.map(Number));
    },
    async failed(account, ruleId, error) {
      await db('automation_rules').where({ account_id: account, id: ruleId }).update({ last_error: error, last_error_at: db.fn.now() });
    },
    async runsPage(account, ruleId, query) {
      return fetchPage<RuleRunView>(db('automation_rule_runs').where({ account_id: account, rule_id: ruleId }).select('id', 'at', 'record_type', 'record_id', 'matched', 'actions', 'error', 'depth'), query, RUN_COLUMNS);
    },
    async webhookNamed(account, name) {
      return ((await db('webhooks').where({ account_id: account, name }).orderBy('id').first('id', 'event')) as { id: number; event: string } | undefined) ?? null;
    },
    async personAccess(account, personId) {
      const { rows } = await db.raw<{ rows: PersonRow[] }>(`select ${PERSON_COLUMNS} from people p ${PERSON_JOINS} where p.id = ?`, [account, personId]);
      const row = rows[0];
      if (!row) return null;
      const lookup = accessLookupOf(row, { kind: 'personal_access_token', tokenId: 0, scopes: [], expiresAt: null, revokedAt: null, lastUsedAt: null });
      return { person: lookup.grant.person, personAccount: lookup.personAccount, account: lookup.account, roles: lookup.roles as Role[] };
    },
  };
}
