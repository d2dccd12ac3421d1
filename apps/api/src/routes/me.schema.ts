/** `GET /v1/me` as the OpenAPI document shows it. */
import { z } from 'zod';
import { ROLES } from '@tessera/domain';

export const meSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    primary_email: z.string(),
    locale: z.string(),
    account: z.object({ id: z.string(), name: z.string() }).describe("The person's own account"),
    organization: z.object({ id: z.int(), name: z.string(), nodeID: z.string() }).nullable(),
    created_at: z.iso.datetime({ offset: true }),
    updated_at: z.iso.datetime({ offset: true }),
    nodeID: z.string(),
    roles: z.array(z.enum(ROLES)).describe('Roles in the account of the call'),
    current_account: z.object({ id: z.string(), name: z.string() }).describe('The account of the call (`X-Service-Account`)'),
  })
  .describe('The person behind the token, in the account of the call');
