/**
 * A person's own records (docs/decisions/041): a `person_id` that defaults to the caller, and the
 * writers by which anyone with the scopes writes and deletes their own and administrators anyone's.
 * Time entries and out-of-office periods declare both with these.
 */
import type { RecordWriters } from '../record-engine/define-record.js';

/** The `person_id` of a record a person owns; `description` says what the person is to it. */
export function ownerField(description: string) {
  return {
    type: 'reference', target: 'Person', write: 'change', notBlank: true, description,
    note: 'Default: the caller; a person of the account or its directory account', collection: { default: true, filter: true },
  } as const;
}

/** Who writes a person's own records, `plural` and `one` naming them ("time entries", "a time entry"). */
export function ownRecordWriters(plural: string, one: string): RecordWriters {
  return {
    roles: ['administrator'],
    own: 'person_id',
    note: `Anyone with the scope writes and deletes their own ${plural} (\`person_id\` themselves); administrators any person’s.`,
    rule: `${one.charAt(0).toUpperCase()}${one.slice(1)} of another person is written by the administrators of the account`,
  };
}
