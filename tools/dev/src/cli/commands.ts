/** Every `tessera` command, in the order `tessera --help` lists them. */
import type { Command } from './command.js';
import { dbCommands, migrateCommand, seedCommand } from './schema-commands.js';
import { tokenCreateCommand } from './token-create-command.js';

export const COMMANDS: readonly Command[] = [migrateCommand, seedCommand, tokenCreateCommand, ...dbCommands];
