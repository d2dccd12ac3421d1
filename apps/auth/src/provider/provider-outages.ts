/**
 * oidc-provider answers any failure inside an endpoint as `500 server_error`
 * and emits `server_error`. When the failure is the database being
 * unreachable (issue 20 item 1), the answer becomes OAuth's own word for it,
 * `503 temporarily_unavailable` (RFC 6749 §4.1.2.1, §5.2) with Retry-After,
 * and the outage is logged once by the app's watch rather than once per call.
 */
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { retryAfterOf, type Logger, type OutageWatch } from '@tessera/http';
import type { DomainError } from '@tessera/domain';

const OUTAGE = Symbol('outage');

type WithOutage = KoaContextWithOIDC & { [OUTAGE]?: DomainError };

export function answerOutages(provider: Provider, logger: Logger, outages: OutageWatch | undefined): void {
  provider.on('server_error', (ctx: WithOutage, err: Error) => {
    const outage = outages?.answer(err);
    if (outage) ctx[OUTAGE] = outage;
    else logger.error({ err, path: ctx.path }, 'oauth server error');
  });
  provider.use(async (ctx: WithOutage, next) => {
    await next();
    const outage = ctx[OUTAGE];
    if (!outage || ctx.status !== 500) return;
    ctx.status = 503;
    ctx.set('Retry-After', String(retryAfterOf(outage)));
    ctx.set('Cache-Control', 'no-store');
    // The HTML error page (renderError, on /authorize) keeps its page; JSON endpoints get OAuth's error body.
    if (ctx.type !== 'text/html') ctx.body = { error: 'temporarily_unavailable', error_description: outage.message };
  });
}
