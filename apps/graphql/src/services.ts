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
  addRecordNote, createRecord, decideTaskApproval, deleteRecord, listTaskApprovals, readNameOf, updateRecord, type ApprovalView, type RecordDefinition, type RecordView,
} from '@tessera/domain';
import { getAgileBoard, listAgileBoards, type AgileBoardView } from '@tessera/domain';
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
  /** The agile boards of the account, as REST `GET /v1/agile_boards` reads them. */
  listAgileBoards(access: AccessContext): Promise<AgileBoardView[]>;
  getAgileBoard(access: AccessContext, id: number): Promise<AgileBoardView>;
  /** The use cases of the records of the engine REST calls (the same events), answering nodes. */
  createRecord(def: RecordDefinition, access: AccessContext, input: object): Promise<Record<string, unknown>>;
  updateRecord(def: RecordDefinition, access: AccessContext, id: number, input: object): Promise<Record<string, unknown>>;
  deleteRecord(def: RecordDefinition, access: AccessContext, id: number): Promise<void>;
  addRecordNote(def: RecordDefinition, access: AccessContext, id: number, input: NoteCreateInput): Promise<unknown>;
  /** An approval task's approvers with their decisions, and the caller's decision (docs/decisions/051). */
  listTaskApprovals(def: RecordDefinition, access: AccessContext, id: number): Promise<ApprovalView[]>;
  decideTaskApproval(def: RecordDefinition, access: AccessContext, id: number, input: { status?: unknown }): Promise<ApprovalView[]>;
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
    listAgileBoards: (access) => listAgileBoards(access, uow),
    getAgileBoard: (access, id) => getAgileBoard(access, id, uow),
    createRecord: async (def, access, input) => nodeOf(def, await createRecord(def, access, input, uow)),
    updateRecord: async (def, access, id, input) => nodeOf(def, await updateRecord(def, access, id, input, uow)),
    deleteRecord: (def, access, id) => deleteRecord(def, access, id, uow),
    addRecordNote: (def, access, id, input) => addRecordNote(def, access, id, input, uow),
    listTaskApprovals: (def, access, id) => listTaskApprovals(def, access, id, reads),
    decideTaskApproval: (def, access, id, input) => decideTaskApproval(def, access, id, input, uow),
    ping: () => ping(db),
  };
}

/** A record as its GraphQL type resolves it: the row a connection reads, each reference by its id. */
function nodeOf(def: RecordDefinition, view: RecordView): Record<string, unknown> {
  const node: Record<string, unknown> = { id: view.id };
  for (const [name, field] of Object.entries(def.fields.fields)) {
    const read = readNameOf(name, field);
    if (read === null || field.type === 'references') continue;
    node[field.column ?? name] = field.type === 'reference' ? ((view[read] as { id: number } | null)?.id ?? null) : view[read];
  }
  return node;
}
