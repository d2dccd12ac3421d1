/**
 * Response headers that make a JSON answer inert in a browser, set once for
 * every app: no MIME sniffing, no framing, no referrer, a CSP that allows
 * nothing (a JSON API loads no scripts, styles or frames), and helmet's other
 * defaults (COOP, CORP same-origin, …). CORP does not hinder CORS calls: it
 * applies only to no-cors loads such as <script> or <img>.
 * HSTS is sent only by an app that is reached over HTTPS alone, since browsers
 * ignore it over plain HTTP and it must never pin a plain-HTTP host by mistake.
 */
import helmet from 'helmet';
import type { RequestHandler } from 'express';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function securityHeaders(options: { hsts: boolean }): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: options.hsts ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true } : false,
  });
}
