/**
 * The one port of every record of the engine (docs/decisions/039): what its use cases read
 * and write, for any definition. SQL: libs/persistence records/.
 */
import type { CollectionQuery, Page } from '../collections/collection-query.js';
import type { QueuedJob } from '../jobs/job-contract.js';
import type { NoteView } from '../requests/request-view.js';
import type { AccountId } from '../tenancy/account-id.js';
import type { RecordDefinition } from './define-record.js';
import type { RecordReader } from './record-readers.js';

/** A record another names, as an answer shows it. */
export interface NamedRef {
  id: number;
  name: string;
}

/** A record as its answers read it: its read fields by their read names, references as `NamedRef`, lists of them in order. */
export type RecordView = { id: number } & Record<string, unknown>;

/** Records whose link list `field` holds the record `id` (RecordStore.page). */
export interface RecordLinked {
  field: string;
  id: number;
  /** The other way: the records the link list `field` of the `owner` record `id` holds (a risk's organizations). */
  owner?: RecordDefinition;
}

/** The stored values of a record a write may set (its columns). */
export type RecordRow = Record<string, unknown>;

/** A change of a record that changes something, as record-use-cases.ts saveRecordChange writes it. */
export interface SavedChange {
  account: AccountId;
  id: number;
  /** The row's values before the change. */
  before: RecordRow;
  /** The row's changed values. */
  changed: RecordRow;
  /** Each link list as it is to be (those in `audit` are written). */
  links: Record<string, number[]>;
  /** `[before, after]` of every field changed. */
  audit: Record<string, unknown>;
  /** Null: the service's own change. */
  actor: { id: number; name: string } | null;
  source: string | null;
  jobs: readonly QueuedJob[];
  /** False: a change the service derives, which brings nothing further (record-effects.ts). */
  effects?: false;
}

export interface RecordStore {
  /**
   * `view`: one of the record's predefined filters (define-record.ts collectionViews), none its whole collection;
   * `linked`: only those whose link list holds that record among the links of the account (a team's members);
   * `reader`: only those the caller reads (define-record.ts `readers`); none, every record (the service's own reads).
   */
  page(def: RecordDefinition, account: AccountId, query: CollectionQuery, view?: string, linked?: RecordLinked, reader?: RecordReader): Promise<Page<RecordView>>;
  /** `reader`: null when the caller may not read it (define-record.ts `readers`). */
  find(def: RecordDefinition, account: AccountId, id: number, reader?: RecordReader): Promise<RecordView | null>;
  /** The record's stored values, locked until the transaction ends; null when there is none. */
  findForUpdate(def: RecordDefinition, account: AccountId, id: number): Promise<RecordRow | null>;
  /** Null when its unique field was taken meanwhile (nothing written, the transaction usable). */
  insert(def: RecordDefinition, account: AccountId, row: RecordRow): Promise<number | null>;
  /** False when its unique field was taken meanwhile (nothing written). */
  update(def: RecordDefinition, id: number, changes: RecordRow): Promise<boolean>;
  /** Adds a note to the record (define-record.ts `notes`); its id. */
  insertNote(def: RecordDefinition, account: AccountId, id: number, personId: number, text: string): Promise<number>;
  /** One page of the record's notes. */
  notesPage(def: RecordDefinition, account: AccountId, id: number, query: CollectionQuery): Promise<Page<NoteView>>;
  /** Deletes the record and its links (link rows go with it, by their foreign keys). */
  delete(def: RecordDefinition, id: number): Promise<void>;
  /** The ids of `ids` that name no row of `table` in any of `accounts`, in the order given. */
  missingIds(table: string, accounts: readonly string[], ids: readonly number[]): Promise<number[]>;
  /** The names of `names` that no row of `table` of the account has in `column`, as given (compared exactly). */
  missingNames(table: string, account: AccountId, column: string, names: readonly string[]): Promise<string[]>;
  /** The id of the record of the account (or of any, define-record.ts `uniqueness`), but `exceptId`, whose `field` compares as `value`; null when none. */
  idWith(def: RecordDefinition, account: AccountId, field: string, value: string, exceptId?: number): Promise<number | null>;
  /** Whether `candidate` is the record `id` or one below it in the tree of its `field` (define-record.ts `parent`). */
  isSelfOrBelow(def: RecordDefinition, field: string, id: number, candidate: number): Promise<boolean>;
  /** The `column` of the row `id` of `table` (a default taken from a referenced record); null when none. */
  columnValue(table: string, id: number, column: string): Promise<unknown>;
  /** Whether the person is a member of the team (a limited writer's responsibility: define-record.ts RecordLimited). */
  inTeam(teamId: number, personId: number): Promise<boolean>;
  /** Whether the row `a` of `tableA` and the row `b` of `tableB` have the same `column`. */
  sameValue(column: string, tableA: string, a: number, tableB: string, b: number): Promise<boolean>;
  /** The stored values (and ids) of the account's records whose `field` is `value`, by id (a workflow's tasks). */
  rowsWhere(def: RecordDefinition, account: AccountId, field: string, value: unknown): Promise<Array<RecordRow & { id: number }>>;
  /** The `[self, other]` pairs of a link list of the records `ids` (the predecessors of a workflow's tasks). */
  linkPairs(def: RecordDefinition, field: string, ids: readonly number[]): Promise<Array<[number, number]>>;
  /** The ids a link list holds, in its order. */
  linkIds(def: RecordDefinition, field: string, id: number): Promise<number[]>;
  /** Replaces a link list by these ids (define-record.ts RecordLink says how positions follow). */
  replaceLinks(def: RecordDefinition, field: string, id: number, ids: readonly number[]): Promise<void>;
  /** The values the record has in the account (define-record.ts `accountValues`), in value order. */
  accountValues(def: RecordDefinition, field: string, account: AccountId, id: number): Promise<string[]>;
  /** Replaces the values the record has in the account. */
  replaceAccountValues(def: RecordDefinition, field: string, account: AccountId, id: number, values: readonly string[]): Promise<void>;
}
