/**
 * Every record of the engine, the one list (docs/decisions/039): the REST routes, the GraphQL
 * modules, the node tables and the contract spec are made for each. A new record is its
 * definition, its migration and a line here.
 */
import { BROADCAST } from '../broadcasts/broadcast.record.js';
import { CONFIGURATION_ITEM } from '../cmdb/configuration-item.record.js';
import { SERVICE_INSTANCE } from '../cmdb/service-instance.record.js';
import { PERSON } from '../people/person.record.js';
import { CONTRACT } from '../contracts/contract.record.js';
import { FLSA } from '../flsas/flsa.record.js';
import { KNOWLEDGE_ARTICLE } from '../knowledge-articles/knowledge-article.record.js';
import { ORGANIZATION } from '../organizations/organization.record.js';
import { PRODUCT } from '../products/product.record.js';
import { SERVICE_OFFERING } from '../service-offerings/service-offering.record.js';
import { SERVICE } from '../services/service.record.js';
import { SLA } from '../slas/sla.record.js';
import { OUT_OF_OFFICE_PERIOD } from '../out-of-office-periods/out-of-office-period.record.js';
import { TIME_ENTRY } from '../time-entries/time-entry.record.js';
import { PROBLEM } from '../problems/problem.record.js';
import { RISK } from '../risks/risk.record.js';
import { TEAM } from '../teams/team.record.js';
import { RELEASE } from '../releases/release.record.js';
import { TASK } from '../workflows/task.record.js';
import { WORKFLOW } from '../workflows/workflow.record.js';
import { PROJECT } from '../projects/project.record.js';
import { PROJECT_TASK } from '../projects/project-task.record.js';
import { AUTOMATION_RULE } from '../automation/automation-rule.record.js';
import type { RecordDefinition } from './define-record.js';

export const RECORDS: readonly RecordDefinition[] = [CONFIGURATION_ITEM, SERVICE_INSTANCE, ORGANIZATION, SERVICE, PRODUCT, CONTRACT, SERVICE_OFFERING, SLA, TIME_ENTRY, OUT_OF_OFFICE_PERIOD, KNOWLEDGE_ARTICLE, FLSA, PROBLEM, RISK, TEAM, BROADCAST, RELEASE, WORKFLOW, TASK, PROJECT, PROJECT_TASK, AUTOMATION_RULE, PERSON];

const BY_NODE: ReadonlyMap<string, RecordDefinition> = new Map(RECORDS.map((def) => [def.node, def]));

/** The record of the engine whose node type is `node` (a reference's target); undefined for a record not on the engine (a request). */
export function recordOfNode(node: string): RecordDefinition | undefined {
  return BY_NODE.get(node);
}

interface Target {
  table: string;
  /** How a sentence names one. */
  what: string;
  /** Of its scopes: `<noun>:Read`. */
  noun: string;
  /** Its records may also be of the account's directory account (people: docs/decisions/041). */
  directory?: true;
  /**
   * The column a reference shows as its name (default `name`); null: none. A request's subject
   * is not shown: who may read a request is the request's rule (030), not the referring record's.
   */
  nameColumn?: string | null;
}

/** Records a reference may name that are not in RECORDS: requests. */
const OTHER_TARGETS: Readonly<Record<string, Target>> = {
  Request: { table: 'requests', what: 'request', noun: 'request', nameColumn: null },
};

/** The table, name and scope noun of the records a reference to `node` names. */
export function referenceTarget(node: string): Target {
  const def = recordOfNode(node);
  // A record without a name (a workflow, a task, a project) is named by its subject.
  const target: Target | undefined = def
    ? { table: def.table, what: def.what, noun: def.noun, ...(def.directory ? { directory: true as const } : {}), ...('name' in def.fields.fields ? {} : { nameColumn: 'subject' }) }
    : OTHER_TARGETS[node];
  if (!target) throw new Error(`no table for ${node}`);
  return target;
}
