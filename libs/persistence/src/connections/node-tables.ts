/**
 * The tables behind each GraphQL node type and nested connection: how to read a type's
 * records in a scope (`scoped`, no columns: for counting and ordering), the columns a
 * node shows (`nodes`), the SQL column of each order and filter field. Request input
 * never becomes SQL text: fields are looked up here.
 */
import { BROADCAST, CONFIGURATION_ITEM, CONTRACT, ORGANIZATION, PRODUCT, SERVICE, SERVICE_INSTANCE, SERVICE_OFFERING, SLA, TEAM, TIME_ENTRY, OUT_OF_OFFICE_PERIOD, KNOWLEDGE_ARTICLE, FLSA, PROBLEM, RISK, RELEASE, TASK, WORKFLOW, PROJECT, PROJECT_TASK, AUTOMATION_RULE, collectionViews, recordGraphFields, type GraphReadScope, type NestedEdge, type NodeKind, type RecordDefinition } from '@tessera/domain';
import type { Knex } from 'knex';
import type { Database } from '../database.js';
import { whereNoteReadable, whereRequestReadable } from '../requests/request-read-scope.js';
import { whereView } from '../records/record-sql.js';
import { whereReadable } from '../records/record-readers-sql.js';
import { selectReferenceNames } from '../requests/request-views.js';

export interface KindTable {
  /** The id column of the type's table. */
  id: string;
  /** The type's records the scope may read: from, joins, where; no columns. */
  scoped(db: Database, scope: GraphReadScope): Knex.QueryBuilder;
  /** The records with the columns their node shows, for reads by id (a superset of `scoped` where references reach further). */
  nodes(db: Database, scope: GraphReadScope): Knex.QueryBuilder;
  /** Order and filter field → column; text filters on `lower:` columns compare case-insensitively. */
  columns: Readonly<Record<string, string>>;
  /** Keeps the records of one of the type's predefined filters (GraphReadRule `views`; a record's `current`). */
  view?(query: Knex.QueryBuilder, view: string): void;
}

export interface EdgeTable {
  kind: NodeKind;
  /** The records under any parent, in the scope, joined to what links them to their parent. */
  scoped(db: Database, scope: GraphReadScope): Knex.QueryBuilder;
  parent: string;
}

const NAMED = (alias: string) => ({ id: `${alias}.id`, name: `${alias}.name`, createdAt: `${alias}.created_at`, updatedAt: `${alias}.updated_at` });

/** A type whose records belong to one account and show columns of their own table alone. */
function accountTable(table: string, alias: string, shown: readonly string[], columns: Readonly<Record<string, string>> = {}): KindTable {
  const scoped = (db: Database, scope: GraphReadScope) => db(`${table} as ${alias}`).where(`${alias}.account_id`, scope.accountId);
  return {
    id: `${alias}.id`,
    scoped,
    nodes: (db, scope) => scoped(db, scope).select(shown.map((column) => `${alias}.${column}`)),
    columns: { ...NAMED(alias), ...columns },
  };
}

/** A record of the engine: its stored columns, its orders and filters by their GraphQL names (recordGraphFields). */
function recordKindTable(def: RecordDefinition): KindTable {
  const columnOf = (name: string) => `t.${def.fields.fields[name]!.column ?? name}`;
  const shown = Object.entries(def.fields.fields).filter(([, field]) => field.type !== 'references').map(([name]) => columnOf(name));
  const { orders, filters } = recordGraphFields(def);
  const scoped = (db: Database, scope: GraphReadScope) => whereReadable(db(`${def.table} as t`).where('t.account_id', scope.accountId), def, scope.reader);
  return {
    id: 't.id',
    scoped,
    nodes: (db, scope) => scoped(db, scope).select(shown),
    columns: Object.fromEntries([...orders, ...filters].map(([graphql, name]) => [graphql, columnOf(name)])),
    ...(collectionViews(def).length === 0 ? {} : { view: (query: Knex.QueryBuilder, view: string) => void whereView(query, def, view) }),
  };
}

/** A link list of a record of the engine as the nested connection of its records. */
function recordEdgeTable(def: RecordDefinition, field: string, kind: NodeKind): EdgeTable {
  const link = def.links[field]!;
  return { kind, scoped: (db, scope) => KIND_TABLES[kind].scoped(db, scope).join(`${link.table} as l`, `l.${link.other}`, 't.id'), parent: `l.${link.self}` };
}

/** Notes of requests the scope may read, and of records of the engine whose notes it may read (record_type, docs/decisions/046). */
function visibleNotes(db: Database, scope: GraphReadScope): Knex.QueryBuilder {
  return whereNoteReadable(db('notes as n').leftJoin('requests as r', 'r.id', 'n.request_id'), scope.requests)
    .where((either) => either.where((request) => whereRequestReadable(request.whereNotNull('n.request_id'), scope.requests)).orWhereRaw('n.record_type = any(?)', [[...scope.recordNotes]]));
}

/** The notes of a record of the engine as the nested connection `<Type>.notes`. */
function recordNotesEdge(def: RecordDefinition): EdgeTable {
  return { kind: 'Note', scoped: (db, scope) => KIND_TABLES.Note.scoped(db, scope).where('n.record_type', def.node), parent: 'n.record_id' };
}

const PERSON_COLUMNS = (db: Database) => [
  'p.id', 'p.name', 'p.primary_email', 'p.locale', 'p.disabled', 'p.created_at', 'p.updated_at',
  db.raw(`(select json_build_object('id', a.id, 'name', a.name) from accounts a where a.id = p.account_id) as account`),
];

/**
 * People valid in the account: its own and those of its directory account (SPEC.md "Directory
 * account"), as REST's people list and every reference to a person (member, team member,
 * approver) take them.
 */
const peopleOf = (db: Database, scope: GraphReadScope) => db('people as p').whereRaw('p.account_id = any(?)', [[...scope.peopleAccounts]]);

export const KIND_TABLES: Readonly<Record<NodeKind, KindTable>> = {
  Person: {
    id: 'p.id',
    scoped: peopleOf,
    nodes: (db, scope) => peopleOf(db, scope).select(PERSON_COLUMNS(db)),
    columns: { ...NAMED('p'), primaryEmail: 'lower:p.primary_email', locale: 'p.locale', timeZone: 'p.time_zone', disabled: 'p.disabled' },
  },
  Team: recordKindTable(TEAM),
  Request: {
    id: 'r.id',
    scoped: (db, scope) => whereRequestReadable(db('requests as r'), scope.requests),
    nodes: (db, scope) => selectReferenceNames(db, whereRequestReadable(db('requests as r'), scope.requests).select('r.*')),
    columns: {
      id: 'r.id', subject: 'r.subject', status: 'r.status', category: 'r.category', createdAt: 'r.created_at', updatedAt: 'r.updated_at',
      team: 'r.team_id', requestedBy: 'r.requested_by_id', requestedFor: 'r.requested_for_id', member: 'r.member_id',
    },
  },
  Note: {
    id: 'n.id',
    scoped: (db, scope) => visibleNotes(db, scope),
    nodes: (db, scope) =>
      visibleNotes(db, scope)
        .join('people as np', 'np.id', 'n.person_id')
        .select('n.id', 'n.text', 'n.internal', 'n.person_id', 'np.name as person_name', 'n.created_at', 'n.request_id'),
    columns: { id: 'n.id', createdAt: 'n.created_at' },
  },
  ServiceInstance: recordKindTable(SERVICE_INSTANCE),
  ConfigurationItem: recordKindTable(CONFIGURATION_ITEM),
  Organization: recordKindTable(ORGANIZATION),
  Service: recordKindTable(SERVICE),
  Product: recordKindTable(PRODUCT),
  Contract: recordKindTable(CONTRACT),
  Broadcast: recordKindTable(BROADCAST),
  ServiceOffering: recordKindTable(SERVICE_OFFERING),
  ServiceLevelAgreement: recordKindTable(SLA),
  TimeEntry: recordKindTable(TIME_ENTRY),
  OutOfOfficePeriod: recordKindTable(OUT_OF_OFFICE_PERIOD),
  KnowledgeArticle: recordKindTable(KNOWLEDGE_ARTICLE),
  FirstLineSupportAgreement: recordKindTable(FLSA),
  Problem: recordKindTable(PROBLEM),
  Risk: recordKindTable(RISK),
  Workflow: recordKindTable(WORKFLOW),
  Task: recordKindTable(TASK),
  Release: recordKindTable(RELEASE),
  Project: recordKindTable(PROJECT),
  ProjectTask: recordKindTable(PROJECT_TASK),
  AutomationRule: recordKindTable(AUTOMATION_RULE),
  Webhook: accountTable(
    'webhooks', 'w', ['id', 'name', 'event', 'uri', 'description', 'disabled', 'last_error', 'created_at', 'updated_at'],
    { event: 'w.event', disabled: 'w.disabled' },
  ),
  UiExtension: accountTable(
    'ui_extensions', 'u', ['id', 'name', 'title', 'description', 'category', 'disabled', 'created_at', 'updated_at'],
    { category: 'u.category', disabled: 'u.disabled' },
  ),
};

export const EDGE_TABLES: Readonly<Record<NestedEdge, EdgeTable>> = {
  'Person.teams': {
    kind: 'Team',
    scoped: (db, scope) => KIND_TABLES.Team.scoped(db, scope).join('team_memberships as m', 'm.team_id', 't.id'),
    parent: 'm.person_id',
  },
  'Team.members': {
    kind: 'Person',
    scoped: (db, scope) => peopleOf(db, scope).join('team_memberships as m', 'm.person_id', 'p.id'),
    parent: 'm.team_id',
  },
  'Request.notes': { kind: 'Note', scoped: (db, scope) => KIND_TABLES.Note.scoped(db, scope), parent: 'n.request_id' },
  'ServiceInstance.configurationItems': recordEdgeTable(SERVICE_INSTANCE, 'configuration_item_ids', 'ConfigurationItem'),
  'ConfigurationItem.serviceInstances': recordEdgeTable(CONFIGURATION_ITEM, 'service_instance_ids', 'ServiceInstance'),
  'Contract.cis': recordEdgeTable(CONTRACT, 'ci_ids', 'ConfigurationItem'),
  'KnowledgeArticle.serviceInstances': recordEdgeTable(KNOWLEDGE_ARTICLE, 'service_instance_ids', 'ServiceInstance'),
  'Risk.organizations': recordEdgeTable(RISK, 'organization_ids', 'Organization'),
  'Risk.services': recordEdgeTable(RISK, 'service_ids', 'Service'),
  'Risk.projects': recordEdgeTable(RISK, 'project_ids', 'Project'),
  'Problem.notes': recordNotesEdge(PROBLEM),
  'Risk.notes': recordNotesEdge(RISK),
  'Broadcast.teams': recordEdgeTable(BROADCAST, 'team_ids', 'Team'),
  'Broadcast.organizations': recordEdgeTable(BROADCAST, 'organization_ids', 'Organization'),
  'Task.predecessors': recordEdgeTable(TASK, 'predecessor_ids', 'Task'),
  'Task.approvers': {
    kind: 'Person',
    scoped: (db, scope) => peopleOf(db, scope).join('task_approvers as l', 'l.approver_id', 'p.id'),
    parent: 'l.task_id',
  },
  'Workflow.notes': recordNotesEdge(WORKFLOW),
  'Task.notes': recordNotesEdge(TASK),
  'Release.notes': recordNotesEdge(RELEASE),
  'ProjectTask.predecessors': recordEdgeTable(PROJECT_TASK, 'predecessor_ids', 'ProjectTask'),
  'ProjectTask.assignments': {
    kind: 'Person',
    scoped: (db, scope) => peopleOf(db, scope).join('project_task_assignments as l', 'l.person_id', 'p.id'),
    parent: 'l.project_task_id',
  },
  'Project.notes': recordNotesEdge(PROJECT),
  'ProjectTask.notes': recordNotesEdge(PROJECT_TASK),
  // The requests linked to a record, with the visibility of every read of requests (request-read-scope.ts).
  'Problem.requests': { kind: 'Request', scoped: (db, scope) => KIND_TABLES.Request.scoped(db, scope), parent: 'r.problem_id' },
  'Workflow.requests': { kind: 'Request', scoped: (db, scope) => KIND_TABLES.Request.scoped(db, scope), parent: 'r.workflow_id' },
  'Project.requests': { kind: 'Request', scoped: (db, scope) => KIND_TABLES.Request.scoped(db, scope), parent: 'r.project_id' },
};
