/**
 * The records GraphQL reads, as the store returns them (snake_case, like the REST views):
 * the parent values of the GraphQL object types of the same name.
 */
import type { PersonView } from '../people/person-view.js';
import type { NoteView, RequestView } from '../requests/request-view.js';

/** A person: the `GET /me` view (what `me` returns) plus whether they are disabled. */
export type PersonNode = Omit<PersonView, 'organization'> & { organization?: PersonView['organization']; disabled?: boolean };

export interface TeamNode {
  id: number;
  name: string;
  disabled: boolean;
  manager_id: number | null;
  created_at: Date;
  updated_at: Date;
}

export interface ServiceInstanceNode {
  id: number;
  name: string;
  first_line_team_id: number | null;
  support_team_id: number | null;
  created_at: Date;
  updated_at: Date;
}

export interface ConfigurationItemNode {
  id: number;
  name: string;
  label: string | null;
  status: string;
  rule_set: string;
  source: string | null;
  source_id: string | null;
  support_team_id: number | null;
  created_at: Date;
  updated_at: Date;
}

export interface WebhookNode {
  id: number;
  name: string;
  event: string;
  uri: string;
  description: string | null;
  disabled: boolean;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface UiExtensionNode {
  id: number;
  name: string;
  title: string | null;
  description: string | null;
  category: string;
  disabled: boolean;
  created_at: Date;
  updated_at: Date;
}

/** A record of the engine (docs/decisions/039) as its connection reads it: its stored columns. */
export type RecordNode = { id: number } & Record<string, unknown>;

/** A note with the request it belongs to (node lookup answers notes on their own). */
export type NoteNode = NoteView & { request_id?: number };

export interface GraphNodes {
  Person: PersonNode;
  Team: TeamNode;
  Request: RequestView;
  Note: NoteNode;
  ServiceInstance: ServiceInstanceNode;
  ConfigurationItem: ConfigurationItemNode;
  Webhook: WebhookNode;
  UiExtension: UiExtensionNode;
  Organization: RecordNode;
  Service: RecordNode;
  ServiceOffering: RecordNode;
  ServiceLevelAgreement: RecordNode;
  TimeEntry: RecordNode;
  OutOfOfficePeriod: RecordNode;
  Product: RecordNode;
  Contract: RecordNode;
  KnowledgeArticle: RecordNode;
  FirstLineSupportAgreement: RecordNode;
  Problem: RecordNode;
  Risk: RecordNode;
  Broadcast: RecordNode;
  Workflow: RecordNode;
  Task: RecordNode;
  Release: RecordNode;
  Project: RecordNode;
  ProjectTask: RecordNode;
  AutomationRule: RecordNode;
}

/** Node types, named as GraphQL and the global node ID name them. */
export type NodeKind = keyof GraphNodes;

export const NODE_KINDS: readonly NodeKind[] = ['Person', 'Team', 'Request', 'Note', 'ServiceInstance', 'ConfigurationItem', 'Webhook', 'UiExtension', 'Organization', 'Service', 'Product', 'Contract', 'ServiceOffering', 'ServiceLevelAgreement', 'TimeEntry', 'OutOfOfficePeriod', 'KnowledgeArticle', 'FirstLineSupportAgreement', 'Problem', 'Risk', 'Broadcast', 'Workflow', 'Task', 'Release', 'Project', 'ProjectTask', 'AutomationRule'];

/** The connections under a record: `<parent type>.<field>`. */
export interface NestedEdges {
  'Person.teams': TeamNode;
  'Team.members': PersonNode;
  'Request.notes': NoteNode;
  'ServiceInstance.configurationItems': ConfigurationItemNode;
  'ConfigurationItem.serviceInstances': ServiceInstanceNode;
  'Contract.cis': ConfigurationItemNode;
  'KnowledgeArticle.serviceInstances': ServiceInstanceNode;
  'Risk.organizations': RecordNode;
  'Risk.services': RecordNode;
  'Risk.projects': RecordNode;
  'Problem.notes': NoteNode;
  'Risk.notes': NoteNode;
  'Broadcast.teams': TeamNode;
  'Broadcast.organizations': RecordNode;
  'Task.predecessors': RecordNode;
  'Task.approvers': PersonNode;
  'Workflow.notes': NoteNode;
  'Task.notes': NoteNode;
  'Release.notes': NoteNode;
  'ProjectTask.predecessors': RecordNode;
  'ProjectTask.assignments': PersonNode;
  'Project.notes': NoteNode;
  'ProjectTask.notes': NoteNode;
  'Problem.requests': RequestView;
  'Workflow.requests': RequestView;
  'Project.requests': RequestView;
}

export type NestedEdge = keyof NestedEdges;
