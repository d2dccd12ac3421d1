/**
 * The `automation-run` task (docs/decisions/053): after a change of a record, its account's
 * enabled rules for it run in position order, each on its own —
 * 1. its trigger fires on the change (a rule scheduled by another's `after … trigger` always runs);
 * 2. past the depth limit it stops there, with why;
 * 3. its expressions and condition are evaluated on the record as its owner reads it, the fields
 *    the change wrote as it left them;
 * 4. matched, within the account's budget of acting runs a minute, all its actions apply in one
 *    transaction, as its owner (rule-owner.ts), through the use cases of any write: their changes go
 *    through the outbox like any other, and queue the next rules one level deeper.
 * A rule that fails — a value that does not evaluate, a write refused — fails alone: its transaction
 * rolls back, the change that triggered it stays, its `last_error` says why and its run is logged;
 * the next rules still run.
 * A rule runs at most once per job: an acted run is logged in its actions' transaction with the job's
 * id, and a job retried after an unexpected error (the database gone) skips the rules an earlier
 * attempt ran, so their notes and webhook calls are not done twice.
 */
import { isDomainError } from '../errors/domain-error.js';
import { JOBS, type AutomationRunJob, type QueuedJob } from '../jobs/job-contract.js';
import type { Transaction } from '../ports/unit-of-work.js';
import { requestReadScope } from '../requests/request-read-scope.js';
import { trustedAccountId, type AccountId } from '../tenancy/account-id.js';
import type { RuleRun, StoredRule } from './automation-rule.repository.js';
import { compileRule, type CompiledRule } from './compile-rule.js';
import { evaluationBudget, type EvaluationBudget } from './evaluation-budget.js';
import { evaluateExpressions } from './expressions/named-expressions.js';
import { applyAction, type RuleParts, type RulePorts } from './rule-actions-apply.js';
import { RULE_LIMITS } from './rule-limits.js';
import { ruleOwnerAccess } from './rule-owner.js';
import { RULE_SUBJECTS, isRuleNoun, type RuleSubject } from './rule-subjects.js';
import { triggerFires } from './rule-trigger.js';
import { recordValue, withStoredValues } from './rule-variables.js';

export interface AutomationOutcome {
  /** Rules whose trigger fired. */
  ran: number;
  matched: number;
  failed: number;
}

type Tx = Pick<Transaction, RuleParts>;

/** A failure of one rule's run: its message is what `last_error` and the run log say. */
class RuleFailure extends Error {}

/** A problem as a sentence: a refused write names each field's problem. */
function reason(error: unknown): string {
  if (error instanceof RuleFailure) return error.message;
  if (isDomainError(error)) return error.errors.length > 0 ? `${error.message}: ${error.errors.map(([field, message]) => `${field}: ${message}`).join('; ')}` : error.message;
  return error instanceof Error ? error.message : String(error);
}

/** The transaction as a rule's actions see it: the `automation-run` jobs its changes queue are one level deeper. */
function deeper(tx: Tx, depth: number): Tx {
  const bump = (jobs: readonly QueuedJob[]) => jobs.map((job) => (job.task === JOBS.automationRun ? { ...job, payload: { ...job.payload, depth } } as QueuedJob : job));
  const jobs = { enqueue: (queued: readonly QueuedJob[]) => tx.jobs.enqueue(bump(queued)), cancel: (key: string) => tx.jobs.cancel(key) };
  const outbox = {
    write: (entry: Parameters<Tx['outbox']['write']>[0], rows?: Parameters<Tx['outbox']['write']>[1]) => tx.outbox.write({ ...entry, jobs: bump(entry.jobs) }, rows),
    writeAll: (items: Parameters<Tx['outbox']['writeAll']>[0]) => tx.outbox.writeAll(items.map((item) => ({ ...item, entry: { ...item.entry, jobs: bump(item.entry.jobs) } }))),
  };
  return new Proxy(tx, { get: (target, key) => (key === 'jobs' ? jobs : key === 'outbox' ? outbox : Reflect.get(target, key)) });
}

/** The rules of the job: one rule when another's `after` scheduled it (still enabled and for this record), else every enabled rule that could match. */
async function rulesOf(job: AutomationRunJob, account: AccountId, uow: RulePorts): Promise<StoredRule[]> {
  const repo = uow.repositories.automationRules;
  if (job.rule_id === undefined) return repo.matching(account, job.noun, job.record_id);
  const rule = await repo.find(account, job.rule_id);
  const forRecord = rule && (rule.generic === job.noun || (rule.owner_type === job.noun && rule.owner_id === job.record_id));
  return rule && forRecord && !rule.disabled ? [rule] : [];
}

/** The record as its owner reads it now; null when it is gone (or they cannot read it). */
async function readRecord(subject: RuleSubject, access: Parameters<typeof requestReadScope>[0] & { account: { id: AccountId }; roles: Parameters<typeof requestReadScope>[2] }, id: number, uow: RulePorts) {
  if (subject.def) return uow.repositories.records.find(subject.def, access.account.id, id);
  return uow.repositories.requests.findView(requestReadScope(access, access.account.id, access.roles), id);
}

/** Compiled rules by their text: a rule's text only changes with its row, and compiling is the costly part of a run. */
const COMPILED = new Map<string, ReturnType<typeof compileRule>>();
const COMPILED_KEPT = 2000;

function compiledOf(rule: StoredRule): ReturnType<typeof compileRule> {
  const key = JSON.stringify([rule.generic, rule.owner_type, rule.trigger, rule.expressions, rule.condition, rule.actions]);
  let compiled = COMPILED.get(key);
  if (!compiled) {
    compiled = compileRule(rule);
    if (COMPILED.size >= COMPILED_KEPT) COMPILED.delete(COMPILED.keys().next().value!);
    COMPILED.set(key, compiled);
  }
  return compiled;
}

/** How long one job's evaluations may hold the worker's thread before they let its other work in (decision 059). */
const YIELD_AFTER_MS = 5;

/** This process's clock of each account's evaluation time (decision 059). */
const EVALUATION = evaluationBudget(RULE_LIMITS.evaluationMsPerMinute);

/** The queue's job a run is in: its id, the same on every attempt, and which attempt this is, from 1. */
export interface AutomationJobAttempt {
  id: string;
  attempt: number;
}

export async function runAutomation(job: AutomationRunJob, uow: RulePorts, queued: AutomationJobAttempt, evaluation: EvaluationBudget = EVALUATION): Promise<AutomationOutcome> {
  const outcome: AutomationOutcome = { ran: 0, matched: 0, failed: 0 };
  if (!isRuleNoun(job.noun)) return outcome;
  const subject = RULE_SUBJECTS[job.noun];
  // The job was written by this service in the transaction of the record's change.
  const account = trustedAccountId(job.account_id);
  const repo = uow.repositories.automationRules;
  const rules = await rulesOf(job, account, uow);
  // Only a retry can find runs of an earlier attempt: the queue counts an attempt whenever it hands the job out.
  const ranBefore = queued.attempt > 1 ? await repo.ranInJob(account, rules.map((rule) => rule.id), queued.id) : new Set<number>();
  const runs: RuleRun[] = [];
  const failures: Array<{ ruleId: number; error: string }> = [];
  // Read once a job: the actor; each owner's access; the record as each owner reads it, again after a rule changed it.
  let actor: { id: number; name: string } | null | undefined;
  const owners = new Map<number | null, Awaited<ReturnType<typeof ruleOwnerAccess>>>();
  // The record as each owner reads it, made into the variables `record` and `previous` once for all of their rules.
  const views = new Map<number, { record: Record<string, unknown>; previous: Record<string, unknown> } | null>();
  let acted: number | undefined;

  let yieldedAt = performance.now();
  for (const rule of rules) {
    // Rules that do not match run back to back without a statement between them: past a few milliseconds of
    // them, the other jobs of the process (another account's rules, deliveries) get their turn before the next.
    if (performance.now() - yieldedAt > YIELD_AFTER_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      yieldedAt = performance.now();
    }
    if (ranBefore.has(rule.id)) continue;
    const { compiled, errors } = compiledOf(rule);
    if (job.rule_id === undefined && compiled && !triggerFires(compiled.trigger, job)) continue;
    outcome.ran += 1;
    const run = (matched: boolean, actions: readonly string[], error: string | null): RuleRun =>
      ({ ruleId: rule.id, recordType: subject.noun, recordId: job.record_id, matched, actions, error, depth: job.depth, jobId: queued.id });
    const log = (matched: boolean, actions: readonly string[], error: string | null) => runs.push(run(matched, actions, error));
    try {
      if (!compiled) throw new RuleFailure(`the rule does not compile: ${errors.map(([field, message]) => `${field}: ${message}`).join('; ')}`);
      if (job.depth > RULE_LIMITS.maxDepth) throw new RuleFailure(`stopped at depth ${RULE_LIMITS.maxDepth}: rules' changes triggered rules ${RULE_LIMITS.maxDepth} times in a chain`);
      // Before anything is read: a run past the bound costs the worker its log line and nothing else.
      if (evaluation.exhausted(account)) throw new RuleFailure(`stopped: the account's rules took ${evaluation.limitMs / 1000} s to evaluate in the last minute on this worker`);
      if (!owners.has(rule.run_as_id)) owners.set(rule.run_as_id, await ruleOwnerAccess(repo, account, rule.run_as_id));
      const owner = owners.get(rule.run_as_id)!;
      if ('refused' in owner) throw new RuleFailure(owner.refused);
      if (!views.has(owner.access.person.id)) {
        const read = await readRecord(subject, owner.access, job.record_id, uow);
        // The record as the change left it: a later change of the same fields (queued behind this job) is its own run's.
        const record = read ? withStoredValues(subject, recordValue(subject, read as Record<string, unknown>), job.changed) : null;
        views.set(owner.access.person.id, record ? { record, previous: withStoredValues(subject, record, job.previous) } : null);
      }
      const view = views.get(owner.access.person.id);
      if (!view) throw new RuleFailure(`the ${subject.what} ${job.record_id} is gone, or its owner may not read it`);
      // Who made the change is often who wrote the rule: their name is known then.
      if (actor === undefined && job.actor_id !== null && owner.access.person.id === job.actor_id) actor = { id: job.actor_id, name: owner.access.person.name };
      if (actor === undefined) actor = job.actor_id === null ? null : await personOf(uow, account, job.actor_id);
      const { record, previous } = view;
      const matched = timed(evaluation, account, () => evaluate(compiled, { record, previous, person: actor }));
      if (!matched.matched) {
        log(false, [], null);
        continue;
      }
      // The budget counts the runs that act: evaluating a condition that does not hold writes nothing and triggers nothing.
      acted ??= await repo.actedInLastMinute(account);
      if (acted >= RULE_LIMITS.runsPerMinute) throw new RuleFailure(`stopped: the account's rules acted ${RULE_LIMITS.runsPerMinute} times in the last minute`);
      acted += 1;
      await uow.transaction(async (tx) => {
        const inner = deeper(tx, job.depth + 1);
        const one: RulePorts = { transaction: (work) => work(inner), repositories: inner };
        const lists = new Map<string, unknown[]>();
        for (const [index, action] of compiled.actions.entries()) {
          const value = action.expression ? timed(evaluation, account, () => action.expression!.evaluate(matched.bindings)) : { ok: true as const, value: null };
          if (!value.ok) throw new RuleFailure(`actions[${index}]: ${value.message}`);
          try {
            await applyAction({ subject, access: owner.access, recordId: job.record_id, record, job, uow: one, lists }, action, value.value);
          } catch (error) {
            throw new RuleFailure(`actions[${index}]: ${reason(error)}`);
          }
        }
        // With its actions or not at all: a retry of the job finds it, and does not act again.
        await tx.automationRules.logActed(account, run(true, compiled.actions.map((action) => action.name), null), RULE_LIMITS.runsKept);
      });
      views.clear();
      outcome.matched += 1;
    } catch (error) {
      if (!(error instanceof RuleFailure) && !isDomainError(error)) throw error;
      outcome.failed += 1;
      log(false, [], reason(error));
      failures.push({ ruleId: rule.id, error: reason(error) });
    }
  }
  await repo.logRuns(account, runs, RULE_LIMITS.runsKept);
  // One statement for the job's failed rules: a hostile account's stopped runs cost a statement a job, not one a rule.
  if (failures.length > 0) await repo.failed(account, failures);
  return outcome;
}

/** Runs an evaluation, its time charged to the account whether it ends in a value or a failure. */
function timed<T>(evaluation: EvaluationBudget, account: AccountId, run: () => T): T {
  const started = performance.now();
  try {
    return run();
  } finally {
    evaluation.charge(account, performance.now() - started);
  }
}

/** The expressions, then the condition; a value that does not evaluate fails the rule. */
function evaluate(compiled: CompiledRule, variables: Record<string, unknown>): { matched: false } | { matched: true; bindings: Record<string, unknown> } {
  const named = evaluateExpressions(compiled.expressions, variables);
  if (!named.ok) throw new RuleFailure(`expressions[${named.index}]: ${named.message}`);
  const condition = compiled.condition.evaluate(named.bindings);
  if (!condition.ok) throw new RuleFailure(`condition: ${condition.message}`);
  return condition.value === true ? { matched: true, bindings: named.bindings } : { matched: false };
}

async function personOf(uow: RulePorts, account: AccountId, id: number): Promise<{ id: number; name: string }> {
  const found = await uow.repositories.automationRules.personAccess(account, id);
  return { id, name: found?.person.name ?? '' };
}
