/** The engine's write use cases for configuration items and service instances, typed by their inputs (for callers outside REST and GraphQL: the worker's specs, the seed). */
import type { AccessContext } from '../identity/access-context.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { createRecord, updateRecord } from '../record-engine/record-use-cases.js';
import { CONFIGURATION_ITEM, type ConfigurationItemCreateInput, type ConfigurationItemUpdateInput } from './configuration-item.record.js';
import { SERVICE_INSTANCE, type ServiceInstanceCreateInput, type ServiceInstanceUpdateInput } from './service-instance.record.js';

type Writes = UnitOfWork<'records' | 'auditLines' | 'jobs' | 'now'>;

export const createConfigurationItem = (access: AccessContext, input: ConfigurationItemCreateInput, uow: Writes) => createRecord(CONFIGURATION_ITEM, access, input, uow);
export const updateConfigurationItem = (access: AccessContext, id: number, input: ConfigurationItemUpdateInput, uow: Writes) => updateRecord(CONFIGURATION_ITEM, access, id, input, uow);
export const createServiceInstance = (access: AccessContext, input: ServiceInstanceCreateInput, uow: Writes) => createRecord(SERVICE_INSTANCE, access, input, uow);
export const updateServiceInstance = (access: AccessContext, id: number, input: ServiceInstanceUpdateInput, uow: Writes) => updateRecord(SERVICE_INSTANCE, access, id, input, uow);
