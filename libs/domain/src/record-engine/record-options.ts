/**
 * The options a record's definition declares (define-record.ts), each a rule of the engine any
 * record may use: link lists, field visibility, the directory account, values per account,
 * uniqueness, agreements, timers, stamps, current views, predefined filters, parents, REST operations
 * and writers.
 */
import type { Role } from '../identity/roles.js';

/**
 * A list of ids (a `references` field) kept in a link table of `self` → `other` rows. Its
 * `position` orders the lists of one side: `'self'` — this record's list is in its order, as
 * given; `'other'` — the position is the other record's, so this record's list is by id and a
 * record newly linked comes after its other links; `'none'` — the table has no position: the
 * list is a set, by id (a team's members).
 */
export interface RecordLink {
  table: string;
  self: string;
  other: string;
  position: 'self' | 'other' | 'none';
  /**
   * `'other'`: the links are the other record's (a person's `team_ids` are the teams' members,
   * docs/decisions/035): a write of this record's list changes, within the account of the call
   * only, each other record's list, and each other record whose list changed gets its audit line
   * and its `<noun>.update` (record-owned-links.ts). The other record's definition names the
   * same table with `self` and `other` swapped.
   */
  owner?: 'other';
}

/**
 * A field of the record only some callers read (docs/decisions/033: a person's primary e-mail):
 * `to: 'role'`, a caller with a role in the account, and whoever the record's `own` field names
 * (`id` for a person themselves); anyone else reads null, and may not filter or sort on it
 * (record-visibility.ts).
 */
export interface RecordVisibility {
  to: 'role';
  own: string;
}

/**
 * Records of the account and of its directory account (SPEC.md "Directory account": people):
 * read and referenced from the account of the call and from its directory account; one of the
 * directory account, seen from a support domain, is written in the directory account only —
 * `rule` is the 403 of its change there (record-use-cases.ts), where another's is not found.
 */
export interface RecordDirectory {
  rule: string;
  /** The read field showing whose record it is, the account's or its directory account's: `{id, name}`. */
  field: string;
}

/**
 * A list of values the record has in each account it is read in, kept in `table` as
 * `(account_id, <self>, <value>)` rows (a person's roles in the account of the call): read and
 * written for the account of the call, as a set in value order; `null` writes none. A write
 * changing them is audited as `<field>: [before, after]`, a create with them all.
 */
export interface RecordAccountValues {
  table: string;
  self: string;
  value: string;
}

/**
 * How the unique field is compared (default: among the records of the account, as read,
 * docs/decisions/038): `across: 'every'`, among the records of every account (a person's primary
 * e-mail identifies them at sign-in); `compare: 'lower'`, in lower case; `taken`, the refusal's
 * message (default the engine's, which says how names are compared).
 */
export interface RecordUniqueness {
  across: 'account' | 'every';
  compare: 'as-read' | 'lower';
  taken?: (value: string) => string;
}

/** The other reference of an agreement and the field of the referenced records both have (define-record.ts `agree`). */
export interface RecordAgreement<K extends string = string> {
  with: K;
  on: string;
}

/**
 * A date of the record that sets other fields when its day begins (`start`) or ends (`end`), in
 * UTC (docs/decisions/042): a knowledge article's `archive_date` archives it, an agreement's
 * `expiry_date` expires it. A write giving a day already begun (or over) sets them in the same
 * write; a later day schedules a job, one per record and field, which sets them through the
 * record's change when the moment comes, as the service.
 */
export interface RecordTimer<K extends string = string> {
  field: K;
  /** The day's start or end; `moment`: the field is a datetime, due when it comes (a task's `waiting_until`, docs/decisions/051). */
  at: 'start' | 'end' | 'moment';
  /** The values it sets; none: the record's effects run when it comes (a workflow's start: record-effects.ts). */
  set: Readonly<Record<string, unknown>>;
  /** Only while the record has these values: a task's `waiting_until` returns it to assigned while it is waiting_for. */
  when?: Readonly<Record<string, unknown>>;
}

/** A datetime the service sets when `when` takes one of `in`, and clears when it leaves them (record-defaults.ts). */
export interface RecordStamp {
  when: string;
  in: readonly string[];
}

/**
 * When a record is current (a broadcast shown now): from its `from` datetime, before its `until`
 * datetime (none: until further notice), unless its `unless` flag is set. Read on the database
 * clock; the collection lists the current records, its predefined filters the others
 * (`CURRENT_VIEWS`).
 */
export interface RecordCurrent<K extends string = string> {
  from: K;
  until: K;
  unless: K;
}

/**
 * A record kept under another that a reference of it names (a workflow's tasks, a release's
 * workflows): `GET /v1/<parent path>/:id/<path>` lists those whose reference names that record;
 * with `create`, `POST` there is the record's only create over REST, the reference taken from
 * the path (RECORDS.md §1: `POST /workflows/:id/tasks`).
 */
export interface RecordParent {
  path: string;
  create?: true;
}

/**
 * What the OpenAPI document names and says of one REST operation of the record, where the
 * engine's default is not the record's published one (`listPeople`, not `listPersons`).
 */
export interface RecordOperation {
  operationId?: string;
  summary?: string;
  description?: string;
}

export type RecordOperations = Partial<Record<'list' | 'get' | 'create' | 'update', RecordOperation>>;

/** The predefined filters of a record with `current`; the first is its collection's. */
export const CURRENT_VIEWS = ['active', 'inactive', 'all'] as const;
export type CurrentView = (typeof CURRENT_VIEWS)[number];

/**
 * A predefined filter of a record's collection beyond its own (`GET /v1/<path>/<name>`, GraphQL's
 * `view`): the records having all the values of any one of `any` (an automation rule's
 * `/for_requests`: generic for requests, or owned by a request), read with the collection's
 * conventions. `summary`: what it lists, as the OpenAPI document and GraphQL say it.
 */
export interface RecordPredefined<K extends string = string> {
  summary: string;
  any: ReadonlyArray<Readonly<Partial<Record<K, string | number | boolean>>>>;
}

/** A create's default of a datetime: the database clock when the record is written. */
export const NOW: unique symbol = Symbol('now');

/**
 * One way a caller is responsible for a record (RecordLimited `by`): `person`, the record's
 * reference to a person names the caller; `team`, its reference to a team names one the caller
 * is a member of; `link`, its list of people holds the caller; `parent` with `person`, the
 * record its reference `parent` names has the caller in that reference to a person (a task's
 * workflow's manager).
 */
export type RecordResponsibility = { person: string; parent?: undefined } | { team: string } | { link: string } | { parent: string; person: string };

/**
 * Writers of some roles (`roles`, among the writers' roles) who write only the records they are
 * responsible for (`by`, any one of them), as stored: a change, a delete and a note need it, and
 * a create under a parent (RecordParent `create`) needs each `parent` responsibility of `by`, if
 * any, to hold for the parent. A caller who also has a writer role not in `roles` is not limited.
 * `rule`: the 403's reason (record-writers.ts `assertResponsible`).
 */
export interface RecordLimited {
  roles: readonly [Role, ...Role[]];
  by: readonly [RecordResponsibility, ...RecordResponsibility[]];
  rule: string;
}

/**
 * Who may create, change and delete the record, beyond the token's scopes; `rule` is the use
 * case's 403 reason. A REST route declares one role at most: with one, it declares it; with
 * more, or with `own`, it declares the scope action and `note` says who (the OpenAPI document
 * shows it). `own`: a reference to a person (`person_id`) by which anyone with the scopes
 * writes their own records: it defaults to the caller, and a caller without the roles may
 * only write, and delete, records that name themselves there. `limited`: writers of some roles
 * who write only the records they are responsible for (RecordLimited).
 */
export type RecordWriters = { rule: string; own?: string; limited?: RecordLimited } & (
  | { roles: readonly [Role]; own?: undefined }
  | { roles: readonly [Role, ...Role[]]; note: string }
);
