/**
 * The batch loaders of one GraphQL request: nested references of a page are read
 * with one query per field and level, not one per parent (DataLoader).
 */
import type { AccessContext } from '@tessera/domain';
import type { GraphqlServices } from '../services.js';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface GraphqlLoaders {}

export function createGraphqlLoaders(_services: GraphqlServices, _access: AccessContext | null): GraphqlLoaders {
  return {};
}
