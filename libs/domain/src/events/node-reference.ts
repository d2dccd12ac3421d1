/** How an event's payload names another record (SPEC.md "Events" rule 1). */
import { z } from 'zod';

export const nodeId = z.string().min(1).describe('A global node id, as GraphQL node(id:) takes it');

export const nodeReferenceSchema = z
  .strictObject({ id: z.int(), nodeID: nodeId, name: z.string().nullable() })
  .describe('A record the event names: its id, node id and display name');
