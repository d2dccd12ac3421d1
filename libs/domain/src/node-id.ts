/**
 * Global node IDs (SPEC.md "Global node ID"; REFERENCE.md GraphQL): opaque,
 * URL-safe base64 without padding, decoding to `<instance>/<Type>/<id>`.
 */
export interface NodeRef {
  instance: string;
  type: string;
  id: number;
}

export const DEFAULT_NODE_INSTANCE = 'tessera';

export function encodeNodeId(type: string, id: number, instance: string = DEFAULT_NODE_INSTANCE): string {
  return Buffer.from(`${instance}/${type}/${id}`, 'utf8').toString('base64url');
}

/** Returns null for anything that is not a node ID this service could have issued. */
export function decodeNodeId(nodeId: string): NodeRef | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(nodeId)) return null;
  const match = /^([a-z0-9-]+)\/([A-Z][A-Za-z]*)\/([1-9][0-9]{0,15})$/.exec(Buffer.from(nodeId, 'base64url').toString('utf8'));
  if (!match) return null;
  return { instance: match[1]!, type: match[2]!, id: Number(match[3]) };
}
