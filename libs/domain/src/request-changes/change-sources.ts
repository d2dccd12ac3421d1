/** The audit trail's names of where a change came from, when no caller names one. */

/** A new request's source when the event gives none (SPEC.md "Default values for a new request"); also the source events match on. */
export const DEFAULT_EVENT_SOURCE = 'Event';

/** Changes the service makes by itself (the waiting_until release; a webhook disabled after its failures). */
export const SYSTEM_SOURCE = 'Tessera';
