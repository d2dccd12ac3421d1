/** The people who may sign in to the authorization server: by e-mail for the login form, by id for oidc-provider's findAccount. */
import type { SignInPerson, SignInRepository } from '@tessera/domain';
import type { Database } from '../database.js';

const COLUMNS = ['id', 'name', 'primary_email', 'password_hash'];
const view = (row: { id: number; name: string; primary_email: string; password_hash: string | null }): SignInPerson => ({
  id: row.id, name: row.name, primaryEmail: row.primary_email, passwordHash: row.password_hash,
});

/** An enabled person by primary e-mail, whatever its case. */
export async function findSignInPersonByEmail(db: Database, email: string): Promise<SignInPerson | null> {
  const row = await db('people').where({ disabled: false }).whereRaw('lower(primary_email) = lower(?)', [email]).first(COLUMNS);
  return row ? view(row) : null;
}

export async function findSignInPersonById(db: Database, id: number): Promise<SignInPerson | null> {
  const row = await db('people').where({ id, disabled: false }).first(COLUMNS);
  return row ? view(row) : null;
}

export function signInRepository(db: Database): SignInRepository {
  return {
    findByEmail: (email) => findSignInPersonByEmail(db, email),
    findById: (id) => findSignInPersonById(db, id),
  };
}
