/**
 * A scope (SPEC.md "Integration scope"): an effect, the actions it allows or
 * denies, and the conditions under which it applies. Integration scopes store
 * the three fields; personal access tokens store each scope as one line of
 * the same syntax:
 *   `[allow|deny] <action>[, <action>…][ if <condition>[ and <condition>…]]`
 * e.g. `request:Read` (allow is the default), `deny request:Delete`,
 * `allow request:Read, request:Update if account = wdc`.
 * Both are parsed once, when the token is looked up, into `ScopeStatement`s.
 */
import type { FieldError } from '../errors/domain-error.js';
import { scopeActionError } from './scope-action.js';
import { parseScopeCondition, type ScopeCondition } from './scope-condition.js';

export const SCOPE_EFFECTS = ['allow', 'deny'] as const;
export type ScopeEffect = (typeof SCOPE_EFFECTS)[number];

export interface ScopeStatement {
  effect: ScopeEffect;
  actions: readonly string[];
  conditions: readonly ScopeCondition[];
}

/** A scope as an API receives or stores it: conditions as text. */
export interface ScopeFields {
  effect: ScopeEffect;
  actions: readonly string[];
  conditions: readonly string[];
}

export type ParsedScope = { ok: true; statement: ScopeStatement } | { ok: false; errors: FieldError[] };

export function parseScopeFields(fields: ScopeFields): ParsedScope {
  const errors: FieldError[] = [];
  if (!SCOPE_EFFECTS.includes(fields.effect)) errors.push(['effect', `'${String(fields.effect).slice(0, 40)}' is not allow or deny`]);
  if (fields.actions.length === 0) errors.push(['actions', 'At least one action is required']);
  for (const action of fields.actions) {
    const error = scopeActionError(action);
    if (error) errors.push(['actions', error]);
  }
  const conditions: ScopeCondition[] = [];
  for (const text of fields.conditions) {
    const parsed = parseScopeCondition(text);
    if (parsed.ok) conditions.push(parsed.condition);
    else errors.push(['conditions', parsed.error]);
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, statement: { effect: fields.effect, actions: [...fields.actions], conditions } };
}

const LINE = /^\s*(?:(allow|deny)\s+)?(.+?)(?:\s+if\s+(.+))?\s*$/;

/** One token scope line; see the header for its syntax. */
export function parseTokenScope(line: string): ParsedScope {
  const match = LINE.exec(line);
  if (!match) return { ok: false, errors: [['scopes', `'${line.slice(0, 80)}' is not a scope`]] };
  const [, effect = 'allow', actions = '', conditions] = match;
  return parseScopeFields({
    effect: effect as ScopeEffect,
    actions: actions.split(',').map((action) => action.trim()).filter((action) => action !== ''),
    conditions: conditions ? conditions.split(/\s+and\s+/).map((condition) => condition.trim()) : [],
  });
}

/**
 * A token's scope lines as statements. A stored line that no longer parses
 * grants nothing (it is left out): a token never gains rights from a line
 * nobody can read.
 */
export function tokenScopes(lines: readonly string[]): ScopeStatement[] {
  return lines.flatMap((line) => {
    const parsed = parseTokenScope(line);
    return parsed.ok ? [parsed.statement] : [];
  });
}

/** Every action, everywhere: the demo administrator's token. */
export const ALL_SCOPES: readonly string[] = ['*:*'];
