/** The store behind GraphQL reads (libs/domain GraphReads): each method one statement. */
import type { GraphReads } from '@tessera/domain';
import type { Database } from '../database.js';
import { prepared } from '../prepared.js';
import { applyNodeFilter, keysetPages } from './keyset-pages.js';
import { EDGE_TABLES, KIND_TABLES } from './node-tables.js';

export function graphReads(db: Database): GraphReads {
  return {
    async page(kind, scope, filter, request, view) {
      const table = KIND_TABLES[kind];
      const scoped = table.scoped(db, scope);
      applyNodeFilter(db, scoped, filter, table.columns);
      if (view !== undefined) table.view!(scoped, view);
      const pages = await keysetPages(db, { scoped, nodes: table.nodes(db, scope), id: table.id, columns: table.columns, parent: null }, request);
      return pages.get(0) ?? { rows: [], totalCount: 0, hasNextPage: false, hasPreviousPage: false };
    },
    async nestedPages(edge, scope, parentIds, request) {
      const link = EDGE_TABLES[edge];
      const table = KIND_TABLES[link.kind];
      if (parentIds.length === 0) return new Map();
      const scoped = link.scoped(db, scope).whereRaw('?? = any(?)', [link.parent, [...parentIds]]);
      return keysetPages(db, { scoped, nodes: table.nodes(db, scope), id: table.id, columns: table.columns, parent: link.parent }, request);
    },
    async byIds(kind, scope, ids) {
      const table = KIND_TABLES[kind];
      return prepared(table.nodes(db, scope).whereRaw('?? = any(?)', [table.id, [...ids]]));
    },
  } as GraphReads;
}
