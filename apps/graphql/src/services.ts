/**
 * The GraphQL app's composition root: the use cases its resolvers call, built
 * once per process — the same domain functions REST calls.
 */
import { getMe, type AccessContext, type Me } from '@tessera/domain';
import { readConnection, readNestedConnections, readNodesByIds, type Connection, type ConnectionArgs, type GraphNodes, type NestedEdge, type NestedEdges, type NodeKind } from '@tessera/domain';
import {
  addRequestNote, createRequest, updateRequest,
  type AddedRequestNote, type NoteCreateInput, type RequestCreateInput, type RequestUpdateInput, type RequestView,
} from '@tessera/domain';
import {
  createPersonInAccount, createTeam, updatePerson, updateTeam,
  type PersonCreateInput, type PersonDirectoryView, type PersonUpdateInput, type TeamCreateInput, type TeamUpdateInput, type TeamView,
  createConfigurationItem, createServiceInstance, updateConfigurationItem, updateServiceInstance,
  type ConfigurationItemCreateInput, type ConfigurationItemNode, type ConfigurationItemUpdateInput, type ConfigurationItemView,
  type ServiceInstanceCreateInput, type ServiceInstanceNode, type ServiceInstanceUpdateInput, type ServiceInstanceView,
} from '@tessera/domain';
import { createUnitOfWork, ping, type Database } from '@tessera/persistence';
import { graphReads } from '@tessera/persistence';

export interface GraphqlServices {
  me(access: AccessContext): Promise<Me>;
  /** A root connection of the account of the call (read-connections.ts). */
  connection<K extends NodeKind>(access: AccessContext, kind: K, args: ConnectionArgs): Promise<Connection<GraphNodes[K]>>;
  /** The connection under each parent, one statement for all of them. */
  nestedConnections<E extends NestedEdge>(access: AccessContext, edge: E, parentIds: readonly number[], args: ConnectionArgs): Promise<Map<number, Connection<NestedEdges[E]>>>;
  /** Records by id the caller may read; the others are left out. */
  nodesByIds<K extends NodeKind>(access: AccessContext, kind: K, ids: readonly number[]): Promise<Array<GraphNodes[K]>>;
  /** The request API use cases, the same REST calls (they publish the same webhook events). */
  createRequest(access: AccessContext, input: RequestCreateInput): Promise<RequestView>;
  updateRequest(access: AccessContext, id: number, input: RequestUpdateInput): Promise<RequestView>;
  addRequestNote(access: AccessContext, requestId: number, input: NoteCreateInput): Promise<AddedRequestNote>;
  /** The people and teams use cases of `/v1/people` and `/v1/teams` (the same events). */
  createPerson(access: AccessContext, input: PersonCreateInput): Promise<PersonDirectoryView>;
  updatePerson(access: AccessContext, id: number, input: PersonUpdateInput): Promise<PersonDirectoryView>;
  createTeam(access: AccessContext, input: TeamCreateInput): Promise<TeamView>;
  updateTeam(access: AccessContext, id: number, input: TeamUpdateInput): Promise<TeamView>;
  /** The configuration item and service instance use cases REST calls (they publish ci.* and service_instance.*), answering nodes. */
  createConfigurationItem(access: AccessContext, input: ConfigurationItemCreateInput): Promise<ConfigurationItemNode>;
  updateConfigurationItem(access: AccessContext, id: number, input: ConfigurationItemUpdateInput): Promise<ConfigurationItemNode>;
  createServiceInstance(access: AccessContext, input: ServiceInstanceCreateInput): Promise<ServiceInstanceNode>;
  updateServiceInstance(access: AccessContext, id: number, input: ServiceInstanceUpdateInput): Promise<ServiceInstanceNode>;
  /** The database answers: for /healthz. */
  ping(): Promise<void>;
}

export function createGraphqlServices({ db }: { db: Database }): GraphqlServices {
  const uow = createUnitOfWork(db);
  const reads = uow.repositories;
  const graph = graphReads(db);
  return {
    me: (access) => getMe(access, reads),
    connection: (access, kind, args) => readConnection(access, kind, args, graph),
    nestedConnections: (access, edge, parentIds, args) => readNestedConnections(access, edge, parentIds, args, graph),
    nodesByIds: (access, kind, ids) => readNodesByIds(access, kind, ids, graph),
    createRequest: (access, input) => createRequest(access, input, uow),
    updateRequest: (access, id, input) => updateRequest(access, id, input, uow),
    addRequestNote: (access, requestId, input) => addRequestNote(access, requestId, input, uow),
    createPerson: (access, input) => createPersonInAccount(access, input, uow),
    updatePerson: (access, id, input) => updatePerson(access, id, input, uow),
    createTeam: (access, input) => createTeam(access, input, uow),
    updateTeam: (access, id, input) => updateTeam(access, id, input, uow),
    createConfigurationItem: async (access, input) => ciNode(await createConfigurationItem(access, input, uow)),
    updateConfigurationItem: async (access, id, input) => ciNode(await updateConfigurationItem(access, id, input, uow)),
    createServiceInstance: async (access, input) => serviceInstanceNode(await createServiceInstance(access, input, uow)),
    updateServiceInstance: async (access, id, input) => serviceInstanceNode(await updateServiceInstance(access, id, input, uow)),
    ping: () => ping(db),
  };
}

/** A CI as its GraphQL type resolves it (the row a connection reads). */
function ciNode({ support_team, service_instances: _links, ...view }: ConfigurationItemView): ConfigurationItemNode {
  return { ...view, support_team_id: support_team?.id ?? null };
}

function serviceInstanceNode(view: ServiceInstanceView): ServiceInstanceNode {
  return {
    id: view.id, name: view.name, first_line_team_id: view.first_line_team?.id ?? null, support_team_id: view.support_team?.id ?? null,
    created_at: view.created_at, updated_at: view.updated_at,
  };
}
