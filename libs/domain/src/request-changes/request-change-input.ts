import type { CheckedRequestFields } from '../requests/request-fields.js';

/**
 * The request fields a change may give, named as SPEC.md "Events intake API"
 * names its parameters (references by id or by a lookup), as
 * requests/request-fields.ts declares them: what both the events intake
 * (events-intake/event-input.ts adds where to register) and the request API
 * (requests/create-request-input.ts, by id only) hand to the steps of a
 * request change. `undefined` means the field was not given; `null` means it
 * was given empty, which clears the field on an existing request (e.g.
 * removes desired_completion_at).
 */
export type RequestChangeInput = CheckedRequestFields;
