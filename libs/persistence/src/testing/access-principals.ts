/**
 * The callers of the access matrix (issue 20 item 6): one per way a call can
 * be refused or let through, with what each carries, so the matrix derives
 * the expected answer from a route's declaration rather than listing it.
 */
import { generatePersonalAccessToken, hashToken, tokenScopes, type Role, type ScopeStatement } from '@tessera/domain';
import type { Database } from '../database.js';
import { insertPersonalAccessToken } from '../access/personal-access-token.repository.js';
import type { DemoSeedResult } from '../seed/demo-seed.js';

export type PrincipalName = 'no token' | 'malformed token' | 'expired token' | 'revoked token' | "another account's token" | 'end user' | 'agent' | 'scope denied';

export interface Principal {
  name: PrincipalName;
  /** The Authorization header, if any. */
  authorization?: string;
  /** 401: the token is refused before anything else. */
  unauthenticated?: boolean;
  /** 403: the token is good but not in this account. */
  foreign?: boolean;
  roles: readonly Role[];
  /** Scopes as the caller's token carries them: `deny` takes the route's own action. */
  scopes: (action: string | undefined) => readonly ScopeStatement[];
  /** Raw scope lines, for a token minted per action. */
  scopeLines: (action: string | undefined) => string[];
}

async function personIn(db: Database, account: string, name: string, roles: readonly Role[]): Promise<number> {
  const [person] = await db('people').insert({ account_id: account, name, primary_email: `${name.replace(/\W+/g, '-')}-${account}@matrix.example` }).returning('id');
  for (const role of roles) await db('person_roles').insert({ person_id: person.id, account_id: account, role });
  return person.id;
}

export async function mintToken(db: Database, personId: number, scopes: string[], expiresAt: Date | null = null): Promise<string> {
  const token = generatePersonalAccessToken();
  await insertPersonalAccessToken(db, { personId, name: 'access matrix', tokenHash: hashToken(token), scopes, expiresAt });
  return token;
}

/** The eight callers, over the demo seed; `scope denied` is the administrator with `*:*` less the route's action (minted per route). */
export async function accessPrincipals(db: Database, demo: DemoSeedResult) {
  // The agent's demo token, with the scopes the seed gave it: what the agent really carries.
  const agentScopes: string[] = (await db('personal_access_tokens').where({ token_hash: hashToken(demo.agent.token) }).first('scopes')).scopes;
  const admin = (await db('people').where({ primary_email: demo.admin.email }).first('id')).id as number;
  const expired = await mintToken(db, admin, ['*:*'], new Date(Date.now() - 60_000));
  const revoked = await mintToken(db, admin, ['*:*']);
  await db('personal_access_tokens').where({ token_hash: hashToken(revoked) }).update({ revoked_at: new Date() });
  await db('accounts').insert({ id: 'matrix-elsewhere', name: 'Elsewhere' }).onConflict('id').ignore();
  const foreigner = await mintToken(db, await personIn(db, 'matrix-elsewhere', 'Olga Outsider', ['administrator']), ['*:*']);
  const endUser = await mintToken(db, await personIn(db, demo.account, 'Ernie End-User', []), ['*:*']);
  const everything = () => tokenScopes(['*:*']);
  const denied = (action: string | undefined) => (action ? ['*:*', `deny ${action}`] : ['*:*']);
  const principals: Principal[] = [
    { name: 'no token', unauthenticated: true, roles: [], scopes: everything, scopeLines: () => [] },
    { name: 'malformed token', authorization: 'Bearer not a token, this!', unauthenticated: true, roles: [], scopes: everything, scopeLines: () => [] },
    { name: 'expired token', authorization: `Bearer ${expired}`, unauthenticated: true, roles: [], scopes: everything, scopeLines: () => [] },
    { name: 'revoked token', authorization: `Bearer ${revoked}`, unauthenticated: true, roles: [], scopes: everything, scopeLines: () => [] },
    { name: "another account's token", authorization: `Bearer ${foreigner}`, foreign: true, roles: [], scopes: everything, scopeLines: () => [] },
    { name: 'end user', authorization: `Bearer ${endUser}`, roles: [], scopes: everything, scopeLines: () => ['*:*'] },
    { name: 'agent', authorization: `Bearer ${demo.agent.token}`, roles: ['agent'], scopes: () => tokenScopes(agentScopes), scopeLines: () => [...agentScopes] },
    { name: 'scope denied', roles: ['administrator', 'agent'], scopes: (action) => tokenScopes(denied(action)), scopeLines: denied },
  ];
  return { principals, adminId: admin };
}
