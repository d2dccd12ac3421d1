/**
 * GET /graphiql: a GraphiQL page for browsers, on the app's own assets only (no CDN).
 * Every answer of the app carries a CSP that allows nothing (libs/http security-headers.ts);
 * this page alone gets one that allows what GraphiQL needs from its own origin: scripts and
 * styles of /graphiql/assets, fonts inlined in graphiql's CSS (data:), and calls to the
 * endpoint. Still no inline script, no eval, no frame, no form target, no other origin.
 *
 * One exception: GraphiQL's dialogs (settings, shortcuts) lock the page's scroll with a <style>
 * element they write at run time, whose text holds the measured scrollbar width, so no hash can
 * name it, and its bundled runtime takes no nonce. `style-src-elem` allows inline <style>
 * elements alone; inline style attributes stay refused (`style-src 'self'`).
 */
import { assetUrl, type GraphiqlAssets } from './graphiql-assets.js';

export const GRAPHIQL_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "style-src-elem 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The page's HTML, built once: it holds no per-request value. */
export function graphiqlPageHtml(assets: GraphiqlAssets, endpoint: string): string {
  const styles = assets.styles.map((asset) => `  <link rel="stylesheet" href="${assetUrl(asset)}">`).join('\n');
  const scripts = assets.scripts.map((asset) => `  <script src="${assetUrl(asset)}" defer></script>`).join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Tessera GraphQL</title>
  <link rel="icon" href="data:,">
${styles}
${scripts}
</head>
<body data-endpoint="${endpoint}">
  <form id="graphiql-access" autocomplete="off">
    <label for="graphiql-token">Token</label>
    <input id="graphiql-token" name="token" type="password" placeholder="tsr_pat_…" spellcheck="false">
    <label for="graphiql-account">Account</label>
    <input id="graphiql-account" name="account" type="text" placeholder="X-Service-Account, e.g. wdc" spellcheck="false">
    <button type="submit">Use</button>
  </form>
  <div id="graphiql"></div>
</body>
</html>
`;
}
