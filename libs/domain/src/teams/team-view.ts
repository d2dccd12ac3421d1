/** A team as `/v1/teams` reads it (a record view of TEAM): of the account of the call, its manager named. */
export type TeamView = {
  id: number;
  name: string;
  disabled: boolean;
  manager: { id: number; name: string } | null;
  created_at: Date;
  updated_at: Date;
};

/** Whose teams a read sees: the account of the call's, or only those a person is a member of (`/v1/people/:id/teams`). */
export interface TeamReadScope {
  accountId: string;
  memberId?: number;
}
