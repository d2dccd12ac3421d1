/**
 * A release (issue 32, ../shared/RECORDS.md "release"), a record of the engine (docs/decisions/039,
 * 051): `/v1/releases`, GraphQL's `Release`, `release.create` / `.update`, `.manager-changed` and
 * `.note-added`. Its workflows name it (`release_id`; listed at `/v1/releases/:id/workflows`); its
 * status, impact and completion follow them and are never written, and, as on the platform, its
 * status has no verb of its own: a move fires `release.update`.
 */
import { FACETS, defineRecord } from '../record-engine/define-record.js';
import { CALLER } from '../record-engine/caller.js';
import { workWriters } from '../problems/work-writers.js';
import { IMPACTS, PLAN_STATUSES } from '../workflows/task-statuses.js';

const { all: ALL, listed: LISTED } = FACETS;

export const RELEASE = defineRecord({
  noun: 'release',
  fields: {
    subject: { type: 'text', max: 255, write: 'change', required: true, description: 'Subject', collection: ALL },
    manager_id: { type: 'reference', target: 'Person', write: 'change', notBlank: true, description: 'Release manager', note: 'Default: the caller', collection: LISTED },
    status: { type: 'enum', values: PLAN_STATUSES, description: 'Status, from its workflows', collection: ALL },
    impact: { type: 'enum', values: IMPACTS, description: 'The highest impact of its workflows', collection: LISTED },
    completed_at: { type: 'datetime', description: 'When every workflow of it completed; null while not', collection: ALL },
  },
  defaults: { manager_id: CALLER, status: 'registered' },
  service: ['status', 'impact'],
  stamps: { completed_at: { when: 'status', in: ['completed'] } },
  changeEvents: { 'manager-changed': 'manager_id' },
  notes: true,
  writers: workWriters('releases', [{ person: 'manager_id' }], 'A specialist changes only the releases they manage'),
  describe: {
    create: 'Only `subject` is needed; the manager is the caller unless given. Workflows join it by their `release_id`. Fires release.create.',
    update: 'Its status follows its workflows. Fires release.update, and beside it release.manager-changed; a move of its status fires release.update, made by the service.',
  },
});
