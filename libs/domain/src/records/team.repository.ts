import type { CollectionQuery, Page } from '../collections/collection-query.js';
import type { TeamReadScope, TeamView } from '../teams/team-view.js';
import type { ByNameOrId, Ref } from './references.js';
import type { AccountId } from '../tenancy/account-id.js';

export interface TeamRepository {
  find(account: AccountId, by: ByNameOrId): Promise<Ref | null>;
  /** A page of the teams the scope sees (`GET /v1/teams`, `GET /v1/people/:id/teams`). */
  listViews(scope: TeamReadScope, query: CollectionQuery): Promise<Page<TeamView>>;
  /** One team of the account; null when it has none with that id. */
  findView(account: string, id: number): Promise<TeamView | null>;
}
