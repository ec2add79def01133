import baseConfig from "./jest.config.mjs";

/**
 * `npm run test:boundaries`: the date-heavy integration tests (time, recurrence, alerts, cases)
 * once more at each instant below, with the process's clock set there (TEST_NOW, faked in
 * tests/support/setup-env.ts). One jest run, one project per instant, so the workers stay busy
 * across them. A test that depends on the hour it runs fails here, not on a random evening
 * (docs/testing.md, "At the boundaries"). Reproduce one: TEST_NOW=<instant> npx jest <file>.
 */
export const BOUNDARY_INSTANTS = {
  // Sunday night in the business zone, the last day of May: the UTC day is already Monday June 1.
  "sunday-23:30": "2026-05-31T23:30:00-05:00",
  // The spring DST night in Chicago: 01:30 CST, half an hour before 02:00 becomes 03:00 (a 23-hour day).
  "dst-spring": "2026-03-08T01:30:00-06:00",
  // The autumn DST night: the first 01:30 (CDT); 01:00-02:00 comes again in CST (a 25-hour day).
  "dst-autumn": "2026-11-01T01:30:00-05:00",
  // New Year's Eve 23:30: the UTC day is already the new year.
  "new-year's-eve": "2026-12-31T23:30:00-06:00",
};

const FOLDERS = ["time", "recurrence", "alerts", "cases"];

export default async function boundariesConfig() {
  const { maxWorkers, testTimeout, globalSetup, globalTeardown, ...project } = await baseConfig();
  return {
    // jest reads these of the whole run, not of a project.
    maxWorkers,
    testTimeout,
    globalSetup,
    globalTeardown,
    projects: Object.entries(BOUNDARY_INSTANTS).map(([name, now]) => ({
      ...project,
      displayName: name,
      roots: FOLDERS.map((folder) => `<rootDir>/tests/integration/${folder}`),
      globals: { ...project.globals, TEST_NOW: now },
    })),
  };
}
