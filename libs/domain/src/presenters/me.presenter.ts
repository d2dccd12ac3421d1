/** The JSON of `GET /me`: the person with node ids, their roles in the account of the call, and that account. */
import { encodeNodeId } from '../node-id.js';
import type { Me } from '../people/get-me.js';

export function presentMe({ person, roles, currentAccount }: Me): Record<string, unknown> {
  return {
    ...person,
    nodeID: encodeNodeId('Person', person.id),
    organization: person.organization && { ...person.organization, nodeID: encodeNodeId('Organization', person.organization.id) },
    roles,
    current_account: { id: currentAccount.id, name: currentAccount.name },
  };
}
