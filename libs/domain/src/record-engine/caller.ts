/** A default that is the person making the create (define-record.ts `defaults`; record-defaults.ts). */
export const CALLER = Symbol('the caller');
