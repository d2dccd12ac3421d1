/**
 * A time entry (issue 31; ../shared/RECORDS.md "time_entry"), a record of the engine
 * (docs/decisions/039): `/v1/time_entries`, GraphQL's `TimeEntry`, `time_entry.create` /
 * `.update` / `.delete`, each carrying the entry's fields (REFERENCE.md). The minutes a person
 * spent on a day, for a customer organization and a service, on a request where there is one.
 * Who writes them: docs/decisions/041.
 */
import type { FieldError } from '../errors/domain-error.js';
import { FACETS, defineRecord } from '../record-engine/define-record.js';
import { ownerField, ownRecordWriters } from '../people/own-records.js';

const { all: ALL, listed: LISTED } = FACETS;

/** A day has 1,440 minutes; an entry is one person's time on one day. */
const MINUTES_A_DAY = 1440;

/** A negative time spent takes back time registered before: only a correction may. */
function negativeOnlyAsCorrection(entry: Readonly<Record<string, unknown>>): FieldError[] {
  const spent = entry['time_spent'];
  return typeof spent === 'number' && spent < 0 && entry['correction'] !== true ? [['time_spent', 'Time spent may only be negative in a correction']] : [];
}

export const TIME_ENTRY = defineRecord({
  noun: 'time_entry',
  plural: 'time entries',
  fields: {
    person_id: ownerField('Person who spent the time'),
    date: { type: 'date', write: 'change', required: true, description: 'Day the time was spent', collection: ALL },
    time_spent: {
      type: 'integer', min: -MINUTES_A_DAY, max: MINUTES_A_DAY, write: 'change', required: true, description: 'Minutes spent',
      // Sorted, not filtered: GraphQL has no filter for a number, and a connection filters as its collection does.
      note: 'Negative only in a correction', collection: { default: true, sort: true },
    },
    correction: { type: 'boolean', write: 'change', nullable: false, description: 'Whether it corrects time registered before', note: 'Default: false', collection: LISTED },
    description: { type: 'text', max: 80, write: 'change', description: 'What the time was spent on', collection: LISTED },
    customer_id: { type: 'reference', target: 'Organization', write: 'change', description: 'Customer organization the time was spent for', collection: LISTED },
    service_id: { type: 'reference', target: 'Service', write: 'change', description: 'Service the time was spent on', collection: LISTED },
    request_id: { type: 'reference', target: 'Request', write: 'change', description: 'Request the time was spent on', collection: LISTED },
  },
  defaults: { correction: false },
  rules: negativeOnlyAsCorrection,
  writers: ownRecordWriters('time entries', 'a time entry'),
  payloadFields: true,
  describe: {
    create: '`date` and `time_spent` (minutes, negative only in a correction) are needed; `person_id` is the caller unless an administrator names another person. Fires time_entry.create with the entry.',
    update: 'Any field; only administrators move an entry to another person. Fires time_entry.update with the entry; a change that changes nothing fires nothing.',
    delete: 'The caller’s own entry, or any for an administrator. Fires time_entry.delete with what the entry held.',
  },
});
