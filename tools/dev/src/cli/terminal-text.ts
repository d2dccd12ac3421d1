/**
 * Text on its way to an operator's terminal. A name is typed by a tenant's administrator (over the
 * API, too), and a terminal obeys what it is sent: ESC sequences set the window title, clear the
 * screen or rewrite what is shown, C1 controls do the same in one byte, a carriage return overwrites
 * the line, and the bidirectional overrides reorder it. Each of those is printed as an escape
 * (`\u001b`, `\r`) instead, so the operator sees what is stored.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex -- as above
const IN_A_LINE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

const escape = (char: string) => NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** A whole message: its own line breaks and tabs stay, every other control character is escaped. */
export function forTerminal(text: string): string {
  return text.replace(CONTROL, escape);
}

/** A value shown inside a line (a name, an e-mail): line breaks and tabs are escaped too. */
export function shown(value: string): string {
  return value.replace(IN_A_LINE, escape);
}
