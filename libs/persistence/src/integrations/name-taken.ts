/**
 * PostgreSQL's unique violation on an integration's (account_id, name as read, migration 23): the
 * write is refused, which the domain answers as a conflict. Any other error
 * is not ours to interpret.
 */
const UNIQUE_VIOLATION = '23505';
const NAME_CONSTRAINT = 'integrations_account_id_name_as_read_unique';

export function isNameTaken(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === UNIQUE_VIOLATION && constraint === NAME_CONSTRAINT;
}
