/**
 * A service level agreement (issue 31; ../shared/RECORDS.md "sla"), a record of the engine
 * (docs/decisions/039): `/v1/slas`, GraphQL's `ServiceLevelAgreement`, `sla.create` /
 * `sla.update`. The customer organization of the account agrees to a service offering, for one
 * service instance or the service's, from its start date to its expiry date (calendar days).
 */
import { AGREEMENT_EXPIRY, agreementTermFields } from '../catalogue/agreement-term.js';
import { CATALOGUE_WRITERS } from '../catalogue/catalogue-writers.js';
import { FACETS, defineRecord } from '../record-engine/define-record.js';

const { all: ALL, listed: LISTED } = FACETS;

export const SLA = defineRecord({
  noun: 'sla',
  node: 'ServiceLevelAgreement',
  what: 'service level agreement',
  path: 'slas',
  fields: {
    name: { type: 'text', max: 160, write: 'change', required: true, description: 'Name', collection: ALL },
    customer_id: { type: 'reference', target: 'Organization', write: 'change', required: true, description: 'Customer organization, which pays for the service', collection: LISTED },
    service_offering_id: { type: 'reference', target: 'ServiceOffering', write: 'change', required: true, description: 'Service offering agreed', collection: LISTED },
    service_instance_id: { type: 'reference', target: 'ServiceInstance', write: 'change', description: 'Service instance covered', collection: LISTED },
    ...agreementTermFields('agreement', 'being_prepared'),
  },
  defaults: { status: 'being_prepared' },
  timers: [AGREEMENT_EXPIRY],
  agree: { service_instance_id: { with: 'service_offering_id', on: 'service_id' } },
  writers: CATALOGUE_WRITERS,
  describe: {
    create: '`name`, `customer_id` (an organization of the account) and `service_offering_id` are needed; being prepared by default. The expiry date is never before the start date. Fires sla.create.',
    update: 'Name, customer, offering, service instance, status and dates; the expiry date is never before the start date. Fires sla.update; a change that changes nothing fires nothing.',
  },
});
