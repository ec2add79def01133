// @ts-check
/**
 * The headers every response carries: next.config.js gives them to Next, and
 * scripts/static-assets.ts sends them with the precompressed files it serves itself.
 * @type {Array<{ key: string, value: string }>}
 */
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(self), geolocation=(self), microphone=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

module.exports = { securityHeaders };
