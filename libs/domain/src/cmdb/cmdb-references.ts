/**
 * The references of a configuration item's or service instance's values: each must name a
 * record of the account of the call (another account's id is refused as one that does not
 * exist, saying no more).
 */
import type { FieldError } from '../errors/domain-error.js';
import { humanizeField, type RecordDeclaration } from '../records/record-fields.js';
import type { AccountId } from '../tenancy/account-id.js';
import type { CmdbRepository, CmdbTarget } from './cmdb.repository.js';

const TARGETS: Readonly<Record<string, CmdbTarget>> = {
  Team: 'teams', Service: 'services', ServiceInstance: 'service_instances', ConfigurationItem: 'configuration_items',
};

const NAMES: Readonly<Record<CmdbTarget, string>> = {
  teams: 'team', services: 'service', service_instances: 'service instance', configuration_items: 'configuration item',
};

/** Problems of the references among `values` (already checked as ids). */
export async function referenceProblems(
  repo: Pick<CmdbRepository, 'missingIds'>,
  account: AccountId,
  declaration: RecordDeclaration,
  values: Readonly<Record<string, unknown>>,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const [name, field] of Object.entries(declaration.fields)) {
    const value = values[name];
    if (value === undefined || value === null || (field.type !== 'reference' && field.type !== 'references')) continue;
    const target = TARGETS[field.target];
    if (!target) throw new Error(`${name}: no table for ${field.target}`);
    const ids = field.type === 'reference' ? [value as number] : (value as number[]);
    if (ids.length === 0) continue;
    const missing = await repo.missingIds(account, target, ids);
    if (missing.length === 0) continue;
    errors.push([name, `${humanizeField(name.replace(/_ids?$/, ''))}: no ${NAMES[target]} of the account has the id ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', …' : ''}`]);
  }
  return errors;
}

