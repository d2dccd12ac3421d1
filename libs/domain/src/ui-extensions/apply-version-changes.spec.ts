import { DomainError } from '../errors/domain-error.js';
import { fakeTransaction } from '../testing/fake-transaction.js';
import { trustedAccountId } from '../tenancy/account-id.js';
import { applyVersionChanges, type VersionWrite } from './apply-version-changes.js';
import type { NewUiExtensionVersion, UiExtensionVersionChanges, UiExtensionVersionRecord } from './ui-extension-record.js';

const account = trustedAccountId('wdc');
const access = { account: { id: account }, person: { id: 3, name: 'Alice Admin' } } as Parameters<typeof applyVersionChanges>[1];
const NOW = new Date('2026-11-25T08:00:00Z');

function version(fields: Partial<UiExtensionVersionRecord> & Pick<UiExtensionVersionRecord, 'id' | 'version_nr' | 'status'>): UiExtensionVersionRecord {
  return {
    account_id: account, ui_extension_id: 1, name: 'Ext', html: null, css: null, javascript: null, form_definition: null,
    activated_at: null, archived_at: null, compiled_css: null, phrases: [], created_at: NOW, updated_at: NOW, ...fields,
  };
}

/** An in-memory version table and the audit lines written, in order. */
function world() {
  const writes: Array<{ op: 'update'; id: number; changes: UiExtensionVersionChanges } | { op: 'insert'; fields: NewUiExtensionVersion }> = [];
  const audit: Array<{ recordType: string; recordId: number; action: string; changes: unknown }> = [];
  let nextId = 100;
  const tx = fakeTransaction({
    uiExtensions: {
      updateVersion: async (_account, id, changes) => void writes.push({ op: 'update', id, changes }),
      insertVersion: async (_account, extensionId, fields) => {
        writes.push({ op: 'insert', fields });
        return version({ ...fields, id: nextId++, ui_extension_id: extensionId, status: 'being_prepared' });
      },
    },
    auditLines: { insert: async (_account, line) => (audit.push(line as (typeof audit)[number]), audit.length) },
    jobs: { enqueue: async () => undefined },
    now: async () => NOW,
  });
  return { tx, writes, audit };
}

const active = version({ id: 1, version_nr: 1, status: 'active', html: '<p>Hello</p>', css: 'p{color:red}', compiled_css: 'p{color:red}', phrases: ['Hello'] });
const write = (fields: Partial<VersionWrite>): VersionWrite => ({
  extensionId: 1, name: 'Ext', state: { active, prepared: null, lastVersionNr: 1 }, given: {}, compiledCss: undefined, activate: false, startVersion: false, ...fields,
});

describe('applyVersionChanges', () => {
  it('writes nothing and says so when the texts given are the ones the active version has', async () => {
    const { tx, writes, audit } = world();
    expect(await applyVersionChanges(tx, access, write({ given: { html: '<p>Hello</p>' } }))).toBe(false);
    expect(writes).toEqual([]);
    expect(audit).toEqual([]);
  });

  it('starts the next version from the active one: the changed css compiled, the other texts and phrases copied, with its audit line', async () => {
    const { tx, writes, audit } = world();
    const compiledCss = { compiled: 'p{color:blue}', error: null };
    expect(await applyVersionChanges(tx, access, write({ given: { css: 'p { color: blue }' }, compiledCss }))).toBe(true);
    expect(writes).toEqual([{ op: 'insert', fields: expect.objectContaining({ version_nr: 2, html: '<p>Hello</p>', css: 'p { color: blue }', compiled_css: 'p{color:blue}', phrases: ['Hello'] }) }]);
    expect(audit).toEqual([expect.objectContaining({ recordType: 'UiExtensionVersion', recordId: 100, action: 'create' })]);
  });

  it('updates the version being prepared with the html and its phrases, auditing [before, after]', async () => {
    const { tx, writes, audit } = world();
    const prepared = version({ id: 2, version_nr: 2, status: 'being_prepared', html: '<p>Hello</p>', phrases: ['Hello'] });
    await applyVersionChanges(tx, access, write({ state: { active, prepared, lastVersionNr: 2 }, given: { html: '<p>Bye <b>now</b></p>' } }));
    expect(writes).toEqual([{ op: 'update', id: 2, changes: { html: '<p>Bye <b>now</b></p>', phrases: ['Bye', 'now'] } }]);
    expect(audit[0]).toMatchObject({ recordId: 2, action: 'update', changes: { html: ['<p>Hello</p>', '<p>Bye <b>now</b></p>'], phrases: [['Hello'], ['Bye', 'now']] } });
  });

  it('refuses css that does not compile with the css field named, before anything is written', async () => {
    const { tx, writes } = world();
    const compiledCss = { compiled: null, error: ['css', 'Css does not compile: expected "}"'] as [string, string] };
    const refused = applyVersionChanges(tx, access, write({ given: { css: 'p {' }, compiledCss }));
    await expect(refused).rejects.toBeInstanceOf(DomainError);
    await expect(refused).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(JSON.stringify(await refused.catch((error: unknown) => error))).toContain('expected \\"}\\"');
    expect(writes).toEqual([]);
  });

  it('activates: archives the active version first, promotes the prepared one, then starts the next as its copy', async () => {
    const { tx, writes } = world();
    const prepared = version({ id: 2, version_nr: 2, status: 'being_prepared', html: '<p>New</p>', compiled_css: 'x{}', phrases: ['New'] });
    expect(await applyVersionChanges(tx, access, write({ state: { active, prepared, lastVersionNr: 2 }, activate: true }))).toBe(true);
    expect(writes).toEqual([
      { op: 'update', id: 1, changes: { status: 'archived', archived_at: NOW } },
      { op: 'update', id: 2, changes: { status: 'active', activated_at: NOW } },
      { op: 'insert', fields: expect.objectContaining({ version_nr: 3, html: '<p>New</p>', compiled_css: 'x{}', phrases: ['New'] }) },
    ]);
  });

  it('refuses to activate when nothing is being prepared and nothing changes', async () => {
    const { tx, writes } = world();
    await expect(applyVersionChanges(tx, access, write({ activate: true }))).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(writes).toEqual([]);
  });
});
