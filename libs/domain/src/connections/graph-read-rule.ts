/** What a node type's reads need and the orders and filters its connection offers (graph-read-rules.ts has one per type). */
import type { AccessContext } from '../identity/access-context.js';
import type { ConnectionOrder } from './connection-page.js';
import type { NodeKind } from './graph-nodes.js';

/** `text`: any of these strings; `node:<Type>`: any of these node IDs of that type; `flag`: a boolean. */
export type FilterKind = 'text' | `node:${NodeKind}` | 'flag';

export interface GraphReadRule {
  assertReader(access: AccessContext): void;
  orderFields: readonly string[];
  defaultOrder: ConnectionOrder;
  filters: Readonly<Record<string, FilterKind>>;
  /** The connection's predefined filters (its `view` argument), the first its default: a record's `current` (define-record.ts). */
  views?: readonly string[];
  /** A rule on the fields a caller filters or orders on (an end user may not use others' e-mails: docs/decisions/033). */
  assertQuery?(access: AccessContext, fieldsUsed: readonly string[]): void;
}
