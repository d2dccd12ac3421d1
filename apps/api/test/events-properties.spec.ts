/**
 * Issue 20 item 6, property-based over the events intake: POST /v1/events
 * with fast-check parameters from its declared schema (plausible and hostile
 * values, extra fields), sent as a query string, a JSON body or a form body.
 * Never a 5xx (a 503 only with Retry-After); every error in its documented
 * shape; a 201 or 200 is a request. The seeded domain checks of
 * events-fuzz.spec.ts (records of other accounts, aliases) stay there.
 */
import fc from 'fast-check';
import { z } from 'zod';
import { listen, mountedRouteTable, type Listening } from '@tessera/http';
import { startApiHarness, type ApiHarness } from './support/api-harness.js';
import { errorShapeProblem } from './support/documented-errors.js';
import { declaredObject, queryStringOf } from './support/hostile-values.js';
import { inputsFactor, proofSeed } from './support/proof-settings.js';

const INPUTS = 2_000;

describe('POST /v1/events — generated input (fast-check)', () => {
  let h: ApiHarness;
  let server: Listening;
  const seed = proofSeed();

  beforeAll(async () => {
    h = await startApiHarness();
    server = await listen(h.app, { port: 0, host: '127.0.0.1' });
    console.log(`events properties: seed ${seed} (SOAK_SEED=${seed} replays this run)`);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await h?.drop();
  });

  it('answers every generated event below 500, each error in its documented shape', async () => {
    const route = mountedRouteTable(h.app).find((candidate) => candidate.path === '/v1/events' && candidate.method === 'post')!;
    const schema = z.toJSONSchema(route.input.query!, { io: 'input', unrepresentable: 'any' });
    // Half the events carry a plain subject, so generated input reaches matching and storing, not only validation.
    const generated = fc.tuple(declaredObject(schema as Parameters<typeof declaredObject>[0]), fc.option(fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim().length > 0)))
      .map(([event, subject]) => (subject === null ? event : { ...event, subject }));
    const statuses = new Map<number, number>();
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(generated, fc.constantFrom('query', 'json', 'form'), async (event, how) => {
        runs += 1;
        const encoded = queryStringOf(event);
        const res = await fetch(`http://127.0.0.1:${server.port}/v1/events${how === 'query' ? `?${encoded}` : ''}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${h.demo.admin.token}`, 'x-service-account': h.demo.account, accept: 'application/json',
            ...(how === 'query' ? {} : { 'content-type': how === 'json' ? 'application/json' : 'application/x-www-form-urlencoded' }),
          },
          ...(how === 'query' ? {} : { body: how === 'json' ? JSON.stringify(event) : encoded }),
        });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const text = await res.text();
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // Not JSON: named below when it is an error.
        }
        const problem = errorShapeProblem(res.status, body, Object.fromEntries(res.headers));
        if (problem) throw new Error(`${how} ${encoded.slice(0, 400)}: ${problem}`);
        if ((res.status === 200 || res.status === 201) && typeof (body as { id?: unknown }).id !== 'number') throw new Error(`${how}: ${res.status} without a request: ${text.slice(0, 300)}`);
      }),
      { seed, numRuns: Math.ceil(INPUTS * inputsFactor()), endOnFailure: false },
    );
    console.log(`events properties: ${runs} generated events, answered ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(runs).toBeGreaterThanOrEqual(INPUTS * inputsFactor());
  }, 300_000 * Math.max(1, inputsFactor()));
});
