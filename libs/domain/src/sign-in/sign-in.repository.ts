/** The people who may sign in to the authorization server: by e-mail for the login forms, by id for a session. */
export interface SignInPerson {
  id: number;
  name: string;
  primaryEmail: string;
  /** `scrypt$salt$digest`; null: this person cannot sign in with a password. */
  passwordHash: string | null;
}

export interface SignInRepository {
  /** An enabled person by primary e-mail, whatever its case. */
  findByEmail(email: string): Promise<SignInPerson | null>;
  /** An enabled person by id. */
  findById(id: number): Promise<SignInPerson | null>;
}
