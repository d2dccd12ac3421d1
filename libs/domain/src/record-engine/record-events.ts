/**
 * The events a write of a record of the engine fires (SPEC.md "Events"; ../shared/RECORDS.md
 * §4): `<noun>.create`, `.update` or `.delete`, and beside an update, once each, the verbs its
 * definition declares for the fields that changed (`changeEvents`): `status-changed` with the
 * status and the previous one, `manager-changed` / `member-changed` / `team-changed` with the
 * person or team now. A verb its catalogue lacks fires nothing: an automation rule, whose catalogue
 * is the bare `automation_rule` a rule's webhook call sends (docs/decisions/053), fires no event. A noun whose catalogue has `status-changed` carries its `status` in its
 * create and update. Where the definition says `payloadFields`, every event carries the record.
 */
import { EVENT_CATALOGUE } from '../events/event-catalogue.js';
import type { PublishedEvent } from '../events/event-payloads.js';
import { nodeRef } from '../outbox/node-fields.js';
import { readNameOf } from '../records/record-fields.js';
import type { RecordDefinition } from './define-record.js';
import { recordPayload } from './record-payload.js';
import type { NamedRef, RecordRow, RecordView } from './record-store.repository.js';
import { CHANGE_VERBS, type ChangeVerb } from './record-verbs.js';

const hasVerb = (def: RecordDefinition, verb: string) => (EVENT_CATALOGUE[def.noun] as readonly string[]).includes(verb);

/** The reference a verb's payload names, as the record reads now. */
function referenceNow(def: RecordDefinition, field: string, view: RecordView) {
  const declared = def.fields.fields[field]!;
  const value = view[readNameOf(field, declared)!] as NamedRef | null;
  return value && declared.type === 'reference' ? nodeRef(declared.target, value.id, value.name) : null;
}

/** The events of a create (no `before`), an update (`before` and what `changed`) or a delete (`deleted`). */
export function recordEvents(def: RecordDefinition, view: RecordView, write: { before?: RecordRow; changed?: RecordRow; deleted?: true } = {}): PublishedEvent[] {
  const verb = write.deleted ? 'delete' : write.before ? 'update' : 'create';
  if (!hasVerb(def, verb)) return [];
  const base: Record<string, unknown> = def.payloadFields ? recordPayload(def, view) : {};
  if (verb !== 'delete' && hasVerb(def, 'status-changed')) base['status'] = view['status'];
  const events = [{ name: `${def.noun}.${verb}`, payload: base }];
  if (verb === 'update') {
    for (const [changeVerb, field] of Object.entries(def.changeEvents) as Array<[ChangeVerb, string]>) {
      if (!(field in write.changed!)) continue;
      const name = `${def.noun}.${changeVerb}`;
      if (changeVerb === 'status-changed') events.push({ name, payload: { status: view['status'], previous_status: write.before![field] } });
      else events.push({ name, payload: { [CHANGE_VERBS[changeVerb]]: referenceNow(def, field, view) } });
    }
  }
  return events.map(({ name, payload }) => (Object.keys(payload).length > 0 ? { name, payload } : { name })) as PublishedEvent[];
}
