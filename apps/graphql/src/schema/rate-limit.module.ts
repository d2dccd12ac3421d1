import type { GraphqlContext } from './graphql-context.js';
import type { SchemaModule } from './schema-module.js';

const OF_THE_QUOTA = { parent: 'a figure of the caller’s own quota the parent field returned' } as const;

/** `rateLimit`: this call's cost and the caller's cost points (SPEC.md Limits rule 4), as the X-CostLimit-* headers say. */
export const rateLimitModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    "The cost points of the caller's current window, as the X-CostLimit-* headers report them."
    type RateLimit {
      "Points permitted per window."
      limit: Int!
      "Points of this call."
      cost: Int!
      "Points left in the window; null when the quota store could not be reached."
      remaining: Int
      "UTC epoch seconds when the window resets; null when the quota store could not be reached."
      resetAt: Int
    }

    extend type Query {
      """
      This call's cost and the caller's remaining cost points. With dryRun: true, the cost the
      query would have, without charging it or running anything else of it.
      """
      rateLimit(dryRun: Boolean = false): RateLimit!
    }
  `,
  needs: {
    'Query.rateLimit': { public: 'it reads only the caller’s own quota, which every answer reports in its headers anyway' },
    'RateLimit.limit': OF_THE_QUOTA,
    'RateLimit.cost': OF_THE_QUOTA,
    'RateLimit.remaining': OF_THE_QUOTA,
    'RateLimit.resetAt': OF_THE_QUOTA,
  },
  resolvers: {
    Query: {
      rateLimit: (_parent: unknown, _args: unknown, context: GraphqlContext) => {
        // The limits plugin counts the call before execution; without a store it still knows the limit and the cost.
        const figures = context.quota?.figures;
        if (!figures) throw new Error('rateLimit resolved before the call was counted');
        return figures;
      },
    },
  },
};
