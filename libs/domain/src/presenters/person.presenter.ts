/**
 * The person JSON of `/v1/people` (PERSON_RECORD's read fields): the organization as a
 * reference `{id, name, nodeID}`, the account as `{id, name}`, the person's `nodeID`.
 */
import { encodeNodeId } from '../node-id.js';
import type { PersonDirectoryView } from '../people/person-directory-view.js';

export function presentPerson(view: PersonDirectoryView): Record<string, unknown> {
  return {
    id: view.id,
    name: view.name,
    primary_email: view.primary_email,
    locale: view.locale,
    time_zone: view.time_zone,
    disabled: view.disabled,
    roles: view.roles,
    organization: view.organization && { ...view.organization, nodeID: encodeNodeId('Organization', view.organization.id) },
    account: view.account,
    created_at: view.created_at,
    updated_at: view.updated_at,
    nodeID: encodeNodeId('Person', view.id),
  };
}
