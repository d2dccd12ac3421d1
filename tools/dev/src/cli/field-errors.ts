/** A domain refusal as the command prints it: one `field: message` line per problem. */
import { isDomainError } from '@tessera/domain';
import { refused, type CommandOutcome } from './command.js';

export async function refusingInvalid(work: () => Promise<CommandOutcome>, rename: Record<string, string> = {}): Promise<CommandOutcome> {
  try {
    return await work();
  } catch (error) {
    if (!isDomainError(error) || error.code !== 'VALIDATION_FAILED') throw error;
    return refused(error.errors.map(([field, message]) => `${rename[field] ?? field}: ${message}`).join('\n'));
  }
}
