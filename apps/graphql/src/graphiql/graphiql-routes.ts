/**
 * Mounts the GraphiQL page and its assets on the GraphQL app:
 * - GET /graphiql: the page (HTML, revalidated on every load: its asset URLs change on upgrade);
 * - GET /graphiql/assets/<name>: one of the files the page names, by exact name, cached a year
 *   (names carry a version or hash); any other name is the app's usual 404.
 * The operations endpoint stays `/`.
 */
import type { Express, RequestHandler } from 'express';
import { GRAPHIQL_ASSETS_PATH, loadGraphiqlAssets } from './graphiql-assets.js';
import { GRAPHIQL_PAGE_CSP, graphiqlPageHtml } from './graphiql-page.js';

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export function mountGraphiql(app: Express, endpoint = '/'): void {
  const assets = loadGraphiqlAssets();
  const html = graphiqlPageHtml(assets, endpoint);

  const page: RequestHandler = (_req, res) => {
    res.set({ 'Content-Security-Policy': GRAPHIQL_PAGE_CSP, 'Cache-Control': 'no-cache', 'Content-Type': 'text/html; charset=utf-8' });
    res.send(html);
  };

  const asset: RequestHandler = (req, res, next) => {
    const found = assets.byName.get(String(req.params['name']));
    if (!found) {
      next();
      return;
    }
    res.set('Content-Type', found.contentType);
    if ('body' in found) {
      res.set('Cache-Control', `public, max-age=${ONE_YEAR_MS / 1000}, immutable`).send(found.body);
      return;
    }
    res.sendFile(found.file, { maxAge: ONE_YEAR_MS, immutable: true, dotfiles: 'deny' }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };

  app.get('/graphiql', page);
  app.get(`${GRAPHIQL_ASSETS_PATH}/:name`, asset);
}
