import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { isHttps } from './sessions';

/**
 * The page's Content-Security-Policy. Scripts and styles come from this origin only, with no inline code and
 * no eval: Vite's builds have no inline scripts, the Module Federation runtime loads remotes as ES modules
 * from /mf/, and index.html's site-config block is JSON (type=application/json), which is data, not script.
 * react-toastify's injected <style> is refused, which loses nothing: its CSS is bundled. A page rendered on the
 * server carries its stylesheets inline, and its answer adds exactly those texts' hashes to `style-src`
 * (contentSecurityPolicy below); nothing else inline is allowed. Images may come from any HTTPS site (post
 * content), data: and blob: (previews of a chosen image in the editor).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' https: data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "frame-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The CSP of one answer: over HTTPS it also upgrades insecure requests. `styleHashes` are the sources of the
 * inline stylesheets a rendered page carries (lib/inline-styles.ts), the only inline styles it allows.
 */
export function contentSecurityPolicy(
  https: boolean,
  styleHashes: readonly string[] = NO_INLINE_STYLES,
): string {
  // Written once per list of hashes (a kept page keeps its list), not on every answer.
  let policies = POLICIES.get(styleHashes);
  if (!policies) {
    let policy = CONTENT_SECURITY_POLICY;
    if (styleHashes.length > 0)
      policy = policy.replace("style-src 'self'", () => `style-src 'self' ${styleHashes.join(' ')}`);
    policies = { http: policy, https: `${policy}; upgrade-insecure-requests` };
    POLICIES.set(styleHashes, policies);
  }
  return https ? policies.https : policies.http;
}

const NO_INLINE_STYLES: readonly string[] = [];
const POLICIES = new WeakMap<readonly string[], { http: string; https: string }>();

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Helmet's headers on every answer (nosniff, frame denial, referrer policy, cross-origin isolation of
 * windows and resources...), plus what depends on the transport: HSTS and upgrade-insecure-requests only when
 * the request came over HTTPS (over plain HTTP, HSTS is ignored and the upgrade would break the site).
 * No CORS headers are ever sent: the API serves this origin only, so no other origin can read its answers.
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: false,
      hsts: false,
      crossOriginEmbedderPolicy: false,
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    app.addHook('onRequest', async (request, reply) => {
      const https = isHttps(request);
      reply.header('content-security-policy', contentSecurityPolicy(https));
      reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
      if (https) reply.header('strict-transport-security', HSTS);
    });
  },
  { name: 'security-headers' },
);
