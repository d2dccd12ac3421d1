/**
 * An organization (issue 31; ../shared/RECORDS.md "organization"), a record of the engine
 * (docs/decisions/039): `/v1/organizations`, GraphQL's `Organization`, `organization.create` /
 * `organization.update`. Organizations form a tree by their parent; the name is unique in the
 * account.
 */
import { CATALOGUE_WRITERS } from '../catalogue/catalogue-writers.js';
import { FACETS, defineRecord } from '../record-engine/define-record.js';

const { all: ALL, listed: LISTED } = FACETS;

export const ORGANIZATION = defineRecord({
  noun: 'organization',
  fields: {
    name: { type: 'text', max: 128, write: 'change', required: true, description: 'Name', note: 'Unique in the account', collection: ALL },
    parent_id: { type: 'reference', target: 'Organization', write: 'change', description: 'Parent organization', note: 'Never the organization itself or one below it', collection: LISTED },
    disabled: { type: 'boolean', write: 'change', nullable: false, description: 'Whether the organization is disabled', note: 'Default: false', collection: LISTED },
    region: { type: 'text', max: 128, write: 'change', description: 'Region (of a business unit)', collection: LISTED },
    financial_id: { type: 'text', max: 128, write: 'change', description: 'The id of the organization in the financial system', graphql: 'financialID', collection: LISTED },
    remarks: { type: 'text', max: 4000, write: 'change', description: 'Remarks' },
  },
  defaults: { disabled: false },
  unique: 'name',
  parent: 'parent_id',
  writers: CATALOGUE_WRITERS,
  describe: {
    create: 'Only `name` is needed (unique in the account); no parent, enabled by default. The parent must be an organization of the account. Fires organization.create.',
    update: 'Name, parent, disabled, region, financial id and remarks. A parent is never the organization itself or one below it. Fires organization.update; a change that changes nothing fires nothing.',
  },
});
