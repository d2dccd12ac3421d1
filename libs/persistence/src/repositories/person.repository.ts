import type { Database } from '../database.js';

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

export async function findPersonView(db: Database, personId: number): Promise<PersonView | null> {
  const row = await db('people as p')
    .join('accounts as a', 'a.id', 'p.account_id')
    .leftJoin('organizations as o', 'o.id', 'p.organization_id')
    .where('p.id', personId)
    .first(
      'p.id', 'p.name', 'p.primary_email', 'p.locale', 'p.created_at', 'p.updated_at',
      'a.id as account_id', 'a.name as account_name', 'o.id as organization_id', 'o.name as organization_name',
    );
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    primary_email: row.primary_email,
    locale: row.locale,
    account: { id: row.account_id, name: row.account_name },
    organization: row.organization_id ? { id: row.organization_id, name: row.organization_name } : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
