/**
 * What the `payload` of each event's message holds (REFERENCE.md "Webhooks"),
 * declared once per kind of change — the verb — rather than once per event:
 * every event of the catalogue gets its payload from its verb and its noun.
 *
 * - Every change: its audit line (`audit_line_id`/`_nodeID`) and where it came
 *   from (`source`, `sourceID`), written by the outbox (outbox/record-change.ts).
 * - A noun whose records have a status (the catalogue gives it `status-changed`)
 *   says the status on create, update and status-changed; status-changed also
 *   the previous one.
 * - The verbs that name a record (a note, a member, a team, …) carry it.
 *
 * The producers' type (`PublishedEvent`, required by RecordChange) and the
 * OpenAPI `webhooks` section both come from here: a payload field a producer
 * writes but this file does not declare does not compile, and a verb added to
 * the catalogue does not compile until it is declared here.
 */
import { z } from 'zod';
import { MAJOR_INCIDENT_STATUSES, STATUSES } from '../requests/request-values.js';
import { EVENT_CATALOGUE, type EventName, type EventNoun } from './event-catalogue.js';
import { nodeId, nodeReferenceSchema } from './node-reference.js';
import { RECORDS } from '../record-engine/registry.js';
import { recordPayloadShape } from '../record-engine/record-payload.js';

type Catalogue = typeof EVENT_CATALOGUE;
/** A verb, or `automation_rule` for the event that is a noun alone. */
export type EventKind = Catalogue[EventNoun][number] | 'automation_rule';

export { nodeReferenceSchema };

const reference = (what: string) => nodeReferenceSchema.nullable().describe(`The ${what} now; null when none`);

/** What the outbox writes into the payload of every change. */
const CHANGE_ORIGIN = {
  audit_line_id: z.int().describe('The audit line of the change'),
  audit_line_nodeID: nodeId,
  source: z.string().nullable().describe('The source of the change (e.g. the monitoring tool of the events intake); null when none was given'),
  sourceID: z.string().nullable().describe('The source’s id of the change; null when none was given'),
};

/** The fields each kind of change adds, besides the origin and the status. */
const KIND_FIELDS = {
  automation_rule: {},
  create: {},
  update: {},
  delete: {},
  'note-added': { note_id: z.int().describe('The note added'), note_nodeID: nodeId },
  'status-changed': {},
  'major-incident-status-changed': {
    major_incident_status: z.enum(MAJOR_INCIDENT_STATUSES).nullable().describe('The major incident status now'),
    previous_major_incident_status: z.enum(MAJOR_INCIDENT_STATUSES).nullable().describe('The major incident status before the change; null when the request was never proposed'),
  },
  'agile-board-column-changed': { agile_board_column: reference('agile board column') },
  'member-changed': { member: reference('member (person) the record is assigned to') },
  'team-changed': { team: reference('team the record is assigned to') },
  'manager-changed': { manager: reference('manager (person)') },
} as const satisfies Record<EventKind, z.ZodRawShape>;

type KindFields = typeof KIND_FIELDS;
type StatusNoun = { [N in EventNoun]: 'status-changed' extends Catalogue[N][number] ? N : never }[EventNoun];
type NounOf<E extends EventName> = E extends `${infer Noun}.${string}` ? Noun : E;
type KindOf<E extends EventName> = E extends `${string}.${infer Verb}` ? Verb : E;
type StatusFields<E extends EventName> = NounOf<E> extends StatusNoun
  ? KindOf<E> extends 'create' | 'update' ? { status: string } : KindOf<E> extends 'status-changed' ? { status: string; previous_status: string } : unknown
  : unknown;
type ShapeOf<S> = { -readonly [K in keyof S]: S[K] extends z.ZodType ? z.output<S[K]> : never };
type Fields<E extends EventName> = ShapeOf<KindFields[KindOf<E> & EventKind]> & StatusFields<E>;

/** What a producer gives for an event: its payload without the origin the outbox adds. */
export type EventPayloadFields<E extends EventName> = Fields<E>;

/**
 * An event as a change publishes it (RecordChange.events): the name decides
 * what its payload may hold. An event with nothing to add takes no payload
 * (an empty `{}` type would take any object).
 */
export type PublishedEvent = {
  [E in EventName]: keyof Fields<E> extends never ? { name: E; payload?: Record<string, never> } : { name: E; payload: Fields<E> };
}[EventName];

/** The status values of a noun whose values the domain knows. */
const STATUS_VALUES: Partial<Record<StatusNoun, z.ZodType<string>>> = { request: z.enum(STATUSES) };

const hasStatus = (noun: string): noun is StatusNoun => (EVENT_CATALOGUE[noun as EventNoun] as readonly string[]).includes('status-changed');

function statusFields(noun: string, kind: string): z.ZodRawShape {
  if (!hasStatus(noun)) return {};
  const status = STATUS_VALUES[noun] ?? z.string();
  if (kind === 'create' || kind === 'update') return { status: status.describe('The record’s status') };
  if (kind === 'status-changed') return { status: status.describe('The status now'), previous_status: status.describe('The status before the change') };
  return {};
}

const schemas = new Map<EventName, z.ZodObject>();

/** The payload of an event's message, every field declared (an undeclared one is refused). */
export function eventPayloadSchema(event: EventName): z.ZodObject {
  let schema = schemas.get(event);
  if (!schema && event === 'automation_rule') {
    // No change's origin: the map the rule's `call webhook '<name>' with payload <map>` evaluated (docs/decisions/053).
    schema = z.object({}).catchall(z.unknown()).describe('The payload of `automation_rule`: the map the automation rule’s `call webhook … with payload …` gave, as it gave it');
    schemas.set(event, schema);
  }
  if (!schema) {
    const [noun, kind = noun] = event.split('.') as [string, string?];
    const fields = KIND_FIELDS[kind as EventKind];
    const record = RECORDS.find((def) => def.noun === noun && def.payloadFields);
    schema = z.strictObject({ ...CHANGE_ORIGIN, ...statusFields(noun, kind), ...fields, ...(record ? recordPayloadShape(record) : {}) }).describe(`The payload of \`${event}\``);
    schemas.set(event, schema);
  }
  return schema;
}

/** The payload of a test message (POST /v1/webhooks/:id/test), whatever the event. */
export const testPayloadSchema = z.strictObject({ test: z.literal(true) }).describe('The payload of a test message (object_id 12345)');
