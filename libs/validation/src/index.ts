export { parseCollectionQuery, DEFAULT_PER_PAGE, MAX_PER_PAGE } from './collection-query.js';
export type { CollectionSpec, PageSizeLimits, CollectionQuery, SortTerm, Filter, FilterOperator, RawQuery } from './collection-query.js';
export { parseFilterValue, parseIsoDatetime } from './filter-value.js';
export type { FilterType } from './filter-value.js';
export { parseConfig, ConfigError, configFields, baseConfigSchema, baseConfig } from './config.js';
export type { BaseConfig } from './config.js';
export { sealingKeyConfig, deploymentEnvOf } from './sealing-key-config.js';
export { isPublishedSecret, publishedSecretProblems, SECRET_VARIABLES } from './example-secrets.js';
export type { TrustProxySetting } from './trust-proxy.js';
export { parseEventInput, humanize } from './events/event-input.js';
// The parameter table the parser reads, for documents derived from it (the api's OpenAPI description).
export { PARAMETERS as EVENT_PARAMETERS, ALIASES as EVENT_PARAMETER_ALIASES } from './events/event-input.js';
export type { Kind as EventParameterKind } from './events/event-input.js';
// A record's write inputs, derived from its declaration in the domain (docs/decisions/031).
export { writeBodyShape, intakeParameters } from './record-schemas.js';
export type { IntakeParameter } from './record-schemas.js';
export { collectionSpecOf, answerShape } from './record-reads.js';
export { DATETIME_RANGE_TEXT } from './filter-value.js';
export { parseWriteBody, reference } from './write-body.js';
export type { WriteBodyOptions } from './write-body.js';
export { unstorableTextFields } from './unstorable-text.js';
