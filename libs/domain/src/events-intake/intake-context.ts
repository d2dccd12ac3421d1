import type { ChangeContext } from '../request-changes/change-context.js';

/** An event is a request change: its context is that of every change. */
export type IntakeContext = ChangeContext;
