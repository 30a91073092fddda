// Security headers on every response: a Content-Security-Policy without inline script or eval (Pixi
// compiles shaders without `new Function` through pixi.js/unsafe-eval), no framing, a strict referrer
// policy. Server-rendered pages with inline script (/api/docs, /sandbox/*) get their own relaxed policy.
// In production behind an https PUBLIC_URL, Strict-Transport-Security too (never on http or in
// development: a browser would remember it for localhost).
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** Third-party origins the client loads only when the feature is configured. */
const GTM = 'https://www.googletagmanager.com';
const RECAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
// Google's documented CSP for reCAPTCHA: its frames come from www.google.com or recaptcha.google.com.
const RECAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/** Path prefixes whose server-rendered pages use inline script or style (the relaxed policy). */
export const relaxedCspPrefixes = ['/api/docs', '/sandbox/'];

const join = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');

/** The site's policy: scripts only from this origin (plus tag manager / captcha / rating widget when
 *  configured); sockets to this origin (plus the staging socket host and the Pusher host when configured). */
export function siteCsp(config: Config): string {
  const script = ["'self'"];
  const connect = ["'self'", 'data:', 'blob:']; // Pixi fetches its textures (data: SVGs too)
  const frame: string[] = [];
  if (config.gtmId) {
    script.push(GTM);
    connect.push(GTM);
  }
  if (config.recaptchaSiteKey) {
    script.push(...RECAPTCHA_SCRIPTS);
    frame.push(...RECAPTCHA_FRAMES);
  }
  if (config.ratingWidgetUrl) script.push(new URL(config.ratingWidgetUrl).origin);
  if (config.socketUrlStaging) {
    const u = new URL(config.socketUrlStaging);
    connect.push(`${u.protocol === 'https:' ? 'wss' : 'ws'}://${u.host}`);
  }
  if (config.pusherHttp) {
    const u = new URL(config.pusherHttp.host);
    connect.push(`${u.protocol === 'https:' ? 'wss' : 'ws'}://${u.host}`);
  }
  return join({
    'default-src': ["'self'"],
    'script-src': script,
    'style-src': ["'self'", "'unsafe-inline'"], // React style props and the loading screen's <style>
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'data:', 'blob:'],
    'worker-src': ["'self'", 'blob:'], // Pixi decodes images in a blob worker
    'connect-src': connect, // 'self' covers same-origin ws:/wss: for the channel server and socket.io
    'frame-src': frame.length ? frame : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

/** The relaxed policy of self-contained server pages: inline script and style, still no framing. */
export const relaxedCsp = join({
  'default-src': ["'self'"],
  'script-src': ["'self'", "'unsafe-inline'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'none'"],
});

/** HSTS for a year, subdomains included (no preload: that is the operator's decision to submit). */
export const hstsValue = 'max-age=31536000; includeSubDomains';

/** Whether responses carry Strict-Transport-Security: production with an https PUBLIC_URL only. */
export function sendsHsts(config: Config): boolean {
  return (
    config.env === 'production' && config.publicUrl !== undefined && new URL(config.publicUrl).protocol === 'https:'
  );
}

/** Adds the headers to every response (routes, static files, 404s and errors). */
export function securityHeaders(app: FastifyInstance, config: Config): void {
  const site = siteCsp(config);
  const hsts = sendsHsts(config) ? { 'strict-transport-security': hstsValue } : {};
  // a callback hook, not an async one: no promise and no microtask on every request
  app.addHook('onRequest', (request, reply, done) => {
    const path = request.url.split('?')[0]!;
    const relaxed = relaxedCspPrefixes.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`));
    void reply.headers({
      'content-security-policy': relaxed ? relaxedCsp : site,
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      ...hsts,
    });
    done();
  });
}
