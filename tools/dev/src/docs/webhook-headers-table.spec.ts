import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { WEBHOOK_HEADERS } from '@tessera/domain';
import { workspaceRoot } from '../paths.js';

/** The rows of docs/webhooks.md's "Each delivery carries these headers" table, by header. */
async function headerTable(): Promise<Map<string, string>> {
  const page = await readFile(path.join(workspaceRoot, 'docs/webhooks.md'), 'utf8');
  const after = page.slice(page.indexOf('Each delivery carries these headers'));
  const rows = after.split('\n').slice(1).filter((line, i, lines) => line.startsWith('|') && lines.slice(0, i).every((l) => l === '' || l.startsWith('|')));
  const table = new Map<string, string>();
  for (const row of rows.slice(2)) {
    const [names = '', value = ''] = row.split(/(?<!\\)\|/).slice(1, 3);
    for (const [, name] of names.matchAll(/`([^`]+)`/g)) table.set(name!, value);
  }
  return table;
}

describe('the delivery header table of docs/webhooks.md', () => {
  it('lists every header a delivery carries, and every signature scheme the API document describes', async () => {
    const table = await headerTable();
    expect(WEBHOOK_HEADERS.map((header) => header.name).filter((name) => !table.has(name))).toEqual([]);
    const documented = WEBHOOK_HEADERS.find((header) => header.name === 'webhook-signature')!.description;
    const schemes = [...documented.matchAll(/`(v\d+a?),/g)].map((m) => m[1]!);
    expect(schemes.length).toBeGreaterThan(0);
    expect(schemes.filter((scheme) => !table.get('webhook-signature')!.includes(`\`${scheme},`))).toEqual([]);
  });
});
