/**
 * Response security headers set at run time; the static ones (nosniff,
 * X-Frame-Options, Referrer-Policy, Permissions-Policy, COOP) are in scripts/security-headers.js,
 * which next.config.js and the precompressed static files (scripts/static-assets.ts) send.
 * No "server-only": proxy.ts imports this.
 *
 * Pages: a strict, nonce-based Content-Security-Policy made per request in proxy.ts, as Next 16
 * documents it (Next reads the nonce from the request's CSP header and puts it on its own
 * scripts; every page renders dynamically, see app/layout.tsx):
 * - script-src 'nonce-…' 'strict-dynamic': only our own bundles and what they load run; no
 *   inline script and no injected <script> runs ('unsafe-eval' only in development, for React's
 *   dev tooling);
 * - style-src 'self' 'unsafe-inline': style attributes rendered on the server by Radix
 *   (tooltip/toast positioning), dnd-kit (drag transforms), headlessui and tiptap/ProseMirror
 *   would otherwise be dropped; CSS cannot run script, and style-src 'nonce-…' would switch
 *   'unsafe-inline' off (docs/security.md);
 * - img-src 'self' data: blob:, font-src 'self', connect-src 'self' (the API is same-origin; no
 *   third party is contacted), object-src 'none', base-uri 'self', form-action 'self',
 *   frame-ancestors 'none', and upgrade-insecure-requests when the public URL is https.
 * API JSON: default-src 'none' and frame-ancestors 'none' (a JSON body is never a document).
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The public URL the app is served at (APP_URL, else NEXTAUTH_URL), if configured. */
const publicUrl = () => process.env.APP_URL || process.env.NEXTAUTH_URL || "";
const servedOverHttps = () => publicUrl().startsWith("https://");

export function pageContentSecurityPolicy(nonce: string, dev = process.env.NODE_ENV === "development"): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws:" : ""}`,
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(servedOverHttps() ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** 128 random bits, base64: a fresh one for every page request. */
export function generateNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

export const HSTS_DEFAULT = "max-age=31536000; includeSubDomains";

/**
 * Strict-Transport-Security when the app is served over https: HSTS unset means on (one year,
 * sub-domains) when APP_URL/NEXTAUTH_URL is https; HSTS=off turns it off; any other value is
 * sent as the header's value (e.g. "max-age=63072000; includeSubDomains; preload").
 */
export function strictTransportSecurity(): string | null {
  const setting = process.env.HSTS?.trim();
  if (setting === "off" || setting === "false" || !servedOverHttps()) return null;
  return setting || HSTS_DEFAULT;
}
