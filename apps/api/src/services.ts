/**
 * The api's composition root: every use case the routes call, built once per
 * process on one unit of work. Routes are adapters from HTTP to these; none
 * of them reads persistence itself.
 */
import {
  getMe, getRequest, listRequestNotes, listRequests, submitEvent,
  type AccessContext, type CollectionQuery, type EventInput, type EventOutcome, type Me, type NoteView, type Page, type RequestView,
} from '@tessera/domain';
import { createUnitOfWork, ping, type Database } from '@tessera/persistence';

export interface ApiServices {
  me(access: AccessContext): Promise<Me>;
  listRequests(access: AccessContext, query: CollectionQuery): Promise<Page<RequestView>>;
  getRequest(access: AccessContext, id: number): Promise<RequestView>;
  listRequestNotes(access: AccessContext, requestId: number, query: CollectionQuery): Promise<Page<NoteView>>;
  submitEvent(access: AccessContext, input: EventInput): Promise<EventOutcome>;
  /** The database answers: for /healthz. */
  ping(): Promise<void>;
}

export function createApiServices({ db }: { db: Database }): ApiServices {
  const uow = createUnitOfWork(db);
  const reads = uow.repositories;
  return {
    me: (access) => getMe(access, reads),
    listRequests: (access, query) => listRequests(access, query, reads),
    getRequest: (access, id) => getRequest(access, id, reads),
    listRequestNotes: (access, requestId, query) => listRequestNotes(access, requestId, query, reads),
    submitEvent: (access, input) => submitEvent(input, { access, now: new Date() }, uow),
    ping: () => ping(db),
  };
}
