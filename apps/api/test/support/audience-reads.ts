import request from 'supertest';
import type { AudienceRecord, Audiences, ReaderName } from '@tessera/persistence/testing';
import type { ApiHarness } from './api-harness.js';

/**
 * Reads of the records of insertAudiences (docs/decisions/056) as each of its callers: a
 * collection walked a page of one at a time, so that a rule applied after paging would show as
 * a short or empty page, a wrong count or a missing record.
 */
export function audienceReads(h: () => ApiHarness, audiences: () => Audiences) {
  const get = (reader: ReaderName, path: string) =>
    request(h().app).get(path).set('Authorization', `Bearer ${audiences().tokens[reader]}`).set('X-Service-Account', audiences().account);
  return {
    get,
    /** The labels of the records listed, page by page, and every total the pages reported. */
    async walk(reader: ReaderName, path: string, records: readonly AudienceRecord[]): Promise<{ labels: string[]; totals: string[]; sizes: number[] }> {
      const labels: string[] = [];
      const totals = new Set<string>();
      const sizes: number[] = [];
      for (let page = 1; ; page += 1) {
        const res = await get(reader, `${path}${path.includes('?') ? '&' : '?'}sort=id&per_page=1&page=${page}`).expect(200);
        totals.add(res.headers['x-pagination-total-entries'] as string);
        sizes.push(res.body.length);
        labels.push(...(res.body as Array<{ id: number }>).map((row) => records.find((record) => record.id === row.id)?.label ?? `unknown ${row.id}`));
        if (page >= Number(res.headers['x-pagination-total-pages'])) break;
      }
      return { labels, totals: [...totals], sizes };
    },
  };
}
