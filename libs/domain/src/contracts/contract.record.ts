/**
 * A contract (issue 31; ../shared/RECORDS.md "contract"), a record of the engine
 * (docs/decisions/039): `/v1/contracts`, GraphQL's `Contract`, `contract.create` /
 * `contract.update`. An agreement between a customer and a supplier organization of the
 * account over configuration items, from its start date to its expiry date.
 */
import { AGREEMENT_EXPIRY, agreementTermFields } from '../catalogue/agreement-term.js';
import { CATALOGUE_WRITERS } from '../catalogue/catalogue-writers.js';
import { FACETS, defineRecord } from '../record-engine/define-record.js';

const { all: ALL, listed: LISTED } = FACETS;

const CATEGORIES = ['lease_contract', 'maintenance_contract', 'support_contract', 'support_and_maintenance_contract', 'other_type_of_contract'] as const;
const CONTRACT_CIS_MAX = 1000;

export const CONTRACT = defineRecord({
  noun: 'contract',
  fields: {
    name: { type: 'text', max: 128, write: 'change', required: true, description: 'Name', collection: ALL },
    customer_id: { type: 'reference', target: 'Organization', write: 'change', required: true, description: 'Customer organization', collection: LISTED },
    supplier_id: { type: 'reference', target: 'Organization', write: 'change', description: 'Supplier organization', collection: LISTED },
    category: { type: 'enum', values: CATEGORIES, write: 'change', notBlank: true, description: 'Category', note: 'Default: lease_contract', collection: ALL },
    ...agreementTermFields('contract', 'scheduled_for_activation'),
    ci_ids: {
      type: 'references', target: 'ConfigurationItem', max: CONTRACT_CIS_MAX, write: 'change', description: 'Configuration items the contract covers',
      note: 'Given, it replaces them, in its order; default: none', collection: { default: true },
    },
  },
  defaults: { category: 'lease_contract', status: 'scheduled_for_activation' },
  timers: [AGREEMENT_EXPIRY],
  links: { ci_ids: { table: 'contract_cis', self: 'contract_id', other: 'ci_id', position: 'self' } },
  writers: CATALOGUE_WRITERS,
  describe: {
    create:
      '`name` and `customer_id`, an organization of the account, are needed; a lease contract scheduled for activation by default. ' +
      'The supplier and configuration items must be records of the account. Fires contract.create.',
    update: 'Every field of the contract (`ci_ids` replaces the list). Fires contract.update; a change that changes nothing fires nothing.',
  },
});
