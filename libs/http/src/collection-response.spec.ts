import express, { type Express } from 'express';
import request from 'supertest';
import { parseCollectionQuery, type CollectionSpec } from '@tessera/validation';
import { pickFields, sendCollection } from './collection-response.js';

interface Team {
  id: number;
  nodeID: string;
  name: string;
  status: string;
}

const spec: CollectionSpec = {
  fields: ['id', 'name', 'status'],
  defaultFields: ['id', 'name', 'status'],
  sortable: ['id'],
  filters: {},
};

/** A tiny app serving a fixed collection of `total` teams, paged by the query. */
function appWith(total: number): Express {
  const teams: Team[] = Array.from({ length: total }, (_, i) => ({
    id: i + 1,
    nodeID: `node-${i + 1}`,
    name: `Team ${i + 1}`,
    status: 'active',
  }));
  const app = express();
  app.get('/teams', (req, res) => {
    const query = parseCollectionQuery(req.query as Record<string, unknown>, spec);
    const start = (query.page - 1) * query.perPage;
    sendCollection(req, res, query, { rows: teams.slice(start, start + query.perPage), total: teams.length }, (team) => ({ ...team }), SELF);
  });
  return app;
}

/** `Link` header → { rel: url }. */
function links(header: string | undefined): Record<string, URL> {
  const result: Record<string, URL> = {};
  for (const part of (header ?? '').split(',')) {
    const match = /^\s*<([^>]+)>;\s*rel="([a-z]+)"\s*$/.exec(part);
    if (match) result[match[2]!] = new URL(match[1]!);
  }
  return result;
}

const pageOf = (url: URL | undefined) => url?.searchParams.get('page');

const SELF = 'https://api.example.com/base/v1/teams';

describe('sendCollection', () => {
  const app = appWith(45);

  it('sets X-Pagination-Per-Page 20, Current-Page 1, Total-Pages 3 and Total-Entries 45 on the first page', async () => {
    const res = await request(app).get('/teams').expect(200);
    expect(res.headers['x-pagination-per-page']).toBe('20');
    expect(res.headers['x-pagination-current-page']).toBe('1');
    expect(res.headers['x-pagination-total-pages']).toBe('3');
    expect(res.headers['x-pagination-total-entries']).toBe('45');
    expect(res.body).toHaveLength(20);
    expect(res.body[0]).toEqual({ id: 1, nodeID: 'node-1', name: 'Team 1', status: 'active' });
  });

  it('links first, next and last but no prev on page 1', async () => {
    const res = await request(app).get('/teams').expect(200);
    const rel = links(res.headers['link']);
    expect(Object.keys(rel).sort()).toEqual(['first', 'last', 'next']);
    expect(pageOf(rel['first'])).toBe('1');
    expect(pageOf(rel['next'])).toBe('2');
    expect(pageOf(rel['last'])).toBe('3');
    expect(rel['next']!.origin + rel['next']!.pathname).toBe(SELF);
    expect(rel['next']!.searchParams.get('per_page')).toBe('20');
  });

  it('links prev to page 1 and next to page 3 on page 2', async () => {
    const res = await request(app).get('/teams?page=2').expect(200);
    expect(res.headers['x-pagination-current-page']).toBe('2');
    const rel = links(res.headers['link']);
    expect(Object.keys(rel).sort()).toEqual(['first', 'last', 'next', 'prev']);
    expect(pageOf(rel['prev'])).toBe('1');
    expect(pageOf(rel['next'])).toBe('3');
    expect(res.body.map((team: Team) => team.id)).toEqual(Array.from({ length: 20 }, (_, i) => 21 + i));
  });

  it('links prev but no next on the last page 3, which holds the last 5 teams', async () => {
    const res = await request(app).get('/teams?page=3').expect(200);
    const rel = links(res.headers['link']);
    expect(Object.keys(rel).sort()).toEqual(['first', 'last', 'prev']);
    expect(pageOf(rel['prev'])).toBe('2');
    expect(pageOf(rel['last'])).toBe('3');
    expect(res.body.map((team: Team) => team.id)).toEqual([41, 42, 43, 44, 45]);
  });

  it('keeps the other query parameters and the chosen per_page in every link', async () => {
    const res = await request(app).get('/teams?per_page=10&fields=name&page=2').expect(200);
    expect(res.headers['x-pagination-per-page']).toBe('10');
    expect(res.headers['x-pagination-total-pages']).toBe('5');
    const rel = links(res.headers['link']);
    for (const name of ['first', 'prev', 'next', 'last']) {
      expect(rel[name]!.searchParams.get('fields')).toBe('name');
      expect(rel[name]!.searchParams.get('per_page')).toBe('10');
    }
    expect(pageOf(rel['last'])).toBe('5');
  });

  it('points prev at the last page when the page asked for is past the end', async () => {
    const res = await request(app).get('/teams?page=7').expect(200);
    expect(res.body).toEqual([]);
    const rel = links(res.headers['link']);
    expect(rel['next']).toBeUndefined();
    expect(pageOf(rel['prev'])).toBe('3');
  });

  it('reports one page and only first and last links for an empty collection', async () => {
    const res = await request(appWith(0)).get('/teams').expect(200);
    expect(res.body).toEqual([]);
    expect(res.headers['x-pagination-total-pages']).toBe('1');
    expect(res.headers['x-pagination-total-entries']).toBe('0');
    expect(Object.keys(links(res.headers['link'])).sort()).toEqual(['first', 'last']);
  });

  it('reduces each record to the selected fields plus id and nodeID for ?fields=name', async () => {
    const res = await request(app).get('/teams?fields=name').expect(200);
    expect(res.body[0]).toEqual({ id: 1, nodeID: 'node-1', name: 'Team 1' });
    for (const team of res.body) expect(Object.keys(team).sort()).toEqual(['id', 'name', 'nodeID']);
  });
});

describe('pickFields', () => {
  it('keeps the listed fields and nodeID and drops the rest', () => {
    expect(pickFields({ id: 3, nodeID: 'n3', name: 'x', secret: 's' }, ['id', 'name'])).toEqual({ id: 3, nodeID: 'n3', name: 'x' });
  });

  it('leaves out listed fields the record does not have and adds no nodeID when there is none', () => {
    expect(pickFields({ id: 3, name: 'x' }, ['id', 'status'])).toStrictEqual({ id: 3 });
  });

  it('keeps fields whose value is null', () => {
    expect(pickFields({ id: 3, team: null }, ['id', 'team'])).toStrictEqual({ id: 3, team: null });
  });
});
