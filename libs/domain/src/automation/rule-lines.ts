/** A rule's `expressions` and `actions` as REST writes them, one `name: value` a line (GraphQL's `{name, value}` list). */
export interface RuleLine {
  name: string;
  value: string;
}

const NAMED = /^([A-Za-z_][A-Za-z0-9_]*)\s*:\s*(.*)$/;

/** The lines of a text, blank ones left out; a line without a `name:` is named by its place (`line3`). */
export function ruleLines(text: string | null | undefined): RuleLine[] {
  return (text ?? '').split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '').map((line, index) => {
    const named = NAMED.exec(line);
    return named ? { name: named[1]!, value: named[2]!.trim() } : { name: `line${index + 1}`, value: line };
  });
}

/** The text of a list of lines, as REST reads it. */
export const linesText = (lines: readonly RuleLine[]): string => lines.map((line) => `${line.name}: ${line.value}`).join('\n');
