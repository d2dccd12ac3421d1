/**
 * What the runner of automation rules reads and writes beside the records it changes
 * (docs/decisions/053): the enabled rules that could match a record, the person each runs as,
 * the account's runs of the last minute, and the run log. SQL: libs/persistence automation/.
 */
import type { CollectionQuery, Page } from '../collections/collection-query.js';
import type { AccessLookup } from '../identity/access-lookup.js';
import type { AccountId } from '../tenancy/account-id.js';

/** A rule as stored, with the person it runs as: who created or last changed it (its last audit line's person). */
export interface StoredRule {
  id: number;
  name: string;
  trigger: string;
  expressions: string | null;
  condition: string;
  actions: string | null;
  generic: string | null;
  owner_type: string | null;
  owner_id: number | null;
  disabled: boolean;
  run_as_id: number | null;
}

/** A rule a request template owns (docs/decisions/058), with what a copy of it takes and who wrote it last (null: nobody the audit names). */
export interface TemplateRule {
  name: string;
  trigger: string;
  expressions: string | null;
  condition: string;
  actions: string | null;
  description: string | null;
  disabled: boolean;
  position: number | null;
  writer: { id: number; name: string } | null;
}

export interface RuleRun {
  ruleId: number;
  recordType: string;
  recordId: number;
  matched: boolean;
  /** The names of the actions done, in order. */
  actions: readonly string[];
  error: string | null;
  depth: number;
  /** The queue job it ran in (graphile-worker's id, the same on every attempt of the job). */
  jobId: string;
}

/** A run as `GET /v1/automation_rules/:id/runs` reads it. */
export interface RuleRunView {
  id: number;
  at: Date;
  record_type: string;
  record_id: number;
  matched: boolean;
  actions: string[];
  error: string | null;
  depth: number;
}

export interface AutomationRuleRepository {
  /** The enabled rules of the account generic for the type or owned by the record, in position order (none last), then by id. */
  matching(account: AccountId, noun: string, recordId: number): Promise<StoredRule[]>;
  /** One rule of the account by id, enabled or not; null when there is none. */
  find(account: AccountId, id: number): Promise<StoredRule | null>;
  /**
   * The rule of the account with that name, one that runs for the record first (generic for its
   * type or owned by it: a rule copied from a template names its fellow copy, not the template's
   * rule nor another request's copy), then the lowest id; null when there is none.
   */
  named(account: AccountId, name: string, record: { noun: string; id: number }): Promise<StoredRule | null>;
  /** The rules a request template of the account owns, in the order rules run (position, none last, then id), at most `limit`. */
  ofTemplate(account: AccountId, templateId: number, limit: number): Promise<TemplateRule[]>;
  /** The account's runs that matched (and so acted) logged in the last minute, on the database clock. */
  actedInLastMinute(account: AccountId): Promise<number>;
  /** Logs the runs of one job in one statement, keeping about each rule's newest `keep` (pruned now and then, not at every run); a run of a rule the job logged already is left out. */
  logRuns(account: AccountId, runs: readonly RuleRun[], keep: number): Promise<void>;
  /** Logs the run of a rule that acted, in its actions' transaction; fails when the job logged a run of that rule already. */
  logActed(account: AccountId, run: RuleRun, keep: number): Promise<void>;
  /** Of these rules, those with a run logged by the job (an earlier attempt of it): one statement. */
  ranInJob(account: AccountId, ruleIds: readonly number[], jobId: string): Promise<Set<number>>;
  /** Sets each rule's last error, now: one statement for the failed rules of a job. */
  failed(account: AccountId, failures: ReadonlyArray<{ ruleId: number; error: string }>): Promise<void>;
  /** One page of a rule's runs. */
  runsPage(account: AccountId, ruleId: number, query: CollectionQuery): Promise<Page<RuleRunView>>;
  /** The webhook of the account with that name (the lowest id when several share it): what a `call webhook` sends to. */
  webhookNamed(account: AccountId, name: string): Promise<{ id: number; event: string } | null>;
  /** What the access check knows of a person acting in the account, as a token lookup reads it (no token: the grant's token part is empty). */
  personAccess(account: AccountId, personId: number): Promise<Omit<AccessLookup, 'grant'> & { person: AccessLookup['grant']['person'] } | null>;
}
