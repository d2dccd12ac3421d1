/**
 * `POST /v1/cis`, `PATCH /v1/cis/:id` and GraphQL `configurationItemCreate` /
 * `configurationItemUpdate` (issue 22): a configuration item of the account of the call,
 * checked against its declaration (configuration-item-fields.ts), every problem at once;
 * its support team and service instances must be the account's. In one transaction: the
 * CI, its links, one audit line and `ci.create` / `ci.update` through the one outbox
 * (outbox/record-change.ts). A change that changes nothing writes nothing.
 */
import { takenAsRead } from '../records/names-as-read.js';
import { notFound, validationFailed, type FieldError } from '../errors/domain-error.js';
import { assertValidInput } from '../errors/input-problems.js';
import type { AccessContext } from '../identity/access-context.js';
import { auditPairs, changedFields } from '../integrations/changed-fields.js';
import { recordChange } from '../outbox/record-change.js';
import type { Transaction, UnitOfWork } from '../ports/unit-of-work.js';
import { checkRecordInput } from '../records/check-record-input.js';
import type { CiFieldsRow } from './cmdb.repository.js';
import { inDeclarationOrder } from '../records/check-record-input.js';
import { referenceProblems } from './cmdb-references.js';
import type { ConfigurationItemView } from './cmdb-views.js';
import { assertCmdbWriter } from './cmdb-writers.js';
import {
  CONFIGURATION_ITEM_RECORD, DEFAULT_CI_RULE_SET, DEFAULT_CI_STATUS, type CiRuleSet, type CiStatus,
  type ConfigurationItemCreateInput, type ConfigurationItemUpdateInput,
} from './configuration-item-fields.js';

type CmdbWrites = UnitOfWork<'cmdb' | 'auditLines' | 'jobs'>;
type Tx = Pick<Transaction, 'cmdb' | 'auditLines' | 'jobs'>;

const labelTaken = (label: string): FieldError => takenAsRead('label', label);

interface CheckedCi {
  name?: string;
  label?: string | null;
  status?: CiStatus;
  rule_set?: CiRuleSet;
  source?: string | null;
  source_id?: string | null;
  support_team_id?: number | null;
  service_instance_ids?: number[] | null;
}

/** The values after every check of the declaration, the references and the label; throws every problem at once. */
async function checked(tx: Tx, access: AccessContext, input: object, mode: 'create' | 'change', id?: number): Promise<CheckedCi> {
  const { values, errors } = checkRecordInput(CONFIGURATION_ITEM_RECORD, input as Record<string, unknown>, mode);
  const account = access.account.id;
  const flagged = new Set(errors.map(([field]) => field));
  const valid = Object.fromEntries(Object.entries(values).filter(([field]) => !flagged.has(field)));
  errors.push(...(await referenceProblems(tx.cmdb, account, CONFIGURATION_ITEM_RECORD, valid)));
  const label = valid['label'];
  if (typeof label === 'string' && (await tx.cmdb.ciWithLabel(account, label, id)) !== null) errors.push(labelTaken(label));
  assertValidInput(input, inDeclarationOrder(CONFIGURATION_ITEM_RECORD, errors));
  return values as CheckedCi;
}

async function viewOf(tx: Tx, access: AccessContext, id: number): Promise<ConfigurationItemView> {
  const view = await tx.cmdb.findCi(access.account.id, id);
  if (!view) throw new Error(`configuration item ${id} vanished`);
  return view;
}

const actorOf = (access: AccessContext) => ({ id: access.person.id, name: access.person.name });

export async function createConfigurationItem(access: AccessContext, input: ConfigurationItemCreateInput, uow: CmdbWrites): Promise<ConfigurationItemView> {
  assertCmdbWriter(access, 'ci', 'Create');
  const account = access.account.id;
  return uow.transaction(async (tx) => {
    const { service_instance_ids: serviceInstances, ...values } = await checked(tx, access, input, 'create');
    const fields: CiFieldsRow = {
      name: values.name!, label: values.label ?? null, status: values.status ?? DEFAULT_CI_STATUS, rule_set: values.rule_set ?? DEFAULT_CI_RULE_SET,
      source: values.source ?? null, source_id: values.source_id ?? null, support_team_id: values.support_team_id ?? null,
    };
    const id = await tx.cmdb.insertCi(account, fields);
    if (id === null) throw validationFailed([labelTaken(fields.label ?? '')]);
    const links = serviceInstances ?? [];
    if (links.length > 0) await tx.cmdb.replaceServiceInstancesOfCi(id, links);
    await recordChange(tx, {
      account, record: { type: 'ConfigurationItem', id }, action: 'create', actor: actorOf(access),
      source: null, sourceId: null, changes: { ...fields, service_instance_ids: links }, events: [{ name: 'ci.create' }],
    });
    return viewOf(tx, access, id);
  });
}

export async function updateConfigurationItem(access: AccessContext, id: number, input: ConfigurationItemUpdateInput, uow: CmdbWrites): Promise<ConfigurationItemView> {
  assertCmdbWriter(access, 'ci', 'Update');
  const account = access.account.id;
  return uow.transaction(async (tx) => {
    const current = await tx.cmdb.findCiForUpdate(account, id);
    if (!current) throw notFound();
    const { service_instance_ids: wantedLinks, ...wanted } = await checked(tx, access, input, 'change', id);
    const changed = changedFields<CiFieldsRow>(current, wanted);
    const audit = auditPairs(current, changed);
    const linksBefore = await tx.cmdb.serviceInstancesOfCi(id);
    const links = wantedLinks === undefined ? linksBefore : (wantedLinks ?? []);
    if (links.join() !== linksBefore.join()) audit['service_instance_ids'] = [linksBefore, links];
    if (Object.keys(audit).length === 0) return viewOf(tx, access, id);

    if (Object.keys(changed).length > 0 && !(await tx.cmdb.updateCi(id, changed))) throw validationFailed([labelTaken(changed.label ?? '')]);
    if ('service_instance_ids' in audit) await tx.cmdb.replaceServiceInstancesOfCi(id, links);
    await recordChange(tx, {
      account, record: { type: 'ConfigurationItem', id }, action: 'update', actor: actorOf(access),
      source: null, sourceId: null, changes: audit, events: [{ name: 'ci.update' }],
    });
    return viewOf(tx, access, id);
  });
}
