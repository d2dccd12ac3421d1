/**
 * SPEC.md "UI extension version status", as pure decisions over the
 * extension's active and being_prepared versions:
 * - editing html, css, javascript or form_definition updates the version
 *   being prepared, or starts one (the next version_nr) whose other texts are
 *   copied from the active version (planContentEdit);
 * - `activate` promotes the version being prepared to active, archives the
 *   active one and, SPEC.md "Versioning" 2, creates the next version
 *   being_prepared at once: a copy of the one activated, named after the
 *   extension (planActivation); with nothing prepared it is refused.
 */
import { validationFailed } from '../errors/domain-error.js';
import {
  UI_EXTENSION_CONTENT_FIELDS, type UiExtensionContent, type UiExtensionVersionChanges, type UiExtensionVersionRecord,
} from './ui-extension-record.js';

export interface VersionState {
  active: UiExtensionVersionRecord | null;
  prepared: UiExtensionVersionRecord | null;
  /** The highest version_nr the extension has (0 for none), archived ones included. */
  lastVersionNr: number;
}

export type ContentPlan =
  | { kind: 'none' }
  | { kind: 'update'; version: UiExtensionVersionRecord; changes: Partial<UiExtensionContent> }
  | { kind: 'create'; version_nr: number; name: string; content: UiExtensionContent; changed: Partial<UiExtensionContent> };

const EMPTY: UiExtensionContent = { html: null, css: null, javascript: null, form_definition: null };

function contentOf(version: UiExtensionVersionRecord | null): UiExtensionContent {
  if (!version) return EMPTY;
  const { html, css, javascript, form_definition } = version;
  return { html, css, javascript, form_definition };
}

/** The given texts that differ from `base`: setting a text to the value it has is no change. */
function differing(base: UiExtensionContent, given: Partial<UiExtensionContent>): Partial<UiExtensionContent> {
  const changed: Partial<UiExtensionContent> = {};
  for (const field of UI_EXTENSION_CONTENT_FIELDS) {
    if (given[field] !== undefined && given[field] !== base[field]) changed[field] = given[field];
  }
  return changed;
}

/** `name`: the extension's name now, which a new version keeps. `force`: start a version even when nothing differs (a new extension). */
export function planContentEdit(state: VersionState, given: Partial<UiExtensionContent>, name: string, force = false): ContentPlan {
  if (state.prepared) {
    const changes = differing(contentOf(state.prepared), given);
    return Object.keys(changes).length === 0 ? { kind: 'none' } : { kind: 'update', version: state.prepared, changes };
  }
  const base = contentOf(state.active);
  const changed = differing(base, given);
  if (Object.keys(changed).length === 0 && !force) return { kind: 'none' };
  return { kind: 'create', version_nr: state.lastVersionNr + 1, name, content: { ...base, ...changed }, changed };
}

export interface ActivationPlan {
  promote: { version: UiExtensionVersionRecord; changes: UiExtensionVersionChanges };
  archive: { version: UiExtensionVersionRecord; changes: UiExtensionVersionChanges } | null;
  /** The version being prepared from now on; its compiled_css and phrases are the promoted version's too. */
  next: { version_nr: number; name: string; content: UiExtensionContent };
}

/** `name`: the extension's name now, which the next version takes. */
export function planActivation(state: VersionState, now: Date, name: string): ActivationPlan {
  if (!state.prepared) {
    throw validationFailed([['activate', 'There is no version being prepared to activate: change html, css, javascript or form_definition first']]);
  }
  return {
    promote: { version: state.prepared, changes: { status: 'active', activated_at: now } },
    archive: state.active ? { version: state.active, changes: { status: 'archived', archived_at: now } } : null,
    next: { version_nr: Math.max(state.lastVersionNr, state.prepared.version_nr) + 1, name, content: contentOf(state.prepared) },
  };
}
