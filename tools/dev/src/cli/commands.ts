/** Every `tessera` command, in the order `tessera --help` lists them. */
import { accountCreateCommand, personCreateCommand } from './account-commands.js';
import type { Command } from './command.js';
import { dbCommands, migrateCommand, seedCommand } from './schema-commands.js';
import { tokenCreateCommand } from './token-create-command.js';

export const COMMANDS: readonly Command[] = [
  accountCreateCommand, personCreateCommand, tokenCreateCommand, migrateCommand, seedCommand, ...dbCommands,
];
