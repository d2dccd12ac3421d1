import { hashPassword } from '../identity/password.js';
import { signIn } from './sign-in.js';
import type { SignInPerson, SignInRepository } from './sign-in.repository.js';

describe('signIn — e-mail and password', () => {
  let ellen: SignInPerson;
  const asked: string[] = [];
  const people: SignInRepository = {
    findByEmail: async (email) => {
      asked.push(email);
      return [ellen, { id: 8, name: 'No password', primaryEmail: 'sso@widget.example', passwordHash: null }].find((p) => p.primaryEmail === email.toLowerCase()) ?? null;
    },
    findById: async () => null,
  };

  beforeAll(async () => {
    ellen = { id: 7, name: 'Ellen', primaryEmail: 'ellen@widget.example', passwordHash: await hashPassword('correct horse') };
  });
  beforeEach(() => {
    asked.length = 0;
  });

  it('returns the person when the password verifies', async () => {
    expect(await signIn('ellen@widget.example', 'correct horse', people)).toEqual(ellen);
  });

  it('refuses a wrong password, an unknown e-mail and a person without a password alike', async () => {
    expect(await signIn('ellen@widget.example', 'wrong', people)).toBeNull();
    expect(await signIn('nobody@widget.example', 'correct horse', people)).toBeNull();
    expect(await signIn('sso@widget.example', '', people)).toBeNull();
  });

  it('does not look up an empty e-mail', async () => {
    expect(await signIn('', 'correct horse', people)).toBeNull();
    expect(asked).toEqual([]);
  });
});
