/**
 * A scope as a client sends it to create or change one: any of the three
 * fields of SPEC.md "Integration scope". On create, `effect` defaults to
 * `allow` and `conditions` to none; `actions` must be given.
 */
import type { FieldError } from '../errors/domain-error.js';
import { assertValidInput } from '../errors/input-problems.js';
import type { RecordInput } from '../records/record-fields.js';
import { parseScopeFields, type ScopeEffect, type ScopeFields } from '../scopes/scope-statement.js';
import type { INTEGRATION_SCOPE_RECORD } from './integration-declarations.js';

/** The scope's fields as a client sends them: from INTEGRATION_SCOPE_RECORD. */
export type ScopeInput = RecordInput<typeof INTEGRATION_SCOPE_RECORD.fields, 'change'>;

function scopeFieldsOf(input: ScopeInput, base: ScopeFields = { effect: 'allow', actions: [], conditions: [] }): ScopeFields {
  return {
    // Any text: parseScopeFields refuses what is not an effect.
    effect: (input.effect ?? base.effect) as ScopeEffect,
    actions: input.actions ?? base.actions,
    conditions: input.conditions ?? base.conditions,
  };
}

/** The scope's problems as `[field, message]` pairs (scopes/scope-statement.ts); none when it parses. */
function scopeFieldErrors(fields: ScopeFields): FieldError[] {
  const parsed = parseScopeFields(fields);
  return parsed.ok ? [] : parsed.errors;
}

/**
 * The scope as it would be with `input` over `base` (a new scope's defaults when none): checked
 * alike on create and on change, and refused with every problem, the input's own included.
 */
export function checkedScopeFields(input: ScopeInput, base?: ScopeFields): ScopeFields {
  const fields = scopeFieldsOf(input, base);
  assertValidInput(input, scopeFieldErrors(fields));
  return fields;
}
