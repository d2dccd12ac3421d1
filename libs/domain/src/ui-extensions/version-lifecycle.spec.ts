import { DomainError } from '../errors/domain-error.js';
import type { UiExtensionVersionRecord, UiExtensionVersionStatus } from './ui-extension-record.js';
import { planActivation, planContentEdit } from './version-lifecycle.js';

const NOW = new Date('2026-11-22T10:00:00Z');

function version(id: number, version_nr: number, status: UiExtensionVersionStatus, html = '<p>v</p>'): UiExtensionVersionRecord {
  return {
    id, account_id: 'acc' as UiExtensionVersionRecord['account_id'], ui_extension_id: 7, version_nr, name: 'ext', status,
    activated_at: null, archived_at: null, html, css: '.a { b: c; }', javascript: 'x()', form_definition: '{}',
    compiled_css: null, phrases: [], created_at: NOW, updated_at: NOW,
  };
}

describe('SPEC.md "UI extension version status"', () => {
  it('(none) → being_prepared: a new extension starts version 1, even with no texts, named after the extension', () => {
    const plan = planContentEdit({ active: null, prepared: null, lastVersionNr: 0 }, {}, 'first', true);
    expect(plan).toEqual({ kind: 'create', version_nr: 1, name: 'first', changed: {}, content: { html: null, css: null, javascript: null, form_definition: null } });
  });

  it('being_prepared → being_prepared: editing html, css, javascript or form_definition updates the version being prepared', () => {
    const prepared = version(3, 2, 'being_prepared');
    const plan = planContentEdit({ active: version(1, 1, 'active'), prepared, lastVersionNr: 2 }, { html: '<p>new</p>', css: '.a { b: c; }' }, 'ext');
    // css is given with the value it has: no change.
    expect(plan).toEqual({ kind: 'update', version: prepared, changes: { html: '<p>new</p>' } });
  });

  it('an edit that changes nothing writes nothing', () => {
    const prepared = version(3, 2, 'being_prepared');
    expect(planContentEdit({ active: null, prepared, lastVersionNr: 2 }, { html: prepared.html }, 'ext')).toEqual({ kind: 'none' });
    expect(planContentEdit({ active: version(1, 1, 'active'), prepared: null, lastVersionNr: 1 }, {}, 'ext')).toEqual({ kind: 'none' });
  });

  it('after activation the next edit starts the next version, copying the active texts and keeping the current name', () => {
    const active = version(1, 1, 'active', '<p>one</p>');
    const plan = planContentEdit({ active, prepared: null, lastVersionNr: 4 }, { javascript: 'y()' }, 'renamed');
    expect(plan).toEqual({
      kind: 'create', version_nr: 5, name: 'renamed', changed: { javascript: 'y()' },
      content: { html: '<p>one</p>', css: '.a { b: c; }', javascript: 'y()', form_definition: '{}' },
    });
  });

  it('activating promotes the version being prepared, archives the old active one and starts the next version as its copy (SPEC.md "Versioning" 2)', () => {
    const active = version(1, 1, 'active');
    const prepared = version(2, 2, 'being_prepared', '<p>two</p>');
    expect(planActivation({ active, prepared, lastVersionNr: 2 }, NOW, 'renamed')).toEqual({
      promote: { version: prepared, changes: { status: 'active', activated_at: NOW } },
      archive: { version: active, changes: { status: 'archived', archived_at: NOW } },
      next: { version_nr: 3, name: 'renamed', content: { html: '<p>two</p>', css: '.a { b: c; }', javascript: 'x()', form_definition: '{}' } },
    });
  });

  it('the first activation archives nothing', () => {
    const prepared = version(1, 1, 'being_prepared');
    expect(planActivation({ active: null, prepared, lastVersionNr: 0 }, NOW, 'ext').archive).toBeNull();
  });

  it('activating with nothing prepared is a validation error on activate', () => {
    let thrown: unknown;
    try {
      planActivation({ active: version(1, 1, 'active'), prepared: null, lastVersionNr: 1 }, NOW, 'ext');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect((thrown as DomainError).code).toBe('VALIDATION_FAILED');
    expect((thrown as DomainError).errors.map(([field]) => field)).toEqual(['activate']);
  });
});
