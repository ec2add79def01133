/**
 * Sets the process's clock to `now` for the rest of the file (or until jest.useRealTimers()):
 * only `Date` is faked, and it goes on ticking from there, so timers, promises and the database
 * driver behave as usual. Postgres's own now() is not moved. TEST_NOW runs whole files this way
 * (tests/support/setup-env.ts, docs/testing.md "At the boundaries").
 */
export function fakeDateOnly(now: Date | string | number): void {
  const at = new Date(now).getTime();
  if (Number.isNaN(at)) throw new Error(`Not an instant: ${String(now)}`);
  jest.useFakeTimers({
    now: at,
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
  // installs its zoned getters over the names it finds on Date.prototype when it loads: without
  // these it would read the machine's zone (UTC) instead of the business zone. (A module loaded
  // before the first fake keeps the real Date, whose prototype it already read.)
  const fake = Date.prototype;
  const native = Object.getPrototypeOf(fake) as object;
  if (native === Object.prototype) return;
  for (const name of Object.getOwnPropertyNames(native)) {
    if (!Object.prototype.hasOwnProperty.call(fake, name)) Object.defineProperty(fake, name, Object.getOwnPropertyDescriptor(native, name)!);
  }
}
