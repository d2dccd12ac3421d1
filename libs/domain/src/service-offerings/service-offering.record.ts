/**
 * A service offering (issue 31; ../shared/RECORDS.md "service_offering"), a record of the engine
 * (docs/decisions/039): `/v1/service_offerings`, GraphQL's `ServiceOffering`,
 * `service_offering.create` / `service_offering.update`. What a service of the account offers its
 * customers, at a level the SLAs agree on; its status says whether customers can have it.
 */
import { CATALOGUE_WRITERS } from '../catalogue/catalogue-writers.js';
import { FACETS, defineRecord } from '../record-engine/define-record.js';

const { all: ALL, listed: LISTED } = FACETS;

const SERVICE_OFFERING_STATUSES = ['planned', 'unpublished', 'available', 'temporarily_unavailable', 'discontinued'] as const;

export const SERVICE_OFFERING = defineRecord({
  noun: 'service_offering',
  fields: {
    name: { type: 'text', max: 190, write: 'change', required: true, description: 'Name', collection: ALL },
    service_id: { type: 'reference', target: 'Service', write: 'change', required: true, description: 'Service offered', collection: LISTED },
    status: { type: 'enum', values: SERVICE_OFFERING_STATUSES, write: 'change', nullable: false, description: 'Status', note: 'Default: planned', collection: ALL },
    summary: { type: 'text', max: 4000, write: 'change', description: 'Summary, for customers' },
  },
  defaults: { status: 'planned' },
  writers: CATALOGUE_WRITERS,
  describe: {
    create: '`name` and `service_id`, a service of the account, are needed; planned by default. Fires service_offering.create.',
    update: 'Name, service, status and summary. Fires service_offering.update; a change that changes nothing fires nothing.',
  },
});
