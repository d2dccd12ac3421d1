import type { CollectionQuery, Page } from '../collections/collection-query.js';
import type { PersonRef } from '../records/references.js';
import type { RequestReadScope } from './request-read-scope.js';
import type { NewRequest, RequestChanges, RequestRecord } from './request-record.js';
import type { NoteView, RequestView } from './request-view.js';
import type { AccountId } from '../tenancy/account-id.js';

/** What SPEC.md "Event matching" needs to know about an open request to decide whether an event matches it and to apply it. */
export interface OpenRequestCandidate {
  /** With the names of its references, as answers show it. */
  request: RequestView;
  /** The text of every note (a note is added only when it differs from all of them). */
  noteTexts: string[];
  /** The requested_by person, enabled, for the messages of the change. */
  requestedBy: PersonRef | null;
  /** The account of the requested_for person (the SLA's customer). */
  requestedForAccountId: string | null;
}

/**
 * The open requests the matching rules name (SPEC.md "Event matching"): of the
 * scope's account and readable in it, not completed or declined, of that
 * source, created at or after `since`, the newest first, row-locked until the
 * transaction ends. With a CI (rule 2): of that CI and service instance.
 * Without (rule 4): of that subject and requested_for, without a CI, whose
 * first public note is `firstPublicNote` (null: that have no public note).
 */
export type OpenRequestQuery = { scope: RequestReadScope; source: string; since: Date } & (
  | { ci: { id: number; serviceInstanceId: number | null } }
  | { withoutCi: { subject: string; requestedForId: number; firstPublicNote: string | null } }
);

export interface RequestRepository {
  /** The new request, with the names of its references (read in the same statement). */
  insert(request: NewRequest): Promise<RequestView>;
  /** The changed request, with the names of its references (read in the same statement). */
  update(account: AccountId, id: number, changes: RequestChanges): Promise<RequestView>;
  find(account: AccountId, id: number): Promise<RequestRecord | null>;
  /** Row-locked until the transaction ends: a concurrent change of the same request waits. */
  findForUpdate(account: AccountId, id: number): Promise<RequestRecord | null>;
  openCandidates(query: OpenRequestQuery): Promise<OpenRequestCandidate[]>;
  findView(scope: RequestReadScope, id: number): Promise<RequestView | null>;
  listViews(scope: RequestReadScope, query: CollectionQuery): Promise<Page<RequestView>>;
}

export interface NewNote {
  requestId: number;
  personId: number;
  text: string;
  internal: boolean;
}

export interface NoteRepository {
  /** Adds the notes in order, in one statement; returns their ids in the same order. */
  insert(account: AccountId, notes: readonly NewNote[]): Promise<number[]>;
  /** Notes of a request the scope may read (the caller checks the request itself first). */
  listViews(scope: RequestReadScope, requestId: number, query: CollectionQuery): Promise<Page<NoteView>>;
}
