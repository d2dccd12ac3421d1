import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import ts from 'typescript';
import { startApiHarness, type ApiHarness } from './support/api-harness.js';
import { call } from './support/integration-calls.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CITED = /.{0,60}SPEC\.md.{0,20}/g;

/** The .ts files under `dir`, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' || entry.name === 'node_modules' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** Every string and template text of a file: what it can serve (comments are not in the tree). */
function literals(file: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true));
  return found;
}

// Users have the README and /v1/openapi.json; SPEC.md is an internal document, cited by code comments only.
describe('served strings cite the README or /v1/openapi.json, never SPEC.md', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApiHarness();
  });
  afterAll(() => h.drop());

  it('the OpenAPI document', async () => {
    const document = (await request(h.app).get('/v1/openapi.json').expect(200)).text;
    expect(document.match(CITED) ?? []).toEqual([]);
  });

  it('the 422 for an event name outside the catalogue', async () => {
    const res = await call(h, 'post', '/v1/webhooks').send({ event: 'request.created', uri: 'https://receiver.example/e' }).expect(422);
    expect(res.body.errors).toEqual([
      ['event', "Event 'request.created' is not a webhook event name (see the event names in the README 'Webhooks' section or /v1/openapi.json, e.g. request.create)"],
    ]);
  });

  it('every string of the apps and libs, from which messages, descriptions and pages are made', () => {
    const files = ['apps', 'libs'].flatMap((top) => readdirSync(join(ROOT, top)).flatMap((project) => sources(join(ROOT, top, project, 'src'))));
    expect(files.length).toBeGreaterThan(100);
    const citing = files.flatMap((file) => literals(file).flatMap((text) => (text.match(CITED) ?? []).map((hit) => `${relative(ROOT, file)}: ${hit}`)));
    expect(citing).toEqual([]);
  });
});
