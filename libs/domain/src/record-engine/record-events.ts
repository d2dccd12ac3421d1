/**
 * The events a write of a record of the engine fires (SPEC.md "Events"; ../shared/RECORDS.md
 * §4): `<noun>.create`, `.update` or `.delete`, and beside an update, once each, the verbs its
 * definition declares for the fields that changed (`changeEvents`): `status-changed` with the
 * status and the previous one, `manager-changed` / `member-changed` / `team-changed` with the
 * person or team now. A noun whose catalogue has `status-changed` carries its `status` in its
 * create and update. Where the definition says `payloadFields`, every event carries the record.
 */
import { EVENT_CATALOGUE } from '../events/event-catalogue.js';
import type { PublishedEvent } from '../events/event-payloads.js';
import { nodeRef } from '../outbox/node-fields.js';
import { readNameOf } from '../records/record-fields.js';
import type { RecordDefinition } from './define-record.js';
import { recordPayload } from './record-payload.js';
import type { NamedRef, RecordRow, RecordView } from './record-store.repository.js';

/** The verbs a field's change fires, and the payload field each names the record's new value by. */
export const CHANGE_VERBS = { 'status-changed': null, 'manager-changed': 'manager', 'member-changed': 'member', 'team-changed': 'team' } as const;
export type ChangeVerb = keyof typeof CHANGE_VERBS;

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

/** True when the noun's catalogue has the verb; throws at load time otherwise. */
export function checkedVerb(noun: string, verb: string): true {
  if (!(EVENT_CATALOGUE[noun as keyof typeof EVENT_CATALOGUE] as readonly string[]).includes(verb)) throw new Error(`${noun}.${verb} is not in the catalogue`);
  return true;
}

/** A definition's `changeEvents`, each a verb of its catalogue naming a field it declares; throws at load time otherwise. */
export function checkedChangeEvents(noun: string, fields: Readonly<Record<string, unknown>>, declared: Partial<Record<ChangeVerb, string>>): Partial<Record<ChangeVerb, string>> {
  for (const [verb, field] of Object.entries(declared)) {
    checkedVerb(noun, verb);
    if (!(field! in fields)) throw new Error(`${noun} has no field ${field} for ${verb}`);
  }
  return declared;
}
