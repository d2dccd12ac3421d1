/**
 * `POST /ui_extensions` (200 with the created extension, as webhooks answer)
 * and `PATCH /ui_extensions/:id`, each in one transaction: check the fields,
 * all errors at once → compile the given css (before the transaction: a
 * compile may take up to its time limit, and holds no connection or lock
 * meanwhile) → write the extension row (a name the account already
 * uses is a conflict) → its versions (apply-version-changes.ts) → audit
 * lines. The extension row is locked for the whole PATCH. A PATCH that
 * changes nothing writes nothing.
 */
import { namesComparedAsRead } from '../records/names-as-read.js';
import { conflict, notFound } from '../errors/domain-error.js';
import { assertValidInput } from '../errors/input-problems.js';
import type { AccessContext } from '../identity/access-context.js';
import { auditPairs, changedFields } from '../integrations/changed-fields.js';
import type { ScssCompiler } from './scss-compiler.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { applyVersionChanges } from './apply-version-changes.js';
import { recordUiExtensionChange } from './record-ui-extension-change.js';
import { assertUiExtensionAdmin } from './ui-extension-access.js';
import { compileScss, type CompiledScss } from './scss.js';
import { applyUiExtensionInput, contentOfInput } from './ui-extension-fields.js';
import type { UiExtensionFields, UiExtensionInput, UiExtensionRecord } from './ui-extension-record.js';
import { UI_EXTENSION_CONTENT_FIELDS } from './ui-extension-record.js';

const nameTaken = (name: string) => conflict(`A UI extension named '${name.slice(0, 190)}' already exists in this account ${namesComparedAsRead}`);

function fieldsOf(record: UiExtensionRecord): UiExtensionFields {
  const { name, title, description, category, disabled } = record;
  return { name, title, description, category, disabled };
}

export interface UiExtensionWriteDeps {
  uow: UnitOfWork<'auditLines' | 'jobs' | 'uiExtensions' | 'now'>;
  scss: ScssCompiler;
}

/** The given css compiled, or undefined when the input gives none. */
async function compileGivenCss(scss: ScssCompiler, css: string | null | undefined): Promise<CompiledScss | undefined> {
  return css === undefined ? undefined : compileScss(scss, css);
}

export async function createUiExtension(access: AccessContext, input: UiExtensionInput, { uow, scss }: UiExtensionWriteDeps): Promise<UiExtensionRecord> {
  assertUiExtensionAdmin(access, 'Create');
  const account = access.account.id;
  const { fields, errors } = applyUiExtensionInput(input, null);
  const { content, errors: contentErrors } = contentOfInput(input);
  assertValidInput(input, [...errors, ...contentErrors]);
  const compiledCss = await compileGivenCss(scss, content.css);
  return uow.transaction(async (tx) => {
    const row = await tx.uiExtensions.insert(account, fields);
    if (row === 'name-taken') throw nameTaken(fields.name);
    await recordUiExtensionChange(tx, access, { type: 'UiExtension', id: row.id }, 'create', { ...fields });
    const startVersion = UI_EXTENSION_CONTENT_FIELDS.some((field) => input[field] !== undefined) || input.activate === true;
    if (startVersion) {
      await applyVersionChanges(tx, access, {
        extensionId: row.id, name: fields.name, state: { active: null, prepared: null, lastVersionNr: 0 }, given: content, compiledCss, activate: input.activate === true, startVersion,
      });
    }
    const created = await tx.uiExtensions.find(account, row.id);
    if (!created) throw new Error(`UI extension ${row.id} vanished`);
    return created;
  });
}

export async function updateUiExtension(access: AccessContext, id: number, input: UiExtensionInput, { uow, scss }: UiExtensionWriteDeps): Promise<UiExtensionRecord> {
  assertUiExtensionAdmin(access, 'Update');
  const account = access.account.id;
  const { content, errors: contentErrors } = contentOfInput(input);
  const compiledCss = contentErrors.length === 0 ? await compileGivenCss(scss, content.css) : undefined;
  return uow.transaction(async (tx) => {
    const current = await tx.uiExtensions.findForUpdate(account, id);
    if (!current) throw notFound();
    const before = fieldsOf(current);
    const { fields, errors } = applyUiExtensionInput(input, before);
    assertValidInput(input, [...errors, ...contentErrors]);
    const changed = changedFields<UiExtensionFields>(before, fields);
    const versions = await applyVersionChanges(tx, access, {
      extensionId: id,
      name: fields.name,
      state: { active: current.active_version, prepared: current.prepared_version, lastVersionNr: await tx.uiExtensions.lastVersionNr(account, id) },
      given: content,
      compiledCss,
      activate: input.activate === true,
      startVersion: false,
    });
    if (Object.keys(changed).length === 0 && !versions) return current;
    const row = await tx.uiExtensions.update(account, id, changed);
    if (row === 'name-taken') throw nameTaken(fields.name);
    if (Object.keys(changed).length > 0) await recordUiExtensionChange(tx, access, { type: 'UiExtension', id }, 'update', auditPairs(before, changed));
    const updated = await tx.uiExtensions.find(account, id);
    if (!updated) throw new Error(`UI extension ${id} vanished`);
    return updated;
  });
}
