/**
 * SPEC.md "Events": every event name a webhook may subscribe to, `<noun>.<verb>`
 * (`automation_rule` alone). The one list: webhook validation, the outbox and
 * the worker all read it from here.
 */
export const EVENT_CATALOGUE = {
  automation_rule: [],
  broadcast: ['create', 'update'],
  workflow: ['create', 'manager-changed', 'note-added', 'status-changed', 'update'],
  ci: ['create', 'update'],
  contract: ['create', 'update'],
  flsa: ['create', 'update'],
  knowledge_article: ['create', 'update'],
  organization: ['create', 'update'],
  out_of_office_period: ['create', 'update', 'delete'],
  person: ['create', 'update'],
  problem: ['create', 'manager-changed', 'member-changed', 'note-added', 'status-changed', 'team-changed', 'update'],
  product: ['create', 'update'],
  project: ['create', 'manager-changed', 'note-added', 'status-changed', 'update'],
  project_task: ['create', 'note-added', 'status-changed', 'update'],
  release: ['create', 'manager-changed', 'note-added', 'update'],
  request: [
    'agile-board-column-changed', 'create', 'major-incident-status-changed', 'member-changed', 'note-added', 'status-changed',
    'team-changed', 'update',
  ],
  risk: ['create', 'update', 'note-added', 'status-changed', 'manager-changed'],
  service: ['create', 'update'],
  service_instance: ['create', 'update'],
  service_offering: ['create', 'update'],
  sla: ['create', 'update'],
  task: ['create', 'member-changed', 'note-added', 'status-changed', 'team-changed', 'update'],
  team: ['create', 'update'],
  time_entry: ['create', 'update', 'delete'],
} as const;

type Catalogue = typeof EVENT_CATALOGUE;
export type EventNoun = keyof Catalogue;
export type EventName = { [N in EventNoun]: Catalogue[N] extends readonly [] ? N : `${N}.${Catalogue[N][number]}` }[EventNoun];

export const EVENT_NAMES: readonly EventName[] = (Object.entries(EVENT_CATALOGUE) as Array<[EventNoun, readonly string[]]>).flatMap(
  ([noun, verbs]) => (verbs.length === 0 ? [noun] : verbs.map((verb) => `${noun}.${verb}`)) as EventName[],
);

const NAMES = new Set<string>(EVENT_NAMES);

export function isEventName(value: string): value is EventName {
  return NAMES.has(value);
}
