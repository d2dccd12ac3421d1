export { parseCollectionQuery, DEFAULT_PER_PAGE, MAX_PER_PAGE } from './collection-query.js';
export type { CollectionSpec, CollectionQuery, SortTerm, Filter, FilterOperator, RawQuery } from './collection-query.js';
export { parseFilterValue, parseIsoDatetime } from './filter-value.js';
export type { FilterType } from './filter-value.js';
export { parseConfig, ConfigError, configFields, baseConfigSchema, baseConfig } from './config.js';
export type { BaseConfig } from './config.js';
export type { TrustProxySetting } from './trust-proxy.js';
export { parseEventInput, humanize } from './events/event-input.js';
