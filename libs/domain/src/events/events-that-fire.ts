/**
 * The names of the catalogue some write of Tessera fires: the request verbs its request writes,
 * the events intake and the job queue fire, and `automation_rule`, which an automation rule's
 * `call webhook` sends (docs/decisions/053); for every record of the engine (people among them)
 * its create, update and, where it has them, delete, note-added and the verbs its
 * fields' changes fire. The README lists them and, by name, the catalogue's names that cannot
 * fire yet (a spec keeps the two in step).
 */
import { RECORDS } from '../record-engine/registry.js';
import { EVENT_NAMES, type EventName } from './event-catalogue.js';

const OFF_THE_ENGINE: readonly EventName[] = [
  'request.create', 'request.update', 'request.note-added', 'request.status-changed', 'request.member-changed', 'request.team-changed',
  'request.major-incident-status-changed', 'request.agile-board-column-changed',
  'automation_rule',
];

/** In the catalogue's order. */
export function eventsThatFire(): EventName[] {
  const fired = new Set<string>(OFF_THE_ENGINE);
  for (const def of RECORDS) {
    const verbs = ['create', 'update', ...(def.deletable ? ['delete'] : []), ...(def.notes ? ['note-added'] : []), ...Object.keys(def.changeEvents)];
    for (const verb of verbs) fired.add(`${def.noun}.${verb}`);
  }
  return EVENT_NAMES.filter((name) => fired.has(name));
}

/** The catalogue's names no write of Tessera fires yet, in the catalogue's order. */
export function eventsThatCannotFire(): EventName[] {
  const fired = new Set<string>(eventsThatFire());
  return EVENT_NAMES.filter((name) => !fired.has(name));
}
