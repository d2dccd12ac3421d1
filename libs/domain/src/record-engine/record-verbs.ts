/**
 * The verbs beside `<noun>.update` a record's definition may declare for a field's change
 * (define-record.ts `changeEvents`, record-events.ts), checked against the catalogue when the
 * record is defined.
 */
import { EVENT_CATALOGUE } from '../events/event-catalogue.js';

/** The verbs a field's change fires, and the payload field each names the record's new value by. */
export const CHANGE_VERBS = { 'status-changed': null, 'manager-changed': 'manager', 'member-changed': 'member', 'team-changed': 'team' } as const;
export type ChangeVerb = keyof typeof CHANGE_VERBS;

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
