/**
 * The node type of a parent value, for `Node.__resolveType`: rows carry no type of their
 * own, so node lookup records the type it read each row as.
 */
import type { NodeKind } from '@tessera/domain';

const kinds = new WeakMap<object, NodeKind>();

export function markNodeKind<T extends object>(node: T, kind: NodeKind): T {
  kinds.set(node, kind);
  return node;
}

export function nodeKindOf(node: object): NodeKind | null {
  return kinds.get(node) ?? null;
}
