/**
 * A record of the engine (docs/decisions/039): one definition around the record's field
 * declaration (docs/decisions/031) from which the domain's use cases, persistence's SQL, the
 * REST routes, the OpenAPI document and the GraphQL type, connection and mutations derive.
 * Every key but the names, the fields and who writes has a default.
 */
import { EVENT_CATALOGUE, type EventNoun } from '../events/event-catalogue.js';
import type { FieldError } from '../errors/domain-error.js';
import type { AccountId } from '../tenancy/account-id.js';
import { checkedChangeEvents, checkedVerb, type ChangeVerb } from './record-verbs.js';
import { checkedReaders, type RecordReaders } from './record-readers.js';
import { CURRENT_VIEWS, type RecordLink, type RecordVisibility, type RecordDirectory, type RecordAccountValues, type RecordUniqueness, type RecordAgreement, type RecordTimer, type RecordStamp, type RecordCurrent, type RecordParent, type RecordOperations, type RecordPredefined, type RecordWriters } from './record-options.js';
import { camelCase, declareRecord, withArticle, type RecordDeclaration, type RecordFields } from '../records/record-fields.js';

/** The options are declared in record-options.ts; importers of the definition find them here too. */
export { CURRENT_VIEWS, NOW } from './record-options.js';
export type { RecordLink, RecordVisibility, RecordDirectory, RecordAccountValues, RecordUniqueness, RecordAgreement, RecordTimer, RecordStamp, RecordCurrent, RecordParent, RecordOperation, RecordOperations, RecordPredefined, CurrentView, RecordResponsibility, RecordLimited, RecordWriters } from './record-options.js';

/**
 * A record's rules that look up other records of the account (an automation rule names a webhook
 * by its name), on the values it would have once written, given only when its own `rules` found
 * no problem; `id`: the record changed, none for a create.
 */
export type RecordLookups = (
  record: Readonly<Record<string, unknown>>,
  context: { account: AccountId; id: number | undefined; store: LookupStore },
) => Promise<FieldError[]>;

/** What RecordLookups read: a part of the engine's store (record-store.repository.ts), declared here as that file imports this one. */
export interface LookupStore {
  missingIds(table: string, accounts: readonly string[], ids: readonly number[]): Promise<number[]>;
  missingNames(table: string, account: AccountId, column: string, names: readonly string[]): Promise<string[]>;
  rowsWhere(def: RecordDefinition, account: AccountId, field: string, value: unknown): Promise<Array<Record<string, unknown> & { id: number }>>;
}

export interface RecordDefinitionInput<F extends RecordFields> {
  /** Its events (`<noun>.create`) and scopes (`<noun>:Read`). */
  noun: EventNoun;
  /** Its node type: global node IDs, the GraphQL object type, audit lines; default the noun in PascalCase (`service_offering` → `ServiceOffering`). */
  node?: string;
  /** How a sentence names one (`configuration item`); default the noun in words (`service_offering` → `service offering`). */
  what?: string;
  /** Default `<what>s`. */
  plural?: string;
  /** `/v1/<path>`; default the plural in snake_case. */
  path?: string;
  /** Default the path. */
  table?: string;
  /** Its fields but `id`, `created_at` and `updated_at`, which every record has. */
  fields: F;
  /** A create's value of a field not given (default null): a value, `CALLER`, or a field of the record another reference names (record-defaults.ts). */
  defaults?: { readonly [K in keyof F]?: unknown };
  /** Datetimes the service sets when a field takes one of some values: `{ solved_at: { when: 'status', in: ['solved'] } }` (record-defaults.ts). */
  stamps?: { readonly [K in keyof F]?: RecordStamp };
  /** A field unique in the account, compared as read (docs/decisions/038), or as `uniqueness` says. */
  unique?: keyof F & string;
  uniqueness?: RecordUniqueness;
  /** Fields the service sets (a workflow's status, derived from its tasks: record-effects.ts), stored and never written by a caller. */
  service?: readonly (keyof F & string)[];
  /** References under whose record this one is listed, and maybe created (RecordParent). */
  parents?: { readonly [K in keyof F]?: RecordParent };
  links?: { readonly [K in keyof F]?: RecordLink };
  /**
   * A reference's message, given the ids listed, for ids that name no record of the account,
   * where it is not the engine's (`Manager: no person of the account has the id 7`).
   */
  missing?: { readonly [K in keyof F]?: (ids: string) => string };
  /** A reference to a record of the same kind making a tree (`parent_id`): never the record itself or one below it. */
  parent?: keyof F & string;
  /**
   * References whose records share a field: `service_instance_id: { with: 'service_offering_id', on: 'service_id' }`, the
   * service instance is one of the offering's service; each reference as given or else as stored.
   */
  agree?: { readonly [K in keyof F]?: RecordAgreement<keyof F & string> };
  timers?: readonly RecordTimer<keyof F & string>[];
  /** When a record is current (RecordCurrent); its collection then lists the current ones. */
  current?: RecordCurrent<keyof F & string>;
  /** Predefined filters of its collection, by name (RecordPredefined); not with `current`, whose views are its own. */
  predefined?: Readonly<Record<string, RecordPredefined<keyof F & string>>>;
  writers: RecordWriters;
  /**
   * The record's own rules beyond its declaration, on the values it would have once written
   * (each as given, else as stored) and, for a change, those it has (`before`: a transition it
   * may not make): a pure function, run in the write's transaction with the other checks; its
   * problems are refused with them.
   */
  rules?: (record: Readonly<Record<string, unknown>>, before?: Readonly<Record<string, unknown>>) => FieldError[];
  /** Rules of the record that look up other records (RecordLookups), run after `rules` in the write's transaction. */
  lookups?: RecordLookups;
  /**
   * The record's checks of the values given beyond what their declaration states (an e-mail
   * address, a language tag), on each value given that the declaration did not refuse: a pure
   * function whose problems are refused with the others.
   */
  check?: (given: Readonly<Record<string, unknown>>) => FieldError[];
  /**
   * The verbs fired beside `<noun>.update` when a field changes, each once (RECORDS.md §4):
   * `{ 'status-changed': 'status', 'manager-changed': 'manager_id' }`; verbs of its catalogue only.
   */
  changeEvents?: Partial<Record<ChangeVerb, keyof F & string>>;
  /** Deleted (`DELETE`, `<record>Delete`) though its catalogue has no `<noun>.delete`, firing nothing: an automation rule's catalogue has no verbs. */
  deletes?: true;
  /** Notes (`GET`/`POST /v1/<path>/:id/notes`, GraphQL `notes` and `<record>NoteCreate`) firing `<noun>.note-added`: its catalogue must have the verb. */
  notes?: true;
  /** Every event of the record carries its fields, references with their `nodeID` (REFERENCE.md: a time entry's and an out-of-office period's events). */
  payloadFields?: true;
  /** What the OpenAPI document says of a create, a change and, where the catalogue has `<noun>.delete`, a delete, beyond the summary. */
  describe: { create: string; update: string; delete?: string };
  /** The REST operations' published names and words where they are not the engine's (RecordOperation). */
  operations?: RecordOperations;
  /** Fields only some callers read (RecordVisibility). */
  visible?: { readonly [K in keyof F]?: RecordVisibility };
  /** Its records are of the account or of its directory account (RecordDirectory). */
  directory?: RecordDirectory;
  /** Fields read from the values the record has in the account of the call (RecordAccountValues). */
  accountValues?: { readonly [K in keyof F]?: RecordAccountValues };
  /** Who reads which of its records (record-readers.ts); none: every caller with `<noun>:Read`. */
  readers?: RecordReaders;
  /**
   * `'own'`: its GraphQL object type and root connection are a module's of its own, which other
   * fields share (a person's `Person`, which `me` returns); the engine makes its node kind's
   * mutations only. Default: the engine makes them all from the definition.
   */
  graphqlType?: 'own';
}

/** The collection facets most fields take: listed by default, filtered, and sorted (`all`) or not (`listed`). */
export const FACETS = {
  all: { default: true, sort: true, filter: true },
  listed: { default: true, filter: true },
} as const;

const ALL = FACETS.all;

/** What the service sets on every record. */
function systemFields(what: string) {
  return {
    id: { type: 'integer', notBlank: true, graphql: false, description: `The ${what} id`, collection: ALL },
    created_at: { type: 'datetime', notBlank: true, description: `When the ${what} was created`, collection: ALL },
    updated_at: { type: 'datetime', notBlank: true, description: `When the ${what} last changed`, collection: ALL },
  } as const;
}

type WithSystemFields<F extends RecordFields> = F & ReturnType<typeof systemFields>;

export interface RecordDefinition<F extends RecordFields = RecordFields> {
  noun: EventNoun;
  node: string;
  what: string;
  plural: string;
  path: string;
  table: string;
  fields: RecordDeclaration<F>;
  defaults: Readonly<Record<string, unknown>>;
  unique: string | null;
  uniqueness: RecordUniqueness;
  service: readonly string[];
  parents: Readonly<Record<string, RecordParent>>;
  links: Readonly<Record<string, RecordLink>>;
  missing: Readonly<Record<string, (ids: string) => string>>;
  parent: string | null;
  agree: Readonly<Record<string, RecordAgreement>>;
  timers: readonly RecordTimer[];
  stamps: Readonly<Record<string, RecordStamp>>;
  current: RecordCurrent | null;
  predefined: Readonly<Record<string, RecordPredefined>>;
  writers: RecordWriters;
  rules: (record: Readonly<Record<string, unknown>>, before?: Readonly<Record<string, unknown>>) => FieldError[];
  lookups: RecordLookups | null;
  check: (given: Readonly<Record<string, unknown>>) => FieldError[];
  changeEvents: Partial<Record<ChangeVerb, string>>;
  notes: boolean;
  /** Deleted by `DELETE` and `<record>Delete`: the catalogue has `<noun>.delete`, or the definition says `deletes`. */
  deletable: boolean;
  payloadFields: boolean;
  describe: { create: string; update: string; delete?: string };
  operations: RecordOperations;
  /** GraphQL's names: the payload's record field (`configurationItem`) and the root connection (`configurationItems`); `ownType`: its object type and connection are not the engine's (`graphqlType`). */
  graphql: { one: string; many: string; ownType: boolean };
  visible: Readonly<Record<string, RecordVisibility>>;
  directory: RecordDirectory | null;
  accountValues: Readonly<Record<string, RecordAccountValues>>;
  readers: RecordReaders | null;
}

/** A limited writer's responsibilities name the record's references of the kind each needs (RecordResponsibility). */
function checkedWriters(noun: string, fields: RecordFields, writers: RecordWriters): RecordWriters {
  const kindOf = (name: string) => {
    const field = fields[name];
    return field?.type === 'reference' || field?.type === 'references' ? `${field.type} ${field.target}` : 'none';
  };
  for (const way of writers.limited?.by ?? []) {
    const named =
      'team' in way ? kindOf(way.team) === 'reference Team'
      : 'link' in way ? kindOf(way.link) === 'references Person'
      : way.parent === undefined ? kindOf(way.person) === 'reference Person'
      : kindOf(way.parent).startsWith('reference ');
    if (!named) throw new Error(`${noun}: the limited writers' ${JSON.stringify(way)} names no reference of the kind it needs`);
  }
  return writers;
}

/** A predefined filter names fields of the record, a name no other route of the collection takes, and none beside `current`'s views. */
function checkedPredefined(noun: string, fields: RecordFields, current: boolean, predefined: Readonly<Record<string, RecordPredefined>>): Readonly<Record<string, RecordPredefined>> {
  const names = Object.keys(predefined);
  if (current && names.length > 0) throw new Error(`${noun}: a record with \`current\` has its views; no predefined filters beside them`);
  for (const [name, filter] of Object.entries(predefined)) {
    if (!/^[a-z][a-z_]*$/.test(name) || name === 'all') throw new Error(`${noun}: a predefined filter is named in lower snake_case, not 'all': ${name}`);
    const unknown = filter.any.flatMap((values) => Object.keys(values)).filter((field) => !(field in fields));
    if (filter.any.length === 0 || unknown.length > 0) throw new Error(`${noun}: the predefined filter ${name} names no values or unknown fields: ${unknown.join(', ')}`);
  }
  return predefined;
}

/**
 * The predefined filters of a record's collection, by name: a record with `current`, its
 * CURRENT_VIEWS (the first its collection's); another, `all` (its collection) and its own
 * `predefined`; none, an empty list.
 */
export function collectionViews(def: Pick<RecordDefinition, 'current' | 'predefined'>): readonly string[] {
  if (def.current !== null) return CURRENT_VIEWS;
  const names = Object.keys(def.predefined);
  return names.length === 0 ? [] : ['all', ...names];
}

export function defineRecord<const F extends RecordFields>(given: RecordDefinitionInput<F>): RecordDefinition<WithSystemFields<F>> {
  const words = given.noun.split('_');
  const input = {
    ...given,
    node: given.node ?? words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(''),
    what: given.what ?? words.join(' '),
  };
  const plural = input.plural ?? `${input.what}s`;
  // `out-of-office periods` → `out_of_office_periods`, `outOfOfficePeriods`.
  const snake = plural.replace(/[^A-Za-z0-9]+/g, '_');
  const path = input.path ?? snake;
  const one = input.node.charAt(0).toLowerCase() + input.node.slice(1);
  return {
    noun: input.noun,
    node: input.node,
    what: input.what,
    plural,
    path,
    table: input.table ?? path,
    fields: declareRecord(withArticle(input.what), { ...input.fields, ...systemFields(input.what) }),
    defaults: (input.defaults ?? {}) as Record<string, unknown>,
    unique: input.unique ?? null,
    uniqueness: input.uniqueness ?? { across: 'account', compare: 'as-read' },
    service: input.service ?? [],
    parents: (input.parents ?? {}) as Record<string, RecordParent>,
    links: (input.links ?? {}) as Record<string, RecordLink>,
    missing: (input.missing ?? {}) as Record<string, (ids: string) => string>,
    parent: input.parent ?? null,
    agree: (input.agree ?? {}) as Record<string, RecordAgreement>,
    timers: input.timers ?? [],
    stamps: (input.stamps ?? {}) as Record<string, RecordStamp>,
    current: input.current ?? null,
    predefined: checkedPredefined(input.noun, input.fields, input.current !== undefined, input.predefined ?? {}),
    writers: checkedWriters(input.noun, input.fields, input.writers),
    rules: input.rules ?? (() => []),
    lookups: input.lookups ?? null,
    check: input.check ?? (() => []),
    changeEvents: checkedChangeEvents(input.noun, input.fields, input.changeEvents ?? {}),
    notes: input.notes === true && checkedVerb(input.noun, 'note-added'),
    deletable: input.deletes === true || (EVENT_CATALOGUE[input.noun] as readonly string[]).includes('delete'),
    payloadFields: input.payloadFields ?? false,
    describe: input.describe,
    operations: input.operations ?? {},
    graphql: { one, many: camelCase(snake), ownType: input.graphqlType === 'own' },
    visible: (input.visible ?? {}) as Record<string, RecordVisibility>,
    directory: input.directory ?? null,
    accountValues: (input.accountValues ?? {}) as Record<string, RecordAccountValues>,
    readers: checkedReaders(input.noun, input.fields, input.readers),
  };
}
