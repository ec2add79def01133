import { availableParallelism } from "node:os";
import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/** @type {import('jest').Config} */
const config = {
  testEnvironment: "node",
  roots: ["<rootDir>/lib", "<rootDir>/components", "<rootDir>/app", "<rootDir>/prisma", "<rootDir>/scripts", "<rootDir>/tests"],
  testMatch: ["**/*.test.ts", "**/*.test.tsx"],
  // tests/faults stop their own Postgres and kill app servers: `npm run test:faults` (jest.faults.config.mjs).
  testPathIgnorePatterns: ["/node_modules/", "<rootDir>/tests/faults/"],
  moduleNameMapper: {
    "^@/(.*)$": "<rootDir>/$1",
    // Next's "server-only" guard throws outside a React server environment; tests are server code.
    "^server-only$": "<rootDir>/tests/support/empty-module.ts",
    // file-type (ESM-only) exports its Node entry under "import" only; jest resolves "require".
    "^file-type$": "<rootDir>/node_modules/file-type/index.js",
    // unpdf's CommonJS entry loads its PDF.js build with import(), which jest's VM refuses: use the ESM entry, compiled below.
    "^unpdf$": "<rootDir>/node_modules/unpdf/dist/index.mjs",
    "^unpdf/pdfjs$": "<rootDir>/node_modules/unpdf/dist/pdfjs.mjs",
  },
  globalSetup: "<rootDir>/tests/support/global-setup.ts",
  globalTeardown: "<rootDir>/tests/support/global-teardown.ts",
  setupFiles: ["<rootDir>/tests/support/setup-env.ts"],
  testTimeout: 30000,
  // Each file has its own database (tests/support/db.ts), so files run side by side. A worker
  // spends much of its time waiting on Postgres, so one more than the cores keeps them busy: on
  // the 2-core CI machine 1,997 tests took 155 s with 2 workers, 130 s with 3 and 125 s with 4.
  maxWorkers: availableParallelism() + 1,
};

// pg-boss 12 and its dependencies ship ES modules only: let next/jest's SWC transform compile
// them for jest (they stay native ESM in the Next server, see serverExternalPackages).
const ESM_PACKAGES = ["unpdf", "pg-boss", "serialize-error", "non-error", "rrule-temporal", "temporal-spec", "temporal-polyfill", "@js-temporal"];

export default async function jestConfig() {
  const resolved = await createJestConfig(config)();
  return {
    ...resolved,
    // Add them to next/jest's own exception list (jose, geist, next's client code ...).
    transformIgnorePatterns: resolved.transformIgnorePatterns.map((pattern) =>
      pattern.startsWith("/node_modules/(?!.pnpm)(?!(") ? pattern.replace("(?!(", `(?!(${ESM_PACKAGES.join("|")}|`) : pattern,
    ),
  };
}
