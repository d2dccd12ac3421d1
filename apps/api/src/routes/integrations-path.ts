/** The path ids of the integration routes, parsed by their zod schemas: a malformed id is a 404, like an unknown one. */
import type { z } from 'zod';
import { zodInput, type RawInput } from '@tessera/http';

export function pathParser<P extends z.ZodObject>(schema: P): (params: RawInput['params']) => z.output<P> {
  const input = zodInput({ params: schema });
  return (params) => input.parse({ params, query: {}, body: undefined }).params as z.output<P>;
}
