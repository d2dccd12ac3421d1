/**
 * The api's composition root: every use case the routes call, built once per
 * process on one unit of work. Routes are adapters from HTTP to these; none
 * of them reads persistence itself.
 */
import {
  getMe, getRequest, listRequestNotes, listRequests, submitEvent,
  type AccessContext, type CollectionQuery, type EventInput, type EventOutcome, type Me, type NoteView, type Page, type RequestView,
} from '@tessera/domain';
import {
  createIntegration, createIntegrationScope, createOAuthApplication, deleteIntegrationScope, getIntegration, getIntegrationScope,
  listIntegrationApplications, listIntegrationScopes, listIntegrations, updateIntegration, updateIntegrationScope, updateOAuthApplication,
  type CreatedOAuthApplication, type IntegrationFields, type IntegrationRecord, type IntegrationScopeRecord, type OAuthApplicationFields,
  type OAuthApplicationRecord, type ScopeInput,
} from '@tessera/domain';
import { createUnitOfWork, ping, type Database } from '@tessera/persistence';

export interface ApiServices {
  me(access: AccessContext): Promise<Me>;
  listRequests(access: AccessContext, query: CollectionQuery): Promise<Page<RequestView>>;
  getRequest(access: AccessContext, id: number): Promise<RequestView>;
  listRequestNotes(access: AccessContext, requestId: number, query: CollectionQuery): Promise<Page<NoteView>>;
  submitEvent(access: AccessContext, input: EventInput): Promise<EventOutcome>;
  listIntegrations(access: AccessContext, query: CollectionQuery): Promise<Page<IntegrationRecord>>;
  getIntegration(access: AccessContext, id: number): Promise<IntegrationRecord>;
  createIntegration(access: AccessContext, input: Partial<IntegrationFields>): Promise<IntegrationRecord>;
  updateIntegration(access: AccessContext, id: number, input: Partial<IntegrationFields>): Promise<IntegrationRecord>;
  listIntegrationApplications(access: AccessContext, integrationId: number, query: CollectionQuery): Promise<Page<OAuthApplicationRecord>>;
  createOAuthApplication(access: AccessContext, integrationId: number, input: Partial<OAuthApplicationFields>): Promise<CreatedOAuthApplication>;
  updateOAuthApplication(access: AccessContext, integrationId: number, id: number, input: Partial<OAuthApplicationFields>): Promise<OAuthApplicationRecord>;
  listIntegrationScopes(access: AccessContext, integrationId: number, query: CollectionQuery): Promise<Page<IntegrationScopeRecord>>;
  getIntegrationScope(access: AccessContext, integrationId: number, id: number): Promise<IntegrationScopeRecord>;
  createIntegrationScope(access: AccessContext, integrationId: number, input: ScopeInput): Promise<IntegrationScopeRecord>;
  updateIntegrationScope(access: AccessContext, integrationId: number, id: number, input: ScopeInput): Promise<IntegrationScopeRecord>;
  deleteIntegrationScope(access: AccessContext, integrationId: number, id: number): Promise<void>;
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
    listIntegrations: (access, query) => listIntegrations(access, query, reads),
    getIntegration: (access, id) => getIntegration(access, id, reads),
    createIntegration: (access, input) => createIntegration(access, input, uow),
    updateIntegration: (access, id, input) => updateIntegration(access, id, input, uow),
    listIntegrationApplications: (access, integrationId, query) => listIntegrationApplications(access, integrationId, query, reads),
    createOAuthApplication: (access, integrationId, input) => createOAuthApplication(access, integrationId, input, uow),
    updateOAuthApplication: (access, integrationId, id, input) => updateOAuthApplication(access, integrationId, id, input, uow),
    listIntegrationScopes: (access, integrationId, query) => listIntegrationScopes(access, integrationId, query, reads),
    getIntegrationScope: (access, integrationId, id) => getIntegrationScope(access, integrationId, id, reads),
    createIntegrationScope: (access, integrationId, input) => createIntegrationScope(access, integrationId, input, uow),
    updateIntegrationScope: (access, integrationId, id, input) => updateIntegrationScope(access, integrationId, id, input, uow),
    deleteIntegrationScope: (access, integrationId, id) => deleteIntegrationScope(access, integrationId, id, uow),
    ping: () => ping(db),
  };
}
