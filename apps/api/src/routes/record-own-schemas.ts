/**
 * The REST bodies and answer of a record whose published schemas say more than its declaration
 * (a person's roles as role names, whose account as `{id, name}`: person.schema.ts,
 * person-writes.schema.ts): recordRoutes takes them in place of the derived ones; the routes,
 * their names and needs, and the use cases stay the engine's.
 */
import type { RouteInput } from '@tessera/http';
import type { z } from 'zod';
import { createPersonInput, updatePersonInput } from './person-writes.schema.js';
import { personFieldsSchema, personSchema } from './person.schema.js';

export interface OwnSchemas {
  one: z.ZodObject;
  listed: z.ZodObject;
  create: RouteInput<object>;
  update: RouteInput<{ id: number; body: object }>;
}

export const OWN_SCHEMAS: Readonly<Partial<Record<string, OwnSchemas>>> = {
  Person: { one: personSchema, listed: personFieldsSchema, create: createPersonInput, update: updatePersonInput },
};
