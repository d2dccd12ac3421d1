/**
 * The examples of a Markdown document, in document order (the convention is in
 * readme-examples.spec.ts): fenced blocks, each either run (```sh / ```bash) or
 * marked `<!-- not-run: reason -->` on the line before its fence; a shell block is
 * split into commands, each with the answer shown under it.
 */
import { shellIsComplete } from './shell-syntax.js';

export interface MarkdownBlock {
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  text: string;
  /** The reason of a `<!-- not-run: reason -->` mark, when the block has one. */
  notRun?: string;
}

export interface ExampleCommand {
  /** 1-based line of the command in its document. */
  line: number;
  command: string;
  /** The answer shown under the command (`# → …` lines), or undefined when none is shown. */
  answer?: string;
}

const SHELL = new Set(['sh', 'bash', 'shell']);
const NOT_RUN = /^<!--\s*not-run:\s*(.+?)\s*-->$/;

export const isShell = (block: MarkdownBlock) => SHELL.has(block.lang);

export function markdownBlocks(markdown: string): MarkdownBlock[] {
  const lines = markdown.split('\n');
  const blocks: MarkdownBlock[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const open = /^(\s*)(`{3,})(\S*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence, lang] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !(lines[j]!.trim() === fence && lines[j]!.startsWith(indent!)); j += 1) body.push(lines[j]!.slice(indent!.length));
    let before = i - 1;
    while (before >= 0 && lines[before]!.trim() === '') before -= 1;
    const mark = before >= 0 ? NOT_RUN.exec(lines[before]!.trim()) : null;
    blocks.push({ line: i + 1, lang: lang!, text: body.join('\n'), ...(mark ? { notRun: mark[1]! } : {}) });
    i = j;
  }
  return blocks;
}

/**
 * A command is a non-comment line and every line it continues onto (a trailing `\`,
 * an open quote or `$(`). Its answer is the comment lines right under it: `# → ` opens
 * an output line, `#   ` continues the line above (joined as written, for long JSON).
 */
export function blockCommands(block: MarkdownBlock): ExampleCommand[] {
  const lines = block.text.split('\n');
  const commands: ExampleCommand[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const text = lines[i]!;
    if (text.trim() === '' || text.trimStart().startsWith('#')) continue;
    const start = i;
    let command = text;
    while (!shellIsComplete(command) && i + 1 < lines.length) command += `\n${lines[++i]}`;
    const answer: string[] = [];
    while (i + 1 < lines.length && /^# → |^# →$/.test(lines[i + 1]!)) {
      answer.push(lines[++i]!.slice(4));
      while (i + 1 < lines.length && lines[i + 1]!.startsWith('#   ')) answer[answer.length - 1] += lines[++i]!.slice(4);
    }
    commands.push({ line: block.line + 1 + start, command, ...(answer.length > 0 ? { answer: answer.join('\n') } : {}) });
  }
  return commands;
}
