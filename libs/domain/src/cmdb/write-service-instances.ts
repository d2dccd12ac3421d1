/**
 * `POST /v1/service_instances`, `PATCH /v1/service_instances/:id` and GraphQL
 * `serviceInstanceCreate` / `serviceInstanceUpdate` (issue 22): a service instance of the
 * account of the call, checked against its declaration (service-instance-fields.ts), every
 * problem at once; its service, teams and configuration items must be the account's, and
 * its name is unique there. In one transaction: the instance, its links, one audit line and
 * `service_instance.create` / `service_instance.update` through the one outbox. A change
 * that changes nothing writes nothing.
 */
import { takenAsRead } from '../records/names-as-read.js';
import { notFound, validationFailed, type FieldError } from '../errors/domain-error.js';
import { assertValidInput } from '../errors/input-problems.js';
import type { AccessContext } from '../identity/access-context.js';
import { auditPairs, changedFields } from '../integrations/changed-fields.js';
import { recordChange } from '../outbox/record-change.js';
import type { Transaction, UnitOfWork } from '../ports/unit-of-work.js';
import { checkRecordInput } from '../records/check-record-input.js';
import type { ServiceInstanceFieldsRow } from './cmdb.repository.js';
import { inDeclarationOrder } from '../records/check-record-input.js';
import { referenceProblems } from './cmdb-references.js';
import type { ServiceInstanceView } from './cmdb-views.js';
import { assertCmdbWriter } from './cmdb-writers.js';
import { SERVICE_INSTANCE_RECORD, type ServiceInstanceCreateInput, type ServiceInstanceUpdateInput } from './service-instance-fields.js';

type CmdbWrites = UnitOfWork<'cmdb' | 'auditLines' | 'jobs'>;
type Tx = Pick<Transaction, 'cmdb' | 'auditLines' | 'jobs'>;

const nameTaken = (name: string): FieldError => takenAsRead('name', name);

interface CheckedServiceInstance {
  name?: string;
  service_id?: number | null;
  first_line_team_id?: number | null;
  support_team_id?: number | null;
  configuration_item_ids?: number[] | null;
}

async function checked(tx: Tx, access: AccessContext, input: object, mode: 'create' | 'change', id?: number): Promise<CheckedServiceInstance> {
  const { values, errors } = checkRecordInput(SERVICE_INSTANCE_RECORD, input as Record<string, unknown>, mode);
  const account = access.account.id;
  const flagged = new Set(errors.map(([field]) => field));
  const valid = Object.fromEntries(Object.entries(values).filter(([field]) => !flagged.has(field)));
  errors.push(...(await referenceProblems(tx.cmdb, account, SERVICE_INSTANCE_RECORD, valid)));
  const name = valid['name'];
  if (typeof name === 'string' && (await tx.cmdb.serviceInstanceWithName(account, name, id)) !== null) errors.push(nameTaken(name));
  assertValidInput(input, inDeclarationOrder(SERVICE_INSTANCE_RECORD, errors));
  return values as CheckedServiceInstance;
}

async function viewOf(tx: Tx, access: AccessContext, id: number): Promise<ServiceInstanceView> {
  const view = await tx.cmdb.findServiceInstance(access.account.id, id);
  if (!view) throw new Error(`service instance ${id} vanished`);
  return view;
}

const actorOf = (access: AccessContext) => ({ id: access.person.id, name: access.person.name });

export async function createServiceInstance(access: AccessContext, input: ServiceInstanceCreateInput, uow: CmdbWrites): Promise<ServiceInstanceView> {
  assertCmdbWriter(access, 'service_instance', 'Create');
  const account = access.account.id;
  return uow.transaction(async (tx) => {
    const { configuration_item_ids: cis, ...values } = await checked(tx, access, input, 'create');
    const fields: ServiceInstanceFieldsRow = {
      name: values.name!, service_id: values.service_id ?? null, first_line_team_id: values.first_line_team_id ?? null, support_team_id: values.support_team_id ?? null,
    };
    const id = await tx.cmdb.insertServiceInstance(account, fields);
    if (id === null) throw validationFailed([nameTaken(fields.name)]);
    const links = [...(cis ?? [])].sort((a, b) => a - b);
    if (links.length > 0) await tx.cmdb.replaceCisOfServiceInstance(id, links);
    await recordChange(tx, {
      account, record: { type: 'ServiceInstance', id }, action: 'create', actor: actorOf(access),
      source: null, sourceId: null, changes: { ...fields, configuration_item_ids: links }, events: [{ name: 'service_instance.create' }],
    });
    return viewOf(tx, access, id);
  });
}

export async function updateServiceInstance(access: AccessContext, id: number, input: ServiceInstanceUpdateInput, uow: CmdbWrites): Promise<ServiceInstanceView> {
  assertCmdbWriter(access, 'service_instance', 'Update');
  const account = access.account.id;
  return uow.transaction(async (tx) => {
    const current = await tx.cmdb.findServiceInstanceForUpdate(account, id);
    if (!current) throw notFound();
    const { configuration_item_ids: wantedLinks, ...wanted } = await checked(tx, access, input, 'change', id);
    const changed = changedFields<ServiceInstanceFieldsRow>(current, wanted);
    const audit = auditPairs(current, changed);
    const linksBefore = await tx.cmdb.cisOfServiceInstance(id);
    const links = wantedLinks === undefined ? linksBefore : [...(wantedLinks ?? [])].sort((a, b) => a - b);
    if (links.join() !== linksBefore.join()) audit['configuration_item_ids'] = [linksBefore, links];
    if (Object.keys(audit).length === 0) return viewOf(tx, access, id);

    if (Object.keys(changed).length > 0 && !(await tx.cmdb.updateServiceInstance(id, changed))) throw validationFailed([nameTaken(changed.name ?? '')]);
    if ('configuration_item_ids' in audit) await tx.cmdb.replaceCisOfServiceInstance(id, links);
    await recordChange(tx, {
      account, record: { type: 'ServiceInstance', id }, action: 'update', actor: actorOf(access),
      source: null, sourceId: null, changes: audit, events: [{ name: 'service_instance.update' }],
    });
    return viewOf(tx, access, id);
  });
}
