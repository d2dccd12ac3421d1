/**
 * The term of an agreement of the catalogue — a contract, an SLA, an FLSA (../shared/RECORDS.md
 * §3: "sla / flsa / contract"): its status and its days, the expiry never before the start, and
 * expired at the end of its expiry date (UTC; docs/decisions/042). One declaration for the three.
 */
import { FACETS } from '../record-engine/define-record.js';

const { all: ALL } = FACETS;

export const AGREEMENT_STATUSES = ['being_prepared', 'scheduled_for_activation', 'active', 'expired'] as const;

/** The fields of the term of `what` (`contract`, `agreement`), whose status is `initial` by default. */
export function agreementTermFields(what: string, initial: (typeof AGREEMENT_STATUSES)[number]) {
  return {
    status: {
      type: 'enum', values: AGREEMENT_STATUSES, write: 'change', nullable: false, description: 'Status',
      note: `Default: ${initial}; expired at the end of the expiry date (UTC)`, collection: ALL,
    },
    start_date: { type: 'date', write: 'change', description: `First day of the ${what}`, collection: ALL },
    notice_date: { type: 'date', write: 'change', description: 'Last day to give notice of renewal or termination', collection: ALL },
    expiry_date: {
      type: 'date', notBefore: 'start_date', write: 'change', description: `Last day of the ${what}`,
      note: 'Not before the start date; expired at the end of that day (UTC)', collection: ALL,
    },
  } as const;
}

/** Expired when the expiry date is over. */
export const AGREEMENT_EXPIRY = { field: 'expiry_date', at: 'end', set: { status: 'expired' } } as const;
