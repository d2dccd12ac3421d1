/**
 * A first line support agreement (issue 31; ../shared/RECORDS.md "flsa"), a record of the
 * engine (docs/decisions/039, 042): `/v1/flsas`, GraphQL's `FirstLineSupportAgreement`,
 * `flsa.create` / `flsa.update`. A provider organization's service desk team gives first line
 * support to a customer organization, from its start date to the end of its expiry date.
 */
import { AGREEMENT_EXPIRY, agreementTermFields } from '../catalogue/agreement-term.js';
import { CATALOGUE_WRITERS } from '../catalogue/catalogue-writers.js';
import { FACETS, defineRecord } from '../record-engine/define-record.js';

const { all: ALL, listed: LISTED } = FACETS;

export const FLSA = defineRecord({
  noun: 'flsa',
  node: 'FirstLineSupportAgreement',
  what: 'first line support agreement',
  path: 'flsas',
  table: 'first_line_support_agreements',
  fields: {
    name: { type: 'text', max: 128, write: 'change', required: true, description: 'Name', collection: ALL },
    customer_id: { type: 'reference', target: 'Organization', write: 'change', required: true, description: 'Customer organization, which receives the support', collection: LISTED },
    provider_id: { type: 'reference', target: 'Organization', write: 'change', required: true, description: 'Provider organization, which gives the support', collection: LISTED },
    ...agreementTermFields('agreement', 'being_prepared'),
    customer_rep_id: {
      type: 'reference', target: 'Person', write: 'change', description: 'Customer representative, who speaks for the customer',
      note: 'A person of the account or of its directory account', collection: LISTED,
    },
    service_desk_team_id: { type: 'reference', target: 'Team', write: 'change', description: 'Service desk team giving the support', collection: LISTED },
    time_zone: { type: 'text', max: 64, format: 'time-zone', write: 'change', description: 'Time zone of the support hours', note: 'An IANA name such as Europe/Amsterdam', collection: LISTED },
  },
  defaults: { status: 'being_prepared' },
  timers: [AGREEMENT_EXPIRY],
  writers: CATALOGUE_WRITERS,
  describe: {
    create:
      '`name`, `customer_id` and `provider_id` (organizations of the account) are needed; being prepared by default. The expiry date is never before ' +
      'the start date; an expiry date already over expires it at once, a later one at the end of that day (UTC). Fires flsa.create.',
    update: 'Name, customer, provider, customer representative, status, service desk team, dates and time zone; the expiry date is never before the start date. Fires flsa.update; a change that changes nothing fires nothing.',
  },
});
