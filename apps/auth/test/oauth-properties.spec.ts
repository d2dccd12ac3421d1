/**
 * Issue 20 item 6, property-based over the OAuth endpoints: fast-check
 * parameters for POST /token, /revoke and /introspect (form bodies, now and
 * then JSON or repeated parameters) and GET /authorize — the parameters RFC
 * 6749/7009/7662 and PKCE define, plausible or hostile (wrong types, huge and
 * unicode strings, empty, unknown clients), with extra ones. Whatever arrives:
 * never a 5xx (a 503 only with Retry-After), and every JSON error in the shape
 * `{error, error_description}` with a string `error`. Seeded: a failure names
 * the seed and the shrunk parameters (SOAK_SEED replays it).
 */
import fc from 'fast-check';
import { startAuthHarness, type AuthHarness } from './support/auth-harness.js';

const INPUTS = 2_000;
const factor = Number(process.env['SOAK_INPUTS_FACTOR'] ?? 1);
const seed = process.env['SOAK_SEED'] ? Number(process.env['SOAK_SEED']) : Date.now() ^ (Math.random() * 0x7fffffff);

const hostile = fc.oneof(
  fc.constantFrom('', ' ', 'null', '%00', '\u0000', 'a\u202Eb', '../../etc/passwd', 'openid offline_access *:*', 'S256', 'plain', 'none'),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ minLength: 2_000, maxLength: 20_000 }),
  fc.integer().map(String),
);

describe('OAuth endpoints — generated parameters (fast-check)', () => {
  let h: AuthHarness;

  beforeAll(async () => {
    h = await startAuthHarness();
    console.log(`OAuth properties: seed ${seed} (SOAK_SEED=${seed} replays this run)`);
  }, 60_000);
  afterAll(() => h?.close());

  it('answers every generated call below 500 (or 503 with Retry-After), each JSON error as {error, error_description}', async () => {
    const client = h.demo.oauth_client;
    const maybe = (plausible: fc.Arbitrary<string>) => fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 2, arbitrary: hostile });
    const params = fc.record(
      {
        grant_type: maybe(fc.constantFrom('authorization_code', 'refresh_token', 'client_credentials', 'password', 'urn:ietf:params:oauth:grant-type:device_code')),
        client_id: maybe(fc.constant(client.client_id)),
        client_secret: maybe(fc.constant(client.client_secret)),
        code: hostile,
        refresh_token: hostile,
        token: hostile,
        token_type_hint: maybe(fc.constantFrom('access_token', 'refresh_token')),
        redirect_uri: maybe(fc.constant(client.redirect_uri)),
        response_type: maybe(fc.constantFrom('code', 'token', 'id_token', 'code id_token')),
        scope: maybe(fc.constantFrom('openid', 'request:Read', 'me:Read offline_access', '*:*')),
        state: hostile,
        nonce: hostile,
        prompt: maybe(fc.constantFrom('login', 'consent', 'none')),
        code_challenge: hostile,
        code_challenge_method: maybe(fc.constantFrom('S256', 'plain')),
        code_verifier: hostile,
      },
      { requiredKeys: [] },
    );
    const extra = fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), hostile, { maxKeys: 3 });
    const encoding = fc.constantFrom('form', 'form', 'form', 'json', 'repeated');
    const targets = ['/token', '/revoke', '/introspect', '/authorize'] as const;
    const perTarget = Math.ceil((INPUTS * factor) / targets.length);
    const counts: string[] = [];
    const statuses = new Map<number, number>();
    let total = 0;
    for (const target of targets) {
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(params, extra, encoding, async (given, more, how) => {
          runs += 1;
          const values = { ...more, ...given };
          const form = new URLSearchParams(Object.entries(values));
          if (how === 'repeated') for (const [name, value] of Object.entries(given)) form.append(name, value);
          const res =
            target === '/authorize'
              ? await fetch(`${h.issuer}/authorize?${form}`, { redirect: 'manual', headers: { accept: 'application/json' } })
              : await fetch(`${h.issuer}${target}`, {
                  method: 'POST',
                  headers: { accept: 'application/json', 'content-type': how === 'json' ? 'application/json' : 'application/x-www-form-urlencoded' },
                  body: how === 'json' ? JSON.stringify(values) : form,
                });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const text = await res.text();
          const where = `${target} ${how} ${JSON.stringify(values).slice(0, 400)}`;
          if (res.status >= 500 && !(res.status === 503 && Number(res.headers.get('retry-after')) >= 1)) throw new Error(`${where}: ${res.status} ${text.slice(0, 300)}`);
          if (res.status < 400 || !(res.headers.get('content-type') ?? '').includes('json')) return;
          const body = JSON.parse(text) as Record<string, unknown>;
          const keys = Object.keys(body).filter((key) => key !== 'error' && key !== 'error_description');
          if (typeof body['error'] !== 'string' || (body['error_description'] !== undefined && typeof body['error_description'] !== 'string') || keys.length > 0) {
            throw new Error(`${where}: ${res.status} not an OAuth error: ${text.slice(0, 300)}`);
          }
        }),
        { seed, numRuns: perTarget, endOnFailure: false },
      );
      total += runs;
      counts.push(`${target} ${runs}`);
    }
    console.log(`OAuth properties: ${total} generated calls (${counts.join(', ')}), answered ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(total).toBeGreaterThanOrEqual(perTarget * targets.length);
  }, 300_000 * Math.max(1, factor));
});
