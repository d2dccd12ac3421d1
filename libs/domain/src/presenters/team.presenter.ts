/**
 * The team JSON of `/v1/teams` (TEAM_RECORD's read fields): the manager as a reference
 * `{id, name, nodeID}`, the team's `nodeID`.
 */
import { encodeNodeId } from '../node-id.js';
import type { TeamView } from '../teams/team-view.js';

export function presentTeam(view: TeamView): Record<string, unknown> {
  return {
    id: view.id,
    name: view.name,
    manager: view.manager && { ...view.manager, nodeID: encodeNodeId('Person', view.manager.id) },
    disabled: view.disabled,
    created_at: view.created_at,
    updated_at: view.updated_at,
    nodeID: encodeNodeId('Team', view.id),
  };
}
