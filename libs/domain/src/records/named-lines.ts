/**
 * A text field of named lines (record-fields.ts `lines`: an automation rule's `expressions` and
 * `actions`): REST writes and reads the text, one `name: value` a line; GraphQL a list of
 * `{name, value}`, made from the text and written back as it.
 */
export interface NamedLine {
  name: string;
  value: string;
}

const NAMED = /^([A-Za-z_][A-Za-z0-9_]*)\s*:\s*(.*)$/;

/** The lines of a text, blank ones left out; a line without a `name:` is named by its place (`line3`). */
export function namedLines(text: string | null | undefined): NamedLine[] {
  return (text ?? '').split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '').map((line, index) => {
    const named = NAMED.exec(line);
    return named ? { name: named[1]!, value: named[2]!.trim() } : { name: `line${index + 1}`, value: line };
  });
}

/** The text of a list of lines, as REST reads it. */
export const namedLinesText = (lines: readonly NamedLine[]): string => lines.map((line) => `${line.name}: ${line.value}`).join('\n');
