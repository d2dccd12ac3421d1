/**
 * A scope as a client sends it to create or change one: any of the three
 * fields of SPEC.md "Integration scope". On create, `effect` defaults to
 * `allow` and `conditions` to none; `actions` must be given.
 */
import type { FieldError } from '../errors/domain-error.js';
import { parseScopeFields, type ScopeEffect, type ScopeFields } from '../scopes/scope-statement.js';

export interface ScopeInput {
  effect?: string;
  actions?: string[];
  conditions?: string[];
}

export function scopeFieldsOf(input: ScopeInput, base: ScopeFields = { effect: 'allow', actions: [], conditions: [] }): ScopeFields {
  return {
    // Any text: parseScopeFields refuses what is not an effect.
    effect: (input.effect ?? base.effect) as ScopeEffect,
    actions: input.actions ?? base.actions,
    conditions: input.conditions ?? base.conditions,
  };
}

/** The scope's problems as `[field, message]` pairs (scopes/scope-statement.ts); none when it parses. */
export function scopeFieldErrors(fields: ScopeFields): FieldError[] {
  const parsed = parseScopeFields(fields);
  return parsed.ok ? [] : parsed.errors;
}
