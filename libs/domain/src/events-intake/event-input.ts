import type { RequestChangeInput } from '../request-changes/request-change-input.js';

/**
 * A parsed event (SPEC.md "Events intake API" parameters): the request fields
 * of a change, and the support domain to register the request in.
 */
export interface EventInput extends RequestChangeInput {
  support_domain?: string | null;
}

export const MATCH_WINDOW_HOURS = 24;
