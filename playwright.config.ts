import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./e2e/support/browser";
import { E2E_BASE_URL } from "./e2e/support/database";

// Debian's Chromium headless shell when installed (no browser download here; e2e/support/browser.ts).
const chromium = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };
const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 900 }, launchOptions: chromium };
const GLOBAL_SETTING = /@global-setting/;

export default defineConfig({
  testDir: "./e2e",
  outputDir: "./test-results",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  // One retry absorbs a timing miss on a loaded 2-core machine; Playwright still reports such a test as flaky.
  retries: 1,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  // The durations reporter ends the run with each spec file's time (e2e/support/durations-reporter.ts).
  reporter: process.env.CI
    ? [["list"], ["./e2e/support/durations-reporter.ts"]]
    : [["list"], ["./e2e/support/durations-reporter.ts"], ["html", { open: "never" }]],
  use: {
    baseURL: E2E_BASE_URL,
    screenshot: "only-on-failure",
    // A trace records a screencast and DOM snapshots of every test while it runs; on the 2-core CI
    // machine Chromium's GPU and browser processes then used more CPU than the app. Only retries record.
    trace: "on-first-retry",
    launchOptions: chromium,
  },
  projects: [
    { name: "desktop", grepInvert: GLOBAL_SETTING, use: desktop },
    // A test tagged @global-setting switches on a business-wide rule (require SSO, certified loaders)
    // that would refuse other workers' sign-ins or scans while it runs, so it runs after the rest,
    // one at a time (two at once: the chamber test's sign-in met the SSO test's requirement, a 403).
    { name: "global-settings", grep: GLOBAL_SETTING, dependencies: ["desktop"], workers: 1, use: desktop },
  ],
  webServer: {
    command: "npx tsx e2e/support/server.ts",
    url: `${E2E_BASE_URL}/api/health`,
    timeout: 600_000,
    reuseExistingServer: false,
    // The build's output and a pointer to the server's request log (test-results/e2e-server.log, e2e/support/server.ts).
    stdout: "pipe",
    stderr: "pipe",
  },
});
