/** What every connection shares: PageInfo, the order direction, filter value lists, the DateTime scalar. */
import type { FieldNeeds } from '../field-needs.js';
import type { SchemaModule } from './schema-module.js';

const OF_THE_PAGE: FieldNeeds = { parent: 'part of the page the connection field returned, checked there' };

export const connectionsModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    "An ISO 8601 date and time in UTC, e.g. 2026-11-22T10:15:00.000Z."
    scalar DateTime

    type PageInfo {
      hasNextPage: Boolean!
      hasPreviousPage: Boolean!
      startCursor: String
      endCursor: String
    }

    enum OrderDirection {
      ASC
      DESC
    }

    "Matches records whose field equals one of the values (at most 100; a null value is refused)."
    input StringValues {
      values: [String]
    }

    "Matches records whose reference is one of these node IDs (at most 100)."
    input IdValues {
      values: [ID]
    }
  `,
  needs: {
    'PageInfo.hasNextPage': OF_THE_PAGE,
    'PageInfo.hasPreviousPage': OF_THE_PAGE,
    'PageInfo.startCursor': OF_THE_PAGE,
    'PageInfo.endCursor': OF_THE_PAGE,
  },
  resolvers: {},
};
