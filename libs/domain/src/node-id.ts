/**
 * Global node IDs (SPEC.md "Global node ID"; REFERENCE.md GraphQL): opaque,
 * URL-safe base64 without padding, decoding to `<instance>/<Type>/<id>`.
 */
export interface NodeRef {
  instance: string;
  type: string;
  /**
   * The record's id; null when the number is outside 1..MAX_RECORD_ID (issue 18): such an ID
   * is well formed but names no record, so it answers as one whose record does not exist
   * (null, NOT_FOUND, no match) and never reaches a query, where PostgreSQL would refuse it.
   */
  id: number | null;
}

export const DEFAULT_NODE_INSTANCE = 'tessera';

/** Records are keyed by PostgreSQL `integer`s from 1: no record has an id past this one. */
export const MAX_RECORD_ID = 2_147_483_647;

export function encodeNodeId(type: string, id: number, instance: string = DEFAULT_NODE_INSTANCE): string {
  return Buffer.from(`${instance}/${type}/${id}`, 'utf8').toString('base64url');
}

/** Returns null for anything that is not a node ID this service could have issued the form of. */
export function decodeNodeId(nodeId: string): NodeRef | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(nodeId)) return null;
  const match = /^([a-z0-9-]+)\/([A-Z][A-Za-z]*)\/(-?[0-9]{1,40})$/.exec(Buffer.from(nodeId, 'base64url').toString('utf8'));
  if (!match) return null;
  return { instance: match[1]!, type: match[2]!, id: recordIdOf(match[3]!) };
}

function recordIdOf(digits: string): number | null {
  if (!/^[1-9][0-9]{0,9}$/.test(digits)) return null;
  const id = Number(digits);
  return id <= MAX_RECORD_ID ? id : null;
}
