/**
 * The api's composition root: every use case the routes call, built once per
 * process on one unit of work. Routes are adapters from HTTP to these; none
 * of them reads persistence itself.
 */
import {
  createEventIntake, getMe, getRequest, listRequestNotes, listRequests,
  type AccessContext, type CollectionQuery, type EventInput, type EventOutcome, type Me, type NoteView, type Page, type RequestView,
} from '@tessera/domain';
import {
  createIntegration, createIntegrationScope, createOAuthApplication, deleteIntegrationScope, getIntegration, getIntegrationScope,
  listIntegrationApplications, listIntegrationScopes, listIntegrations, updateIntegration, updateIntegrationScope, updateOAuthApplication,
  type CreatedOAuthApplication, type IntegrationFields, type IntegrationRecord, type IntegrationScopeRecord, type OAuthApplicationFields,
  type OAuthApplicationRecord, type ScopeInput,
} from '@tessera/domain';
import {
  accountWebhookKeys, createWebhookPolicy, deleteWebhookPolicy, getWebhookPolicy, listWebhookPolicies, rollWebhookPolicyKey, updateWebhookPolicy,
  type KeyRollInput, type RolledWebhookPolicyKey, type SealingKey, type WebhookKeySet, type WebhookPolicyInput, type WebhookPolicyRecord,
  type WebhookPolicyState, type WebhookPolicyWithKey,
} from '@tessera/domain';
import {
  createWebhook, deleteWebhook, getWebhook, listWebhooks, readAttachment, updateWebhook, uploadAttachment,
  type AttachmentContent, type AttachmentRecord, type UploadedFile, type WebhookDetail, type WebhookInput, type WebhookRecord, type WebhookState,
} from '@tessera/domain';
import {
  getWebhookDelivery, listWebhookDeliveries, redeliverWebhookDeliveries, redeliverWebhookDelivery, testWebhook,
  type DeliverySummary, type DeliveryWithAttempts, type WebhookDeliveryRecord, type RedeliveryRange,
} from '@tessera/domain';
import {
  createUiExtension, getUiExtension, listUiExtensionVersionAudit, listUiExtensions, updateUiExtension,
  type ScssCompiler, type UiExtensionInput, type UiExtensionRecord, type VersionAuditLine,
} from '@tessera/domain';
import {
  getUiExtensionVersion, listUiExtensionVersions,
  type UiExtensionVersionDetail, type UiExtensionVersionRow,
} from '@tessera/domain';
import { getUiExtensionTranslations, replaceUiExtensionTranslations, type TranslationSet } from '@tessera/domain';
import {
  addRequestNote, createRequest, updateRequest,
  type AddedRequestNote, type NoteCreateInput, type RequestCreateInput, type RequestUpdateInput,
} from '@tessera/domain';
import {
  checkFeedbackLink, recordRequestFeedback, type CheckedFeedbackLink, type FeedbackClick, type FeedbackLinkKey, type RecordedFeedback,
} from '@tessera/domain';
import { createUnitOfWork, ping, type Database } from '@tessera/persistence';

export interface ApiServices {
  me(access: AccessContext): Promise<Me>;
  listRequests(access: AccessContext, query: CollectionQuery): Promise<Page<RequestView>>;
  getRequest(access: AccessContext, id: number): Promise<RequestView>;
  listRequestNotes(access: AccessContext, requestId: number, query: CollectionQuery): Promise<Page<NoteView>>;
  submitEvent(access: AccessContext, input: EventInput): Promise<EventOutcome>;
  createRequest(access: AccessContext, input: RequestCreateInput): Promise<RequestView>;
  updateRequest(access: AccessContext, id: number, input: RequestUpdateInput): Promise<RequestView>;
  addRequestNote(access: AccessContext, requestId: number, input: NoteCreateInput): Promise<AddedRequestNote>;
  /** A click on a request's feedback link: no caller but the link's signature. */
  recordRequestFeedback(click: FeedbackClick): Promise<RecordedFeedback>;
  /** The same link checked, nothing written (HEAD). */
  checkFeedbackLink(click: FeedbackClick): Promise<CheckedFeedbackLink>;
  listWebhookPolicies(access: AccessContext, state: WebhookPolicyState, query: CollectionQuery): Promise<Page<WebhookPolicyRecord>>;
  getWebhookPolicy(access: AccessContext, id: number): Promise<WebhookPolicyRecord>;
  createWebhookPolicy(access: AccessContext, input: WebhookPolicyInput): Promise<WebhookPolicyWithKey>;
  updateWebhookPolicy(access: AccessContext, id: number, input: WebhookPolicyInput): Promise<WebhookPolicyWithKey>;
  deleteWebhookPolicy(access: AccessContext, id: number): Promise<void>;
  rollWebhookPolicyKey(access: AccessContext, id: number, input: KeyRollInput): Promise<RolledWebhookPolicyKey>;
  /** The public JWKS of an account's webhook policies: no caller, the account named in the path. */
  accountWebhookKeys(accountId: string): Promise<WebhookKeySet>;
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
  listWebhooks(access: AccessContext, query: CollectionQuery, state: WebhookState): Promise<Page<WebhookRecord>>;
  getWebhook(access: AccessContext, id: number): Promise<WebhookDetail>;
  createWebhook(access: AccessContext, input: WebhookInput): Promise<WebhookDetail>;
  updateWebhook(access: AccessContext, id: number, input: WebhookInput): Promise<WebhookDetail>;
  deleteWebhook(access: AccessContext, id: number): Promise<void>;
  uploadAttachment(access: AccessContext, file: UploadedFile): Promise<AttachmentRecord>;
  readAttachment(access: AccessContext, key: string): Promise<AttachmentContent>;
  testWebhook(access: AccessContext, webhookId: number): Promise<{ deliveryId: string }>;
  listWebhookDeliveries(access: AccessContext, webhookId: number, query: CollectionQuery): Promise<Page<DeliverySummary>>;
  getWebhookDelivery(access: AccessContext, webhookId: number, deliveryId: string): Promise<DeliveryWithAttempts>;
  redeliverWebhookDelivery(access: AccessContext, webhookId: number, deliveryId: string): Promise<WebhookDeliveryRecord>;
  redeliverWebhookDeliveries(access: AccessContext, webhookId: number, range: RedeliveryRange): Promise<{ queued: number }>;
  listUiExtensions(access: AccessContext, query: CollectionQuery): Promise<Page<UiExtensionRecord>>;
  getUiExtension(access: AccessContext, id: number): Promise<UiExtensionRecord>;
  createUiExtension(access: AccessContext, input: UiExtensionInput): Promise<UiExtensionRecord>;
  updateUiExtension(access: AccessContext, id: number, input: UiExtensionInput): Promise<UiExtensionRecord>;
  listUiExtensionVersionAudit(access: AccessContext, id: number, versionId: number): Promise<VersionAuditLine[]>;
  listUiExtensionVersions(access: AccessContext, extensionId: number, query: CollectionQuery): Promise<Page<UiExtensionVersionRow>>;
  getUiExtensionVersion(access: AccessContext, extensionId: number, versionId: number): Promise<UiExtensionVersionDetail>;
  getUiExtensionTranslations(access: AccessContext, extensionId: number, locale: string | undefined): Promise<{ locale: string; translations: TranslationSet }>;
  replaceUiExtensionTranslations(access: AccessContext, extensionId: number, locale: string, body: unknown): Promise<{ locale: string; translations: TranslationSet }>;
  /** The database answers: for /healthz. */
  ping(): Promise<void>;
}

/**
 * `sealingKey`: SECRET_SEALING_KEY (config.ts), which seals the keys of webhook policies.
 * `apiUrl`: the public base URL, which names the account in webhook messages (decision 016).
 * `feedbackKey`: signs and checks the feedback links of requests (derived from the sealing key).
 * `scss`: compiles the css of UI extensions off the event loop (scss/scss-pool.ts).
 */
export function createApiServices({ db, sealingKey, apiUrl, feedbackKey, scss }: { db: Database; sealingKey: SealingKey; apiUrl: string; feedbackKey: FeedbackLinkKey; scss: ScssCompiler }): ApiServices {
  const uow = createUnitOfWork(db);
  const reads = uow.repositories;
  const intake = createEventIntake(uow);
  return {
    me: (access) => getMe(access, reads),
    listRequests: (access, query) => listRequests(access, query, reads),
    getRequest: (access, id) => getRequest(access, id, reads),
    listRequestNotes: (access, requestId, query) => listRequestNotes(access, requestId, query, reads),
    submitEvent: (access, input) => intake.submit(input, { access, now: new Date() }),
    createRequest: (access, input) => createRequest(access, input, uow),
    updateRequest: (access, id, input) => updateRequest(access, id, input, uow),
    addRequestNote: (access, requestId, input) => addRequestNote(access, requestId, input, uow),
    recordRequestFeedback: (click) => recordRequestFeedback(click, { uow, key: feedbackKey }),
    checkFeedbackLink: (click) => checkFeedbackLink(click, { uow, key: feedbackKey }),
    listWebhookPolicies: (access, state, query) => listWebhookPolicies(access, state, query, reads),
    getWebhookPolicy: (access, id) => getWebhookPolicy(access, id, reads),
    createWebhookPolicy: (access, input) => createWebhookPolicy(access, input, { uow, sealingKey }),
    updateWebhookPolicy: (access, id, input) => updateWebhookPolicy(access, id, input, { uow, sealingKey }),
    deleteWebhookPolicy: (access, id) => deleteWebhookPolicy(access, id, uow),
    rollWebhookPolicyKey: (access, id, input) => rollWebhookPolicyKey(access, id, input, { uow, sealingKey }),
    accountWebhookKeys: (accountId) => accountWebhookKeys(accountId, reads),
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
    listWebhooks: (access, query, state) => listWebhooks(access, query, state, reads),
    getWebhook: (access, id) => getWebhook(access, id, reads),
    createWebhook: (access, input) => createWebhook(access, input, uow),
    updateWebhook: (access, id, input) => updateWebhook(access, id, input, uow),
    deleteWebhook: (access, id) => deleteWebhook(access, id, uow),
    uploadAttachment: (access, file) => uploadAttachment(access, file, uow),
    readAttachment: (access, key) => readAttachment(access, key, reads),
    testWebhook: (access, webhookId) => testWebhook(access, webhookId, { uow, apiUrl }),
    listWebhookDeliveries: (access, webhookId, query) => listWebhookDeliveries(access, webhookId, query, reads),
    getWebhookDelivery: (access, webhookId, deliveryId) => getWebhookDelivery(access, webhookId, deliveryId, reads),
    redeliverWebhookDelivery: (access, webhookId, deliveryId) => redeliverWebhookDelivery(access, webhookId, deliveryId, uow),
    redeliverWebhookDeliveries: (access, webhookId, range) => redeliverWebhookDeliveries(access, webhookId, range, uow),
    listUiExtensions: (access, query) => listUiExtensions(access, query, reads),
    getUiExtension: (access, id) => getUiExtension(access, id, reads),
    createUiExtension: (access, input) => createUiExtension(access, input, { uow, scss }),
    updateUiExtension: (access, id, input) => updateUiExtension(access, id, input, { uow, scss }),
    listUiExtensionVersionAudit: (access, id, versionId) => listUiExtensionVersionAudit(access, id, versionId, reads),
    listUiExtensionVersions: (access, extensionId, query) => listUiExtensionVersions(access, extensionId, query, reads),
    getUiExtensionVersion: (access, extensionId, versionId) => getUiExtensionVersion(access, extensionId, versionId, reads),
    getUiExtensionTranslations: (access, extensionId, locale) => getUiExtensionTranslations(access, extensionId, locale, reads),
    replaceUiExtensionTranslations: (access, extensionId, locale, body) => replaceUiExtensionTranslations(access, extensionId, locale, body, uow),
    ping: () => ping(db),
  };
}
