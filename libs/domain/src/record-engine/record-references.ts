/**
 * The references of a record's values: each must name a record of the account of the call,
 * or a person of its directory account (another account's id is refused as one that does not
 * exist, saying no more).
 */
import type { FieldError } from '../errors/domain-error.js';
import { humanizeField } from '../records/record-fields.js';
import { peopleAccountsOf, type AccountRecord } from '../identity/account-access.js';
import type { RecordDefinition } from './define-record.js';
import type { RecordStore } from './record-store.repository.js';
import { referenceTarget } from './registry.js';

/** Problems of the references among `values` (already checked as ids). */
export async function referenceProblems(
  store: Pick<RecordStore, 'missingIds'>,
  account: AccountRecord,
  def: RecordDefinition,
  values: Readonly<Record<string, unknown>>,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const [name, field] of Object.entries(def.fields.fields)) {
    const value = values[name];
    if (value === undefined || value === null || (field.type !== 'reference' && field.type !== 'references')) continue;
    const target = referenceTarget(field.target);
    const ids = field.type === 'reference' ? [value as number] : (value as number[]);
    if (ids.length === 0) continue;
    const missing = await store.missingIds(target.table, target.directory ? peopleAccountsOf(account) : [account.id], ids);
    if (missing.length === 0) continue;
    const listed = `${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', …' : ''}`;
    errors.push([name, def.missing[name]?.(listed) ?? `${humanizeField(name.replace(/_ids?$/, ''))}: no ${target.what} of the account has the id ${listed}`]);
  }
  return errors;
}
