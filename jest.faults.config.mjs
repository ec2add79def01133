import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/**
 * `npm run test:faults`: database outage, pool exhaustion, kill -9, graceful shutdown, two
 * instances, backup and restore (tests/faults). They start their own Postgres and app servers,
 * so they run one file at a time, after the Playwright step has built the app.
 * @type {import('jest').Config}
 */
const config = {
  testEnvironment: "node",
  roots: ["<rootDir>/tests/faults"],
  testMatch: ["**/*.test.ts"],
  moduleNameMapper: {
    "^@/(.*)$": "<rootDir>/$1",
    "^server-only$": "<rootDir>/tests/support/empty-module.ts",
  },
  maxWorkers: 1,
  testTimeout: 180_000,
};

export default createJestConfig(config);
