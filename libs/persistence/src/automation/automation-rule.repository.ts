/** Automation rules' matching, owners and run log (domain automation/automation-rule.repository.ts; migrations 90, 91). */
import { TEMPLATE_OWNER, type AccountId, type AutomationRuleRepository, type Role, type RuleRun, type RuleRunView, type StoredRule, type TemplateRule } from '@tessera/domain';
import { fetchPage } from '../collections/collection.js';
import { queryOnConnection } from '../connection-query.js';
import type { Database } from '../database.js';
import { shapedStatement } from '../statement-shapes.js';
import { PERSON_COLUMNS, PERSON_JOINS, accessLookupOf, type PersonRow } from '../access/access-lookup-row.js';

/** The person a rule runs as: whoever wrote it last (audit lines are written for every create and change). */
const RUN_AS = `(select l.person_id from audit_lines l where l.record_type = 'AutomationRule' and l.record_id = r.id order by l.id desc limit 1) as run_as_id`;
const RULE_COLUMNS = ['r.id', 'r.name', 'r.trigger', 'r.expressions', 'r.condition', 'r.actions', 'r.generic', 'r.owner_type', 'r.owner_id', 'r.disabled'];

const PRUNE_EVERY = 50;

const RUN_COLUMNS: Readonly<Record<string, string>> = {
  id: 'id', at: 'at', record_type: 'record_type', record_id: 'record_id', matched: 'matched', error: 'error', depth: 'depth',
};

/*
 * Every rule run pays the statements below (the matching rules, its owner, the budget, the run log), so
 * each is a named prepared statement: planned once per connection, not at every job (pg_stat_statements
 * in the automation bench had their planning at about as much as their execution), and built once.
 */

/** The enabled rules generic for the type or owned by the record; each side on its partial index (migration 90). */
const matchingStatement = shapedStatement<{ account: AccountId; noun: string; recordId: number }>((db, v) =>
  db('automation_rules as r').select(...RULE_COLUMNS, db.raw(RUN_AS))
    .where({ 'r.account_id': v.account, 'r.disabled': false })
    .andWhere((q) => q.where('r.generic', v.noun).orWhere((owned) => owned.where({ 'r.owner_type': v.noun, 'r.owner_id': v.recordId })))
    .orderByRaw('r.position asc nulls last, r.id asc'));

const ACTED_IN_LAST_MINUTE = {
  name: 'tessera_automation_acted_last_minute',
  text: `select count(*)::int as n from automation_rule_runs where account_id = $1 and matched and at > now() - interval '1 minute'`,
};

const PERSON_ACCESS = {
  name: 'tessera_automation_person_access',
  text: `select ${PERSON_COLUMNS} from people p ${PERSON_JOINS.replace('?', '$1')} where p.id = $2`,
};

/** Any number of runs in one statement of one shape: a column of values each. */
const INSERT_RUNS = `insert into automation_rule_runs (account_id, rule_id, record_type, record_id, matched, actions, error, depth, job_id)
  select $1, run.rule_id, run.record_type, run.record_id, run.matched, run.actions::jsonb, run.error, run.depth, run.job_id
    from unnest($2::int[], $3::text[], $4::int[], $5::bool[], $6::text[], $7::text[], $8::int[], $9::bigint[])
      as run(rule_id, record_type, record_id, matched, actions, error, depth, job_id)`;
/** A run an earlier attempt of the job logged already (it ended after logging) is not logged twice. */
const LOG_RUNS = { name: 'tessera_automation_log_runs', text: `${INSERT_RUNS} on conflict (rule_id, job_id) do nothing` };
/** No conflict handling: a second acted run of the rule in the job fails, and its actions roll back with it. */
const LOG_ACTED = { name: 'tessera_automation_log_acted', text: INSERT_RUNS };

const FAILED = {
  name: 'tessera_automation_failed',
  text: `update automation_rules r set last_error = f.error, last_error_at = now()
           from unnest($2::int[], $3::text[]) as f(id, error) where r.account_id = $1 and r.id = f.id`,
};

function runColumns(account: string, runs: readonly RuleRun[]): unknown[] {
  return [
    account, runs.map((run) => run.ruleId), runs.map((run) => run.recordType), runs.map((run) => run.recordId), runs.map((run) => run.matched),
    runs.map((run) => JSON.stringify(run.actions)), runs.map((run) => run.error), runs.map((run) => run.depth), runs.map((run) => run.jobId),
  ];
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
    matching: (account, noun, recordId) => matchingStatement.rows<StoredRule>(db, 'matching', { account, noun, recordId }),
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
      const { rows } = await queryOnConnection<{ n: number }>(db, { ...ACTED_IN_LAST_MINUTE, values: [account] });
      return rows[0]?.n ?? 0;
    },
    async logRuns(account, runs, keep) {
      if (runs.length === 0) return;
      await queryOnConnection(db, { ...LOG_RUNS, values: runColumns(account, runs) });
      await prune(db, runs, keep);
    },
    async logActed(account, run, keep) {
      await queryOnConnection(db, { ...LOG_ACTED, values: runColumns(account, [run]) });
      await prune(db, [run], keep);
    },
    async ranInJob(account, ruleIds, jobId) {
      if (ruleIds.length === 0) return new Set();
      // On the unique (rule_id, job_id) index: one probe per rule, in one statement.
      const ids = await db('automation_rule_runs').where({ account_id: account, job_id: jobId }).whereIn('rule_id', ruleIds).pluck('rule_id');
      return new Set(ids.map(Number));
    },
    async failed(account, failures) {
      await queryOnConnection(db, { ...FAILED, values: [account, failures.map((f) => f.ruleId), failures.map((f) => f.error)] });
    },
    async runsPage(account, ruleId, query) {
      return fetchPage<RuleRunView>(db('automation_rule_runs').where({ account_id: account, rule_id: ruleId }).select('id', 'at', 'record_type', 'record_id', 'matched', 'actions', 'error', 'depth'), query, RUN_COLUMNS);
    },
    async webhookNamed(account, name) {
      return ((await db('webhooks').where({ account_id: account, name }).orderBy('id').first('id', 'event')) as { id: number; event: string } | undefined) ?? null;
    },
    async personAccess(account, personId) {
      const { rows } = await queryOnConnection<PersonRow>(db, { ...PERSON_ACCESS, values: [account, personId] });
      const row = rows[0];
      if (!row) return null;
      const lookup = accessLookupOf(row, { kind: 'personal_access_token', tokenId: 0, scopes: [], expiresAt: null, revokedAt: null, lastUsedAt: null });
      return { person: lookup.grant.person, personAccount: lookup.personAccount, account: lookup.account, roles: lookup.roles as Role[] };
    },
  };
}
