import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/** @type {import('jest').Config} */
const config = {
  testEnvironment: "node",
  roots: ["<rootDir>/lib", "<rootDir>/components", "<rootDir>/app", "<rootDir>/prisma", "<rootDir>/scripts", "<rootDir>/tests"],
  testMatch: ["**/*.test.ts", "**/*.test.tsx"],
  moduleNameMapper: {
    "^@/(.*)$": "<rootDir>/$1",
    // Next's "server-only" guard throws outside a React server environment; tests are server code.
    "^server-only$": "<rootDir>/tests/support/empty-module.ts",
  },
  globalSetup: "<rootDir>/tests/support/global-setup.ts",
  globalTeardown: "<rootDir>/tests/support/global-teardown.ts",
  setupFiles: ["<rootDir>/tests/support/setup-env.ts"],
  testTimeout: 30000,
};

export default createJestConfig(config);
