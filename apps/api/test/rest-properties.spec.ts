/**
 * Issue 20 item 6, property-based: over every route of the REST table the app
 * mounted, fast-check generates path parameters, query strings and JSON bodies
 * from the route's declared schemas (their JSON Schema), with hostile variants
 * mixed in — wrong types, huge and unicode strings, nulls, extra fields, bad
 * ids — and sends them as the demo administrator, so each passes the guard and
 * reaches parsing and the use case. Whatever arrives: never a 5xx (a 503 only
 * with Retry-After), and every error body in its documented shape. Seeded: a
 * failure names the seed and the shrunk input (SOAK_SEED replays it).
 */
import fc from 'fast-check';
import { z } from 'zod';
import { listen, mountedRouteTable, type Listening, type RouteDeclaration } from '@tessera/http';
import { startApiHarness, type ApiHarness } from './support/api-harness.js';
import { errorShapeProblem } from './support/documented-errors.js';
import { declaredObject, pathSegment, queryStringOf } from './support/hostile-values.js';
import { inputsFactor, proofSeed } from './support/proof-settings.js';

/** Inputs over the whole table in CI; `npm run soak` multiplies them. */
const INPUTS = 3_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const jsonSchemaOf = (schema: z.ZodType | undefined): any => {
  if (!schema) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  } catch {
    return undefined;
  }
};

describe('REST routes — generated input (fast-check)', () => {
  let h: ApiHarness;
  let server: Listening;
  let table: readonly RouteDeclaration[];
  const seed = proofSeed();

  beforeAll(async () => {
    h = await startApiHarness();
    server = await listen(h.app, { port: 0, host: '127.0.0.1' });
    table = mountedRouteTable(h.app);
    console.log(`REST properties: seed ${seed} (SOAK_SEED=${seed} replays this run)`);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await h?.drop();
  });

  it('answers every generated call below 500 (or 503 with Retry-After), each error in its documented shape', async () => {
    const perRoute = Math.ceil((INPUTS * inputsFactor()) / table.length);
    const counts: string[] = [];
    const statuses = new Map<number, number>();
    let total = 0;
    for (const route of table) {
      const params = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
      const input = fc.record({
        segments: fc.array(pathSegment(), { minLength: params.length, maxLength: params.length }),
        query: declaredObject(jsonSchemaOf(route.input.query)),
        body: fc.oneof({ weight: 5, arbitrary: declaredObject(jsonSchemaOf(route.input.body?.schema)) }, { weight: 1, arbitrary: fc.constantFrom<unknown>(null, [], 'text', 42) }),
      });
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(input, async ({ segments, query, body }) => {
          runs += 1;
          let index = 0;
          const path = route.path.replace(/:(\w+)/g, () => segments[index++]!);
          const qs = queryStringOf(query);
          const withBody = route.method !== 'get' && route.method !== 'delete';
          const res = await fetch(`http://127.0.0.1:${server.port}${path}${qs ? `?${qs}` : ''}`, {
            method: route.method.toUpperCase(),
            headers: { authorization: `Bearer ${h.demo.admin.token}`, 'x-service-account': h.demo.account, accept: 'application/json', ...(withBody ? { 'content-type': 'application/json' } : {}) },
            ...(withBody ? { body: JSON.stringify(body) } : {}),
          });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const text = await res.text();
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // Not JSON: errorShapeProblem names it below if it is an error.
          }
          const problem = errorShapeProblem(res.status, parsed, Object.fromEntries(res.headers));
          if (problem) throw new Error(`${route.method.toUpperCase()} ${path}${qs ? `?${qs.slice(0, 300)}` : ''}: ${problem}`);
        }),
        { seed, numRuns: perRoute, endOnFailure: false },
      );
      total += runs;
      counts.push(`${route.method.toUpperCase()} ${route.path} ${runs}`);
    }
    console.log(`REST properties: ${total} generated inputs over ${table.length} routes (${perRoute} each, shrinking included), answered ${JSON.stringify(Object.fromEntries(statuses))}:\n${counts.join('\n')}`);
    expect(total).toBeGreaterThanOrEqual(perRoute * table.length);
  }, 300_000 * Math.max(1, inputsFactor()));
});
