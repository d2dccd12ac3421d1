/**
 * Reads a `tessera` command line: the command's words (`token create`), then its options, strictly —
 * an unknown option, a missing value or an extra argument is refused with the command's usage, and
 * nothing runs. `--help` (or `-h`) on any command, or on a group (`tessera db --help`), prints its help.
 */
import { parseArgs } from 'node:util';
import type { Command, CommandOutcome } from './command.js';

const USAGE = 'Usage: tessera <command> [options]   (tessera <command> --help for its options)';

export async function runCli(argv: readonly string[], commands: readonly Command[]): Promise<CommandOutcome> {
  const words = argv.slice(0, argv.findIndex((arg) => arg.startsWith('-')) >>> 0);
  const command = [...commands].sort((a, b) => b.name.length - a.name.length).find((candidate) => startsWith(words, candidate.name.split(' ')));
  const wantsHelp = argv.includes('--help') || argv.includes('-h') || argv[0] === 'help';
  if (!command) {
    const group = commands.filter((candidate) => startsWith(candidate.name.split(' '), words.filter((word) => word !== 'help')));
    if (wantsHelp) return { stdout: listing(group.length > 0 ? group : commands), code: 0 };
    // No command is a mistake a script should notice: the listing goes to standard error, exit 1.
    if (words.length === 0) return { stderr: listing(commands), code: 1 };
    return { stderr: `tessera: unknown command '${words.join(' ')}'\n\n${listing(group.length > 0 ? group : commands)}`, code: 1 };
  }
  if (wantsHelp) return { stdout: command.help, code: 0 };
  const rest = argv.slice(command.name.split(' ').length);
  let line;
  try {
    line = parseArgs({ args: [...rest], options: command.options, strict: true, allowPositionals: true });
  } catch (error) {
    return { stderr: `tessera ${command.name}: ${(error as Error).message.replace(/\. To specify a positional[\s\S]*/, '.')}\n\n${command.help}`, code: 1 };
  }
  if (line.positionals.length > (command.positionals ?? 0)) {
    return { stderr: `tessera ${command.name}: unexpected argument '${line.positionals[command.positionals ?? 0]}'\n\n${command.help}`, code: 1 };
  }
  return command.run({ values: line.values as Record<string, string | boolean | undefined>, positionals: line.positionals });
}

function startsWith(words: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length > 0 && prefix.every((word, i) => words[i] === word);
}

function listing(commands: readonly Command[]): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  return `${USAGE}\n\nCommands:\n${commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`).join('\n')}`;
}
