/**
 * The served schema: every module of schema/ combined, each field guarded by the action it
 * declares (guard-resolvers.ts). A module is added to SCHEMA_MODULES and nowhere else.
 */
import { RECORDS } from '@tessera/domain';
import { guardResolvers } from './guard-resolvers.js';
import { assertWithinDeadline } from './limits/execution-deadline.js';
import { caller, type GraphqlContext } from './schema/graphql-context.js';
import { agileBoardModule } from './schema/agile-board.module.js';
import { taskApprovalModule } from './schema/task-approval.module.js';
import { connectionsModule } from './schema/connections.module.js';
import { integrationRecordsModule } from './schema/integration-records.module.js';
import { meModule } from './schema/me.module.js';
import { nodeModule } from './schema/node.module.js';
import { mutationsModule } from './schema/mutations.module.js';
import { recordModule } from './schema/record-module.js';
import { requestModule } from './schema/request.module.js';
import { teamModule } from './schema/team.module.js';
import { workRecordRequestsModule } from './schema/work-record-requests.module.js';
import { rateLimitModule } from './schema/rate-limit.module.js';
import { combineSchemaModules, type SchemaModule } from './schema/schema-module.js';

export type { GraphqlContext } from './schema/graphql-context.js';

export const SCHEMA_MODULES: readonly SchemaModule[] = [meModule, rateLimitModule, connectionsModule, requestModule, agileBoardModule, teamModule, ...RECORDS.map(recordModule), taskApprovalModule, workRecordRequestsModule, integrationRecordsModule, nodeModule, mutationsModule];

const combined = combineSchemaModules(SCHEMA_MODULES);

export const typeDefs = combined.typeDefs;

/** What every field needs (field-needs.ts); a field without a line stops the app at boot and fails test/schema-field-needs.spec.ts. */
export const FIELD_NEEDS = combined.needs;

/** The resolvers Apollo serves: each field checks the action it declares before it runs. */
export const resolvers = guardResolvers<GraphqlContext>({ typeDefs, resolvers: combined.resolvers, needs: FIELD_NEEDS, callerOf: caller, beforeField: assertWithinDeadline });
