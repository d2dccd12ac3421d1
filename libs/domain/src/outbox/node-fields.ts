/**
 * SPEC.md "Events" rule 1: payload fields ending in `_nodeID` carry global node
 * ids. A payload names a record either as `<name>_id` + `<name>_nodeID`, or as
 * an object `{id, nodeID, name}`; these helpers write both forms, and
 * `missingNodeIds` finds a reference written without its node id.
 */
import { encodeNodeId } from '../node-id.js';

export type NodeIdFields<K extends string> = { [P in `${K}_id`]: number } & { [P in `${K}_nodeID`]: string };

export function nodeIdFields<K extends string>(key: K, type: string, id: number): NodeIdFields<K> {
  return { [`${key}_id`]: id, [`${key}_nodeID`]: encodeNodeId(type, id) } as NodeIdFields<K>;
}

export function nodeRef(type: string, id: number, name: string | null): { id: number; nodeID: string; name: string | null } {
  return { id, nodeID: encodeNodeId(type, id), name };
}

/** Paths of references that lack their node id: `x_id` without `x_nodeID`, or `{id}` without `nodeID`. */
export function missingNodeIds(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => missingNodeIds(item, `${path}[${index}]`));
  if (value === null || typeof value !== 'object' || value instanceof Date) return [];
  const record = value as Record<string, unknown>;
  const missing: string[] = [];
  if (typeof record['id'] === 'number' && path !== '' && !('nodeID' in record)) missing.push(`${path}.nodeID`);
  for (const [key, field] of Object.entries(record)) {
    const at = path ? `${path}.${key}` : key;
    if (key.endsWith('_id') && typeof field === 'number' && !(`${key.slice(0, -3)}_nodeID` in record)) missing.push(`${at.slice(0, -3)}_nodeID`);
    missing.push(...missingNodeIds(field, at));
  }
  return missing;
}
