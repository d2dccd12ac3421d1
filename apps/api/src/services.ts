/**
 * The api's composition root: every use case the routes call, built once per
 * process on one unit of work. Routes are adapters from HTTP to these; none
 * of them reads persistence itself.
 */
import {
  accountWebhookKeys, addRequestNote, checkFeedbackLink, createEventIntake, createIntegration, createIntegrationScope,
  createOAuthApplication, createRequest, createUiExtension, createWebhook, createWebhookPolicy, deleteIntegrationScope, deleteWebhook,
  deleteWebhookPolicy, getIntegration, getIntegrationScope, getMe, getRequest, getUiExtension, getUiExtensionTranslations,
  getUiExtensionVersion, getWebhook, getWebhookDelivery, getWebhookPolicy, listIntegrationApplications, listIntegrationScopes,
  listIntegrations, listRequestNotes, listRequests, listUiExtensionVersionAudit, listUiExtensionVersions, listUiExtensions,
  listWebhookDeliveries, listWebhookPolicies, listWebhooks, readAttachment, recordRequestFeedback, redeliverWebhookDeliveries,
  redeliverWebhookDelivery, replaceUiExtensionTranslations, rollWebhookPolicyKey, testWebhook, updateIntegration, updateIntegrationScope,
  updateOAuthApplication, updateRequest, listTeamMembers, listPersonTeams, updateUiExtension, updateWebhook, updateWebhookPolicy, uploadAttachment, type AccessContext,
  type EventInput, type EventOutcome, type FeedbackLinkKey, type ScssCompiler, type SealingKey,
} from '@tessera/domain';
import { addRecordNote, createRecord, deleteRecord, getRecord, listRecordNotes, listLinkedRecords, listRecords, updateRecord } from '@tessera/domain';
import { createAgileBoard, decideTaskApproval, listOwnedRules, listRuleRuns, getAgileBoard, listAgileBoards, listTaskApprovals, updateAgileBoard } from '@tessera/domain';
import { createUnitOfWork, ping, type Database } from '@tessera/persistence';

/**
 * `sealingKey`: SECRET_SEALING_KEY (config.ts), which seals the keys of webhook policies.
 * `apiUrl`: the public base URL, which names the account in webhook messages (decision 016).
 * `feedbackKey`: signs and checks the feedback links of requests (derived from the sealing key).
 * `scss`: compiles the css of UI extensions off the event loop (scss/scss-pool.ts).
 */
export function createApiServices({ db, sealingKey, apiUrl, feedbackKey, scss }: { db: Database; sealingKey: SealingKey; apiUrl: string; feedbackKey: FeedbackLinkKey; scss: ScssCompiler }) {
  const uow = createUnitOfWork(db);
  const reads = uow.repositories;
  const intake = createEventIntake(uow);
  const withReads = lastArgument(reads);
  const withUow = lastArgument(uow);
  const sealed = lastArgument({ uow, sealingKey });
  const feedback = lastArgument({ uow, key: feedbackKey });
  const compiled = lastArgument({ uow, scss });
  return {
    me: withReads(getMe),
    listTeamMembers: withReads(listTeamMembers),
    listPersonTeams: withReads(listPersonTeams),
    listAgileBoards: withUow(listAgileBoards),
    taskApprovals: { list: withReads(listTaskApprovals), decide: withUow(decideTaskApproval) },
    listRuleRuns: withReads(listRuleRuns),
    listOwnedRules: withReads(listOwnedRules),
    getAgileBoard: withUow(getAgileBoard),
    createAgileBoard: withUow(createAgileBoard),
    updateAgileBoard: withUow(updateAgileBoard),
    listRequests: withReads(listRequests),
    getRequest: withReads(getRequest),
    listRequestNotes: withReads(listRequestNotes),
    submitEvent: (access: AccessContext, input: EventInput): Promise<EventOutcome> => intake.submit(input, { access, now: new Date() }),
    createRequest: withUow(createRequest),
    updateRequest: withUow(updateRequest),
    addRequestNote: withUow(addRequestNote),
    // A click on a request's feedback link: no caller but the link's signature; HEAD checks it and writes nothing.
    recordRequestFeedback: feedback(recordRequestFeedback),
    checkFeedbackLink: feedback(checkFeedbackLink),
    listWebhookPolicies: withReads(listWebhookPolicies),
    getWebhookPolicy: withReads(getWebhookPolicy),
    createWebhookPolicy: sealed(createWebhookPolicy),
    updateWebhookPolicy: sealed(updateWebhookPolicy),
    deleteWebhookPolicy: withUow(deleteWebhookPolicy),
    rollWebhookPolicyKey: sealed(rollWebhookPolicyKey),
    // The public JWKS of an account's webhook policies: no caller, the account named in the path.
    accountWebhookKeys: withReads(accountWebhookKeys),
    listIntegrations: withReads(listIntegrations),
    getIntegration: withReads(getIntegration),
    createIntegration: withUow(createIntegration),
    updateIntegration: withUow(updateIntegration),
    listIntegrationApplications: withReads(listIntegrationApplications),
    createOAuthApplication: withUow(createOAuthApplication),
    updateOAuthApplication: withUow(updateOAuthApplication),
    listIntegrationScopes: withReads(listIntegrationScopes),
    getIntegrationScope: withReads(getIntegrationScope),
    createIntegrationScope: withUow(createIntegrationScope),
    updateIntegrationScope: withUow(updateIntegrationScope),
    deleteIntegrationScope: withUow(deleteIntegrationScope),
    listWebhooks: withReads(listWebhooks),
    getWebhook: withReads(getWebhook),
    createWebhook: withUow(createWebhook),
    updateWebhook: withUow(updateWebhook),
    deleteWebhook: withUow(deleteWebhook),
    uploadAttachment: withUow(uploadAttachment),
    readAttachment: withReads(readAttachment),
    testWebhook: lastArgument({ uow, apiUrl })(testWebhook),
    listWebhookDeliveries: withReads(listWebhookDeliveries),
    getWebhookDelivery: withReads(getWebhookDelivery),
    redeliverWebhookDelivery: withUow(redeliverWebhookDelivery),
    redeliverWebhookDeliveries: withUow(redeliverWebhookDeliveries),
    listUiExtensions: withReads(listUiExtensions),
    getUiExtension: withReads(getUiExtension),
    createUiExtension: compiled(createUiExtension),
    updateUiExtension: compiled(updateUiExtension),
    listUiExtensionVersionAudit: withReads(listUiExtensionVersionAudit),
    listUiExtensionVersions: withReads(listUiExtensionVersions),
    getUiExtensionVersion: withReads(getUiExtensionVersion),
    getUiExtensionTranslations: withReads(getUiExtensionTranslations),
    replaceUiExtensionTranslations: withUow(replaceUiExtensionTranslations),
    /** Every record of the engine (RECORDS). */
    records: { list: withReads(listRecords), linked: withReads(listLinkedRecords), get: withReads(getRecord), create: withUow(createRecord), update: withUow(updateRecord), delete: withUow(deleteRecord),
      notes: withReads(listRecordNotes), addNote: withUow(addRecordNote) },
    /** The database answers: for /healthz. */
    ping: (): Promise<void> => ping(db),
  };
}

/** Every use case the routes call, as createApiServices builds them: the type follows the factory. */
export type ApiServices = ReturnType<typeof createApiServices>;

/** A use case with its last argument (its repositories, unit of work or settings) given once. */
function lastArgument<D>(deps: D) {
  return <A extends unknown[], R>(useCase: (...args: [...A, D]) => R) =>
    (...args: A): R => useCase(...args, deps);
}
