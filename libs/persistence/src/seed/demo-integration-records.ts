/**
 * The demo's integration with allow and deny scopes, the OAuth application
 * that belongs to it, and a UI extension with an active version
 * (ARCHITECTURE.md "Running it"). The client secret is kept while the one the
 * caller knows still matches its digest.
 */
import { CLIENT_SECRET_PREFIX, extractPhrases, generateClientCredentials, generateSecret, hashToken } from '@tessera/domain';
import type { Database } from '../database.js';
import { ensureRow } from './ensure-row.js';

export interface DemoOAuthClient {
  client_id: string;
  client_secret: string;
  redirect_uri: string;
}

export const DEMO_REDIRECT_URI = 'http://localhost:8080/callback';
const APP_NAME = 'Demo monitoring dashboard';
const INTEGRATION_NAME = 'Monitoring bridge';

/** The demo application, in the demo integration (moved there if an older database had it elsewhere). */
export async function ensureOAuthClient(db: Database, account: string, known: DemoOAuthClient | undefined): Promise<DemoOAuthClient> {
  const integrationId = await ensureIntegration(db, account);
  const existing = await db('oauth_applications').where({ account_id: account, name: APP_NAME }).first('id', 'client_id', 'client_secret_hash', 'integration_id');
  if (existing && existing.integration_id !== integrationId) {
    await db('oauth_applications').where({ id: existing.id }).update({ integration_id: integrationId, updated_at: db.fn.now() });
  }
  if (existing && known && known.client_id === existing.client_id && hashToken(known.client_secret) === existing.client_secret_hash) {
    return { client_id: existing.client_id, client_secret: known.client_secret, redirect_uri: DEMO_REDIRECT_URI };
  }
  if (existing) {
    const secret = generateSecret(CLIENT_SECRET_PREFIX);
    await db('oauth_applications').where({ id: existing.id }).update({ client_secret_hash: hashToken(secret), updated_at: db.fn.now() });
    return { client_id: existing.client_id, client_secret: secret, redirect_uri: DEMO_REDIRECT_URI };
  }
  const { clientId, clientSecret, clientSecretHash } = generateClientCredentials();
  await db('oauth_applications').insert({
    account_id: account, integration_id: integrationId, name: APP_NAME, client_id: clientId, client_secret_hash: clientSecretHash,
    redirect_uris: [DEMO_REDIRECT_URI], scopes: ['request:Read', 'me:Read'],
  });
  return { client_id: clientId, client_secret: clientSecret, redirect_uri: DEMO_REDIRECT_URI };
}

export async function ensureIntegration(db: Database, account: string): Promise<number> {
  const id = await ensureRow(db, 'integrations', { account_id: account, name: INTEGRATION_NAME }, {
    description: 'Lets the monitoring tools know who authorized them and read, create and update requests, never delete them',
  });
  const scopes = await db('integration_scopes').where({ integration_id: id }).first('id');
  if (!scopes) {
    await db('integration_scopes').insert([
      { account_id: account, integration_id: id, effect: 'allow', actions: ['me:Read', 'request:Read', 'request:Create', 'request:Update'], conditions: [] },
      { account_id: account, integration_id: id, effect: 'deny', actions: ['request:Delete'], conditions: [] },
    ]);
  }
  return id;
}

const HTML = '<div class="row">\n  <label>Move from</label>\n  <input id="from" type="text">\n  <label>Move to</label>\n  <input id="to" type="text">\n</div>\n';
const CSS = '.row.subject {\n display: none;\n}\n';
// CSS as the api's SCSS compiler stores it (sass, expanded style): the seed runs no compiler of its own.
// apps/api/src/scss/scss-pool.spec.ts checks that the two agree.
const COMPILED_CSS = '.row.subject {\n  display: none;\n}';

export async function ensureUiExtension(db: Database, account: string): Promise<number> {
  const id = await ensureRow(db, 'ui_extensions', { account_id: account, name: 'Server move form' }, {
    title: 'Server move', description: 'Asks where a server moves from and to', category: 'request_template',
  });
  // What the server derives from the texts, as a PATCH would store it: compiled_css and phrases (["Move from","Move to"]).
  const derived = { compiled_css: COMPILED_CSS, phrases: JSON.stringify(extractPhrases(HTML)) };
  const version = await db('ui_extension_versions').where({ ui_extension_id: id }).first('id');
  if (!version) {
    await db('ui_extension_versions').insert({
      account_id: account, ui_extension_id: id, version_nr: 1, name: 'Server move form', status: 'active', activated_at: db.fn.now(),
      html: HTML, css: CSS, form_definition: '{}', ...derived,
    });
  } else {
    // A database seeded before the derivations were stored gets them for the untouched seed version.
    await db('ui_extension_versions').where({ ui_extension_id: id, version_nr: 1, html: HTML, css: CSS }).update(derived);
  }
  return id;
}
