/**
 * Checks an e-mail and password (SPEC.md "OAuth authorization code grant" step 2: the
 * person signs in before authorizing; the "Access and Security" page signs in the same
 * way). An unknown e-mail, or a person without a password, costs the same scrypt work
 * as a wrong password, so the answer time does not tell which it was.
 */
import { hashPassword, verifyPassword } from '../identity/password.js';
import type { SignInPerson, SignInRepository } from './sign-in.repository.js';

let unknownPersonHash: Promise<string> | undefined;

export async function signIn(email: string, password: string, people: SignInRepository): Promise<SignInPerson | null> {
  const person = email === '' ? null : await people.findByEmail(email);
  if (!person?.passwordHash) {
    unknownPersonHash ??= hashPassword('no such person');
    await verifyPassword(password, await unknownPersonHash);
    return null;
  }
  return (await verifyPassword(password, person.passwordHash)) ? person : null;
}
