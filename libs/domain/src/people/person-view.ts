/** A person as `GET /me` shows them. */
export interface PersonView {
  id: number;
  name: string;
  primary_email: string;
  locale: string;
  account: { id: string; name: string };
  organization: { id: number; name: string } | null;
  created_at: Date;
  updated_at: Date;
}
