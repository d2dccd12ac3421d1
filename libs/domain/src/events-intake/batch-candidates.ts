/** The candidates of a batch of events of one match key (submit-event.ts). */
import type { OpenRequestCandidate, OpenRequestQuery } from '../requests/request.repository.js';
import type { ReservedNote } from '../ports/outbox.js';
import type { Transaction } from '../ports/unit-of-work.js';
import type { RequestView } from '../requests/request-view.js';
import type { BufferedOutbox } from './batch-outbox.js';

/** What the cache needs of an event: its match query. */
interface MatchingEvent {
  query: OpenRequestQuery;
}

export interface CandidateCache {
  /** The event's candidates, as its own read would find them now. */
  of(event: MatchingEvent): Promise<OpenRequestCandidate[]>;
  /** What the event did to the request it matched or created. */
  applied(outcome: { created: boolean; request: Pick<RequestView, 'id'> }, notes: readonly ReservedNote[], changed: boolean): void;
}

/**
 * Events of one batch share their match key, so mostly their candidates: the
 * read is kept while the events only add notes (added to the kept candidate
 * here; a note of the same match query never changes which requests rule 4
 * matches, as the first public note it compares is the query's), and read again, with the buffered writes flushed first, after an
 * event created or changed a request.
 */
export function candidateCache(tx: Pick<Transaction, 'requests'>, outbox: BufferedOutbox): CandidateCache {
  let kept: { query: string; rows: OpenRequestCandidate[] } | null = null;
  return {
    async of(event) {
      const { since, ...rest } = event.query;
      const query = JSON.stringify(rest);
      if (kept?.query !== query) {
        await outbox.flush();
        kept = { query, rows: await tx.requests.openCandidates(event.query) };
      }
      return kept.rows.filter((candidate) => candidate.request.created_at >= since);
    },
    applied(outcome, notes, changed) {
      if (!kept) return;
      if (outcome.created || changed) {
        kept = null;
        return;
      }
      kept.rows = kept.rows.map((row) => (row.request.id === outcome.request.id ? { ...row, noteTexts: [...row.noteTexts, ...notes.map((note) => note.text)] } : row));
    },
  };
}
