/**
 * The version side of a write of a UI extension, inside the caller's
 * transaction (the extension row already locked): the texts go to the version
 * being prepared, or start one (version-lifecycle.ts); each css change is
 * compiled and each html change's phrases extracted; then `activate`
 * promotes and starts the next version. Every version written gets its audit line. All problems are
 * thrown before anything is written.
 */
import { validationFailed, type FieldError } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';
import type { Transaction } from '../ports/unit-of-work.js';
import { extractPhrases } from './phrases.js';
import { recordUiExtensionChange } from './record-ui-extension-change.js';
import type { CompiledScss } from './scss.js';
import type {
  NewUiExtensionVersion, UiExtensionContent, UiExtensionVersionChanges, UiExtensionVersionRecord,
} from './ui-extension-record.js';
import { planActivation, planContentEdit, type VersionState } from './version-lifecycle.js';

type Tx = Pick<Transaction, 'uiExtensions' | 'auditLines' | 'jobs' | 'now'>;

export interface VersionWrite {
  extensionId: number;
  name: string;
  state: VersionState;
  given: Partial<UiExtensionContent>;
  /** `given.css` compiled (save-ui-extension.ts compiles it before the transaction); undefined when no css is given. */
  compiledCss: CompiledScss | undefined;
  activate: boolean;
  /** A new extension starts version 1 even when its texts are all empty. */
  startVersion: boolean;
}

/** compiled_css and phrases of the changed texts; the css field's error when it does not compile. */
function derived(changed: Partial<UiExtensionContent>, compiledCss: CompiledScss | undefined, errors: FieldError[]): UiExtensionVersionChanges {
  const out: UiExtensionVersionChanges = {};
  if (changed.css !== undefined) {
    if (!compiledCss) throw new Error('css changed without being compiled');
    if (compiledCss.error) errors.push(compiledCss.error);
    out.compiled_css = compiledCss.compiled;
  }
  if (changed.html !== undefined) out.phrases = changed.html === null ? [] : extractPhrases(changed.html);
  return out;
}

/** True when a version was written. */
export async function applyVersionChanges(tx: Tx, access: Pick<AccessContext, 'account' | 'person'>, write: VersionWrite): Promise<boolean> {
  const account = access.account.id;
  const plan = planContentEdit(write.state, write.given, write.name, write.startVersion);
  const errors: FieldError[] = [];
  let state = write.state;
  if (plan.kind === 'update') {
    const changes = { ...plan.changes, ...derived(plan.changes, write.compiledCss, errors) };
    if (errors.length > 0) throw validationFailed(errors);
    await tx.uiExtensions.updateVersion(account, plan.version.id, changes);
    await recordUiExtensionChange(tx, access, { type: 'UiExtensionVersion', id: plan.version.id }, 'update', pairs(plan.version, changes));
    state = { ...state, prepared: { ...plan.version, ...changes } as typeof plan.version };
  } else if (plan.kind === 'create') {
    const base = write.state.active;
    const extra = derived(plan.changed, write.compiledCss, errors);
    if (errors.length > 0) throw validationFailed(errors);
    const version = await insertVersion(tx, access, write.extensionId, {
      version_nr: plan.version_nr,
      name: plan.name,
      ...plan.content,
      compiled_css: extra.compiled_css !== undefined ? extra.compiled_css : (base?.compiled_css ?? null),
      phrases: extra.phrases ?? base?.phrases ?? [],
    });
    state = { ...state, prepared: version };
  }
  if (!write.activate) return plan.kind !== 'none';
  const activation = planActivation(state, await tx.now(), write.name);
  // The old active version is archived first: one active version per extension (a unique index).
  for (const step of [activation.archive, activation.promote]) {
    if (!step) continue;
    await tx.uiExtensions.updateVersion(account, step.version.id, step.changes);
    await recordUiExtensionChange(tx, access, { type: 'UiExtensionVersion', id: step.version.id }, 'update', pairs(step.version, step.changes));
  }
  const { compiled_css, phrases } = activation.promote.version;
  const { version_nr, name, content } = activation.next;
  await insertVersion(tx, access, write.extensionId, { version_nr, name, ...content, compiled_css, phrases });
  return true;
}

/** A version being prepared, with its audit line. */
async function insertVersion(tx: Tx, access: Pick<AccessContext, 'account' | 'person'>, extensionId: number, fields: NewUiExtensionVersion): Promise<UiExtensionVersionRecord> {
  const version = await tx.uiExtensions.insertVersion(access.account.id, extensionId, fields);
  const { version_nr, name, status, html, css, javascript, form_definition, phrases } = version;
  await recordUiExtensionChange(tx, access, { type: 'UiExtensionVersion', id: version.id }, 'create', {
    ui_extension_id: extensionId, version_nr, name, status, html, css, javascript, form_definition, phrases,
  });
  return version;
}

function pairs(before: object, changes: object): Record<string, unknown> {
  const was = before as Record<string, unknown>;
  return Object.fromEntries(Object.entries(changes).map(([field, value]) => [field, [was[field] ?? null, value]]));
}
