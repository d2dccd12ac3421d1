/**
 * The forms of a rule's actions (../shared/RECORDS.md §6, GQLNET AutomationRuleActionInput), a
 * small fixed grammar parsed here; every value in them is an expression compiled like the
 * others:
 * - `update <record> set <field> = <value>`
 * - `update <record> add note <text>`
 * - `update <record> add <id> to <collection>` / `remove <id> from <collection>` / `clear <collection>`
 * - `after <delay> trigger '<rule name>'` (delay: `90s`, `30m`, `2h`, `1d`, or several: `1h 30m`)
 * - `call webhook '<webhook name>' with payload <value>`
 * A name may be in double quotes instead (`call webhook "notify" …`), which JSON bodies write more easily.
 */
export type RuleAction =
  | { kind: 'set'; field: string; value: string }
  | { kind: 'note'; value: string }
  | { kind: 'add' | 'remove'; field: string; value: string }
  | { kind: 'clear'; field: string }
  | { kind: 'after'; seconds: number; rule: string }
  | { kind: 'webhook'; webhook: string; value: string };

export type ParsedAction = { ok: true; action: RuleAction; record?: string } | { ok: false; message: string };

/** A name in single or double quotes, a backslash escaping the next character. */
const QUOTED = String.raw`(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")`;
const UPDATE = /^update\s+([a-z_]+)\s+(.*)$/is;
const SET = /^set\s+([a-z_]+)\s*=\s*(.+)$/is;
const NOTE = /^add\s+note\s+(.+)$/is;
const ADD = /^add\s+(.+?)\s+to\s+([a-z_]+)$/is;
const REMOVE = /^remove\s+(.+?)\s+from\s+([a-z_]+)$/is;
const CLEAR = /^clear\s+([a-z_]+)$/is;
const AFTER = new RegExp(String.raw`^after\s+((?:\d+\s*[smhd]\s*)+)\s+trigger\s+${QUOTED}$`, 'is');
const WEBHOOK = new RegExp(String.raw`^call\s+webhook\s+${QUOTED}\s+with\s+payload\s+(.+)$`, 'is');
const SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

const FORMS =
  "an action is 'update <record> set <field> = <value>', 'update <record> add note <text>', 'update <record> add <value> to <collection>', " +
  "'update <record> remove <value> from <collection>', 'update <record> clear <collection>', \"after <delay> trigger '<rule>'\" " +
  "or \"call webhook '<webhook>' with payload <value>\"";

const unquoted = (text: string) => text.replace(/\\(.)/g, '$1');

export function parseAction(text: string): ParsedAction {
  const line = text.trim();
  const after = AFTER.exec(line);
  if (after) {
    const seconds = [...after[1]!.matchAll(/(\d+)\s*([smhd])/gi)].reduce((sum, [, n, unit]) => sum + Number(n) * SECONDS[unit!.toLowerCase()]!, 0);
    return { ok: true, action: { kind: 'after', seconds, rule: unquoted(after[2] ?? after[3]!) } };
  }
  const webhook = WEBHOOK.exec(line);
  if (webhook) return { ok: true, action: { kind: 'webhook', webhook: unquoted(webhook[1] ?? webhook[2]!), value: webhook[3]!.trim() } };
  const update = UPDATE.exec(line);
  if (!update) return { ok: false, message: FORMS };
  const [record, rest] = [update[1]!.toLowerCase(), update[2]!.trim()];
  const set = SET.exec(rest);
  if (set) return { ok: true, record, action: { kind: 'set', field: set[1]!.toLowerCase(), value: set[2]!.trim() } };
  const note = NOTE.exec(rest);
  if (note) return { ok: true, record, action: { kind: 'note', value: note[1]!.trim() } };
  const add = ADD.exec(rest);
  if (add) return { ok: true, record, action: { kind: 'add', field: add[2]!.toLowerCase(), value: add[1]!.trim() } };
  const remove = REMOVE.exec(rest);
  if (remove) return { ok: true, record, action: { kind: 'remove', field: remove[2]!.toLowerCase(), value: remove[1]!.trim() } };
  const clear = CLEAR.exec(rest);
  if (clear) return { ok: true, record, action: { kind: 'clear', field: clear[1]!.toLowerCase() } };
  return { ok: false, message: FORMS };
}
