/**
 * An out-of-office period (issue 31; ../shared/RECORDS.md "out_of_office_period"), a record of
 * the engine (docs/decisions/039): `/v1/out_of_office_periods`, GraphQL's `OutOfOfficePeriod`,
 * `out_of_office_period.create` / `.update` / `.delete`, each carrying the period's fields
 * (REFERENCE.md). When a person is away, and who approves in their place meanwhile. Who writes
 * them: docs/decisions/041.
 */
import { FACETS, defineRecord } from '../record-engine/define-record.js';
import { ownerField, ownRecordWriters } from '../people/own-records.js';

const { all: ALL, listed: LISTED } = FACETS;

export const OUT_OF_OFFICE_PERIOD = defineRecord({
  noun: 'out_of_office_period',
  node: 'OutOfOfficePeriod',
  what: 'out-of-office period',
  fields: {
    person_id: ownerField('Person who is away'),
    start_at: { type: 'datetime', write: 'change', required: true, description: 'When the period starts', collection: ALL },
    end_at: { type: 'datetime', notBefore: 'start_at', write: 'change', required: true, description: 'When the period ends', note: 'Not before the start', collection: ALL },
    reason: { type: 'text', max: 80, write: 'change', description: 'Why the person is away', collection: LISTED },
    approval_delegate_id: { type: 'reference', target: 'Person', write: 'change', description: 'Person who approves in their place meanwhile', collection: LISTED },
  },
  writers: ownRecordWriters('periods', 'an out-of-office period'),
  payloadFields: true,
  describe: {
    create: '`start_at` and `end_at` (not before the start) are needed; `person_id` is the caller unless an administrator names another person. Fires out_of_office_period.create with the period.',
    update: 'Any field; only administrators move a period to another person. Fires out_of_office_period.update with the period; a change that changes nothing fires nothing.',
    delete: 'The caller’s own period, or any for an administrator. Fires out_of_office_period.delete with what the period held.',
  },
});
