/**
 * Runs in every test file before it loads. Nothing may reach a developer's database by
 * accident: DATABASE_URL is cleared here and set only by useTestDatabase() (tests/support/db.ts)
 * to the file's own database. The server and template come from global-setup.ts through the
 * environment (tests/support/harness.ts).
 */
import { fakeDateOnly } from "./fake-date";

delete process.env.DATABASE_URL;
process.env.VALIDATE_RESPONSES = "1";

/**
 * TEST_NOW (an instant, "2026-03-08T01:30:00-06:00"; the environment's, else the jest project's
 * `globals`, as jest.boundaries.config.mjs sets it) runs the file with the process's clock set
 * there (fake-date.ts). `npm run test:boundaries` runs the date-heavy folders at each instant.
 */
const testNow = process.env.TEST_NOW ?? (globalThis as { TEST_NOW?: string }).TEST_NOW;
if (testNow) fakeDateOnly(testNow);
