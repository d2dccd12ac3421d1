import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@tessera/persistence/testing';
import { seedAndWriteCredentials } from './demo-credentials.js';

const TABLES = ['oauth_applications', 'integrations', 'integration_scopes', 'ui_extensions', 'ui_extension_versions', 'accounts', 'people', 'teams', 'service_instances', 'configuration_items', 'ci_service_instances', 'slas', 'first_line_support_agreements', 'templates', 'workflow_templates', 'personal_access_tokens'];

describe('demo seed and .data/demo-credentials.json', () => {
  let test: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    test = await createTestDatabase();
    dir = await mkdtemp(path.join(tmpdir(), 'tessera-seed-'));
  });
  afterAll(async () => {
    await test.drop();
    await rm(dir, { recursive: true, force: true });
  });

  const counts = async () => Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, Number((await test.db(t).count({ n: '*' }).first())!.n)])));

  it('writes the credentials file in the documented shape and keeps it across a second seed', async () => {
    const file = path.join(dir, 'demo-credentials.json');
    const first = await seedAndWriteCredentials(test.url, file);
    const before = await counts();
    const second = await seedAndWriteCredentials(test.url, file);
    expect(await counts()).toEqual(before);
    expect(second).toEqual(first);
    const written = JSON.parse(await readFile(file, 'utf8'));
    expect(Object.keys(written).sort()).toEqual(['account', 'admin', 'agent', 'integration_id', 'oauth_client', 'ui_extension_id', 'urls'].sort());
    expect(written.account).toBe('wdc');
    expect(written.admin).toEqual({ email: expect.any(String), password: expect.any(String), token: expect.stringMatching(/^tsr_pat_/) });
    expect(written.oauth_client).toEqual({ client_id: expect.stringMatching(/^tsr_app_/), client_secret: expect.stringMatching(/^tsr_cs_/), redirect_uri: 'http://localhost:8080/callback' });
    expect(written.integration_id).toBeGreaterThan(0);
    expect(written.ui_extension_id).toBeGreaterThan(0);
    const secretHash = (await test.db('oauth_applications').where({ client_id: written.oauth_client.client_id }).first('client_secret_hash')).client_secret_hash;
    expect(secretHash).not.toContain(written.oauth_client.client_secret);
    expect(written.urls).toEqual({ api: 'http://localhost:3000/v1', auth: 'http://localhost:3001', graphql: 'https://localhost:3002/' });
  });

  it('holds the records the README examples name', async () => {
    const db = test.db;
    const si = await db('service_instances as si')
      .leftJoin('teams as fl', 'fl.id', 'si.first_line_team_id')
      .leftJoin('teams as st', 'st.id', 'si.support_team_id')
      .where('si.name', 'Database Production')
      .first('si.id', 'fl.name as first_line', 'st.name as support');
    expect(si).toMatchObject({ first_line: 'Database Operations', support: 'Service Desk' });
    const linked = await db('configuration_items as ci').join('ci_service_instances as l', 'l.ci_id', 'ci.id').where('ci.label', 'srv-db-01').pluck('l.service_instance_id');
    expect(linked).toEqual([si.id]);
    const orphan = await db('configuration_items as ci').leftJoin('ci_service_instances as l', 'l.ci_id', 'ci.id').where('ci.label', 'srv-orphan-01').first('l.service_instance_id');
    expect(orphan).toEqual({ service_instance_id: null });
    const template = await db('templates as t').join('workflow_templates as w', 'w.id', 't.workflow_template_id').join('people as m', 'm.id', 'w.manager_id').where('t.subject', 'Server outage').first('m.name');
    expect(template?.name).toBeTruthy();
    const flsa = await db('first_line_support_agreements as f').join('teams as t', 't.id', 'f.service_desk_team_id').where('f.customer_account_id', 'widget').first('t.name');
    expect(flsa?.name).toBe('Service Desk');
    const scopes = await db('integration_scopes as s').join('integrations as i', 'i.id', 's.integration_id').orderBy('s.id').pluck('s.effect');
    expect(scopes).toEqual(['allow', 'deny']);
    const versions = await db('ui_extension_versions').pluck('status');
    expect(versions).toEqual(['active']);
    const support = await db('accounts').where({ id: 'wdc' }).first('directory_account_id');
    expect(support?.directory_account_id).toBe('widget');
  });
});
