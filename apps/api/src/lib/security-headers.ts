import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** TMDB's image CDN: posters and backdrops in live mode (and later in offline mode too). */
export const TMDB_IMAGE_ORIGIN = 'https://image.tmdb.org';

export interface SecurityHeaderOptions {
  /** The site's public origin (PUBLIC_URL): HSTS and upgrade-insecure-requests when it is https. */
  publicUrl?: string | undefined;
  /** TMDB_IMAGE_BASE_URL: its origin may serve images (a mirror, or a fixture in tests). */
  imageBaseUrl?: string | undefined;
  /** GOOGLE_ISSUER when Google sign-in is configured: the sign-in goes there and back. */
  googleIssuer?: string | undefined;
  /**
   * Live mode's trailers (decision 0095): YouTube's thumbnails, and its cookie-less player in a
   * frame once the visitor clicks play. Offline there are no trailers and nothing of YouTube's.
   */
  trailers?: boolean | undefined;
}

/** The trailer's thumbnail host and its player's origin (youtube-nocookie: no cookies until play). */
export const YOUTUBE_THUMBNAIL_ORIGIN = 'https://i.ytimg.com';
export const YOUTUBE_PLAYER_ORIGIN = 'https://www.youtube-nocookie.com';

const originOf = (url: string | undefined): string | null => {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** The Content-Security-Policy directives: exactly what the web app and /api/docs load. */
export function cspDirectives(opts: SecurityHeaderOptions): Record<string, string[]> {
  const https = originOf(opts.publicUrl)?.startsWith('https:') ?? false;
  const images = [...new Set([TMDB_IMAGE_ORIGIN, originOf(opts.imageBaseUrl)].filter((o) => o !== null))];
  if (opts.trailers) images.push(YOUTUBE_THUMBNAIL_ORIGIN);
  const google = originOf(opts.googleIssuer);
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    // The site's own bundles only: no inline script anywhere (index.html, /api/docs, the popup page).
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // The toast library writes its styles into a <style> element at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Generated posters are same-origin SVG; the favicon is a data: URL; TMDB's CDN in live mode
    // (and YouTube's trailer thumbnails).
    'img-src': ["'self'", 'data:', 'blob:', ...images],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'form-action': ["'self'", ...(google ? [google] : [])],
    // The trailer's player, loaded only when the visitor clicks play (live mode).
    'frame-src': opts.trailers ? [YOUTUBE_PLAYER_ORIGIN] : ["'none'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    // On plain http (local use), this would upgrade the site's own requests to an https that is not there.
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * The helmet settings the headers follow: `securityHeaderValues` is what helmet sends with them
 * (security-headers.test.ts compares the two), made once instead of by helmet on every request.
 */
export function helmetOptions(opts: SecurityHeaderOptions): FastifyHelmetOptions {
  const https = originOf(opts.publicUrl)?.startsWith('https:') ?? false;
  return {
    global: true,
    // Set by registerSecurityHeaders from a string made once: helmet rebuilds it on every request.
    contentSecurityPolicy: false,
    // The Google popup must keep its opener (see routes with `helmet: POPUP_FLOW_HELMET`).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    // Full URLs stay on the site; other sites get nothing (a reset page's token never leaves it).
    // Not 'no-referrer': browsers then send `Origin: null` on the site's own POSTs, which the
    // auth routes' origin check refuses.
    referrerPolicy: { policy: 'same-origin' },
    hsts: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false } : false,
    xContentTypeOptions: true,
  };
}

/**
 * The headers every answer carries: the CSP and helmet's with helmetOptions, as fixed values, set
 * by registerSecurityHeaders on every answer Fastify makes and by `clientErrorAnswer`
 * (request-guards.ts) on those to a request Node could not read. security-headers.test.ts checks
 * that they are exactly what @fastify/helmet sends with helmetOptions.
 */
export function securityHeaderValues(opts: SecurityHeaderOptions): Record<string, string> {
  const https = originOf(opts.publicUrl)?.startsWith('https:') ?? false;
  return {
    'content-security-policy': cspHeader(opts),
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': 'max-age=31536000' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/**
 * Routes a Google sign-in popup passes through (the OAuth callback and its redirect, the popup's
 * last page): no Cross-Origin-Opener-Policy, or the browser would cut the popup from the page
 * that opened it and the page would never hear back.
 */
export const POPUP_FLOW_HELMET = { crossOriginOpenerPolicy: false } as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's own helmet options (`helmet:` on the route, as @fastify/helmet takes them). */
    securityHeaders?: FastifyHelmetOptions;
  }
}

/**
 * Browser security headers on every answer (CSP, frame-ancestors, nosniff, Referrer-Policy, HSTS):
 * one `onRequest` hook, the first, setting a list made once. @fastify/helmet made helmet's
 * middleware anew on every request (two promises and a dozen header functions per answer, a
 * cached catalog read's largest cost inside Fastify: decision 0089). A route's `helmet` option
 * (only POPUP_FLOW_HELMET is used: no Cross-Origin-Opener-Policy) drops the headers it turns off.
 * security-headers.test.ts checks every kind of answer carries them.
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: SecurityHeaderOptions) {
  const all = Object.entries(securityHeaderValues(opts));
  const lists = new Map<FastifyHelmetOptions, [string, string][]>();
  app.addHook('onRoute', (route) => {
    const own = (route as { helmet?: FastifyHelmetOptions }).helmet;
    if (own === undefined) return;
    if (own.crossOriginOpenerPolicy !== false || Object.keys(own).length !== 1)
      throw new Error('a route may only turn the Cross-Origin-Opener-Policy off (POPUP_FLOW_HELMET)');
    route.config = { ...route.config, securityHeaders: own };
    lists.set(
      own,
      all.filter(([name]) => name !== 'cross-origin-opener-policy'),
    );
  });
  app.addHook('onRequest', (request, reply, done) => {
    const own = request.routeOptions.config.securityHeaders;
    for (const [name, value] of own ? lists.get(own)! : all) reply.header(name, value);
    done();
  });
}

/** The Content-Security-Policy header's value, in helmet's format (`name value…;name value…`). */
export function cspHeader(opts: SecurityHeaderOptions): string {
  return Object.entries(cspDirectives(opts))
    .map(([name, values]) => (values.length ? `${name} ${values.join(' ')}` : name))
    .join(';');
}
