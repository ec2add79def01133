/**
 * Runs in every test file before it loads. Nothing may reach a developer's database by
 * accident: DATABASE_URL is cleared here and set only by useTestDatabase() (tests/support/db.ts)
 * to the file's own database. The server and template come from global-setup.ts through the
 * environment (tests/support/harness.ts).
 */
delete process.env.DATABASE_URL;
process.env.VALIDATE_RESPONSES = "1";

/**
 * TEST_NOW (an instant, "2026-03-08T01:30:00-06:00"; the environment's, else the jest project's
 * `globals`, as jest.boundaries.config.mjs sets it) runs the file with the process's clock set
 * there: only `Date` is faked, and it goes on ticking from that instant, so timers, promises and
 * the database driver behave as usual. Postgres's own now() is not moved (docs/testing.md,
 * "At the boundaries"). `npm run test:boundaries` runs the date-heavy folders at each instant.
 */
const testNow = process.env.TEST_NOW ?? (globalThis as { TEST_NOW?: string }).TEST_NOW;
if (testNow) {
  const now = Date.parse(testNow);
  if (Number.isNaN(now)) throw new Error(`TEST_NOW is not an instant: ${testNow}`);
  jest.useFakeTimers({
    now,
    advanceTimers: true,
    // Everything but Date; Intl too, which sinon fakes but jest's type does not name.
    doNotFake: [
      "Intl" as never,
      "hrtime",
      "nextTick",
      "performance",
      "queueMicrotask",
      "requestAnimationFrame",
      "cancelAnimationFrame",
      "requestIdleCallback",
      "cancelIdleCallback",
      "setImmediate",
      "clearImmediate",
      "setInterval",
      "clearInterval",
      "setTimeout",
      "clearTimeout",
    ],
  });
  // The fake Date is a subclass whose prototype has no own methods, and @date-fns/tz's TZDate
  // installs its zoned getters over the names it finds on Date.prototype: without these it would
  // read the machine's zone (UTC) instead of the business zone.
  const fake = Date.prototype;
  const native = Object.getPrototypeOf(fake) as object;
  for (const name of Object.getOwnPropertyNames(native)) {
    if (!Object.prototype.hasOwnProperty.call(fake, name)) Object.defineProperty(fake, name, Object.getOwnPropertyDescriptor(native, name)!);
  }
}
