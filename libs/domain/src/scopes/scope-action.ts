/**
 * SPEC.md "Integration scope" `actions`: each `<record type>:<operation>`.
 * Record types are the nouns of SPEC.md's Events table plus the records the
 * APIs expose (`me`, `webhook`, `webhook_policy`, `integration`,
 * `ui_extension`, `event`, `agile_board`); operations Read, Create, Update, Delete. `*` is a
 * wildcard on either side (`request:*`, `*:Read`, `*:*`).
 */
import { EVENT_CATALOGUE } from '../events/event-catalogue.js';

export const SCOPE_OPERATIONS = ['Read', 'Create', 'Update', 'Delete'] as const;
export type ScopeOperation = (typeof SCOPE_OPERATIONS)[number];

export const SCOPE_RECORD_TYPES: readonly string[] = [
  ...Object.keys(EVENT_CATALOGUE),
  'me', 'webhook', 'webhook_policy', 'integration', 'ui_extension', 'event', 'agile_board',
];

const RECORD_TYPES = new Set(SCOPE_RECORD_TYPES);
const OPERATIONS = new Set<string>(SCOPE_OPERATIONS);

/** One action a call performs, e.g. `{ recordType: 'request', operation: 'Read' }`. */
export interface Action {
  recordType: string;
  operation: ScopeOperation;
}

export const actionName = (action: Action) => `${action.recordType}:${action.operation}`;

/** Why an action string is not one, or null when it is. */
export function scopeActionError(action: string): string | null {
  const at = action.indexOf(':');
  if (at < 0 || action.indexOf(':', at + 1) >= 0) return `'${action.slice(0, 80)}' is not of the form <record type>:<operation>`;
  const type = action.slice(0, at);
  const operation = action.slice(at + 1);
  if (type !== '*' && !RECORD_TYPES.has(type)) return `'${type.slice(0, 80)}' is not a known record type`;
  if (operation !== '*' && !OPERATIONS.has(operation)) return `'${operation.slice(0, 80)}' is not an operation (Read, Create, Update, Delete or *)`;
  return null;
}

/** Whether a scope's action (wildcards allowed) covers the action of a call. */
export function actionCovers(scopeAction: string, action: Action): boolean {
  const at = scopeAction.indexOf(':');
  if (at < 0) return false;
  const type = scopeAction.slice(0, at);
  const operation = scopeAction.slice(at + 1);
  return (type === '*' || type === action.recordType) && (operation === '*' || operation === action.operation);
}
