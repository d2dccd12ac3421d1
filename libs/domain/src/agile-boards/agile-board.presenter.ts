/** An agile board as REST answers it: columns in order, each with its node ID. */
import { encodeNodeId } from '../node-id.js';
import type { AgileBoardView } from './agile-board.js';

export function presentAgileBoard(view: AgileBoardView): Record<string, unknown> {
  return {
    id: view.id,
    name: view.name,
    columns: view.columns.map((column) => ({ id: column.id, name: column.name, nodeID: encodeNodeId('AgileBoardColumn', column.id) })),
    created_at: view.created_at,
    updated_at: view.updated_at,
    nodeID: encodeNodeId('AgileBoard', view.id),
  };
}
