/**
 * The demo data of `npm start` (ARCHITECTURE.md "Running it"; the README's
 * examples use these names). Idempotent: running it again changes nothing but
 * re-issues the tokens and passwords the caller no longer knows.
 */
import { ALL_SCOPES, generatePersonalAccessToken, hashPassword, hashToken, isExpired, verifyPassword } from '@tessera/domain';
import { randomBytes } from 'node:crypto';
import type { Database } from '../database.js';
import { findTokenState, insertPersonalAccessToken } from '../access/personal-access-token.repository.js';
import { ensureRow } from './ensure-row.js';
import { seedServiceRecords } from './demo-service-records.js';
import { ensureIntegration, ensureOAuthClient, ensureUiExtension, type DemoOAuthClient } from './demo-integration-records.js';

export const DEMO_ACCOUNT = 'wdc';
export const DEMO_DIRECTORY_ACCOUNT = 'widget';
const DEMO_TOKEN_LIFETIME_DAYS = 365;

export interface DemoLogin {
  email: string;
  password: string;
  token: string;
}

export interface DemoSeedResult {
  account: string;
  admin: DemoLogin;
  agent: DemoLogin;
  oauth_client: DemoOAuthClient;
  integration_id: number;
  ui_extension_id: number;
}

/** Scopes of the agent's token: everything but administration. */
const AGENT_SCOPES = ['request:*', 'person:Read', 'team:Read', 'service_instance:Read', 'ci:Read', 'me:*'];

export async function seedDemoData(db: Database, known: Partial<DemoSeedResult> = {}): Promise<DemoSeedResult> {
  return db.transaction(async (trx) => {
    await trx('accounts').insert({ id: DEMO_DIRECTORY_ACCOUNT, name: 'Widget International' }).onConflict('id').ignore();
    await trx('accounts')
      .insert({ id: DEMO_ACCOUNT, name: 'Widget Data Center', directory_account_id: DEMO_DIRECTORY_ACCOUNT })
      .onConflict('id')
      .ignore();
    const wdcOrg = await ensureRow(trx, 'organizations', { account_id: DEMO_ACCOUNT, name: 'Widget Data Center' });
    const widgetOrg = await ensureRow(trx, 'organizations', { account_id: DEMO_DIRECTORY_ACCOUNT, name: 'Widget International' });

    const admin = await ensureLogin(trx, { name: 'Alice Admin', email: 'admin@widget.example', organizationId: wdcOrg }, known.admin);
    const agent = await ensureLogin(trx, { name: 'Andy Agent', email: 'agent@widget.example', organizationId: wdcOrg }, known.agent);
    await grantRoles(trx, admin.id, ['administrator', 'agent']);
    await grantRoles(trx, agent.id, ['agent']);
    const adminToken = await ensureToken(trx, admin.id, 'Demo admin token', [...ALL_SCOPES], known.admin?.token);
    const agentToken = await ensureToken(trx, agent.id, 'Demo agent token', AGENT_SCOPES, known.agent?.token);

    await seedServiceRecords(trx, { account: DEMO_ACCOUNT, directoryAccount: DEMO_DIRECTORY_ACCOUNT, wdcOrg, widgetOrg, agentId: agent.id });

    return {
      account: DEMO_ACCOUNT,
      admin: { email: admin.email, password: admin.password, token: adminToken },
      agent: { email: agent.email, password: agent.password, token: agentToken },
      oauth_client: await ensureOAuthClient(trx, DEMO_ACCOUNT, known.oauth_client),
      integration_id: await ensureIntegration(trx, DEMO_ACCOUNT),
      ui_extension_id: await ensureUiExtension(trx, DEMO_ACCOUNT),
    };
  });
}

interface LoginSpec {
  name: string;
  email: string;
  organizationId: number;
}

async function ensureLogin(db: Database, spec: LoginSpec, known: DemoLogin | undefined) {
  const row = await db('people').whereRaw('lower(primary_email) = lower(?)', [spec.email]).first('id', 'password_hash');
  const knownStillValid = known?.password && row?.password_hash && (await verifyPassword(known.password, row.password_hash));
  const password = knownStillValid ? known!.password : randomBytes(12).toString('base64url');
  const passwordHash = knownStillValid ? row!.password_hash : await hashPassword(password);
  if (row) {
    await db('people').where({ id: row.id }).update({ password_hash: passwordHash });
    return { id: row.id as number, email: spec.email, password };
  }
  const [inserted] = await db('people')
    .insert({ account_id: DEMO_ACCOUNT, organization_id: spec.organizationId, name: spec.name, primary_email: spec.email, locale: 'en-US', password_hash: passwordHash })
    .returning('id');
  return { id: inserted.id as number, email: spec.email, password };
}

async function grantRoles(db: Database, personId: number, roles: string[]): Promise<void> {
  await db('person_roles')
    .insert(roles.map((role) => ({ person_id: personId, account_id: DEMO_ACCOUNT, role })))
    .onConflict(['person_id', 'account_id', 'role'])
    .ignore();
}

async function ensureToken(db: Database, personId: number, name: string, scopes: string[], known: string | undefined): Promise<string> {
  if (known) {
    const state = await findTokenState(db, hashToken(known));
    if (state && state.personId === personId && !state.revokedAt && !isExpired(state.expiresAt)) return known;
  }
  const token = generatePersonalAccessToken();
  const expiresAt = new Date(Date.now() + DEMO_TOKEN_LIFETIME_DAYS * 24 * 3600 * 1000);
  await insertPersonalAccessToken(db, { personId, name, tokenHash: hashToken(token), scopes, expiresAt });
  return token;
}
