import { existsSync } from "node:fs";

/**
 * The browser the tests drive: Debian's Chromium, no browser download (the network is closed).
 * Its headless shell (`apt-get install chromium-headless-shell`, what Playwright itself runs
 * headless by default) is preferred: it has no window, GPU or profile machinery to start, and the
 * whole Playwright suite ran in 620 s with it against 928 s in the full browser on the same
 * 2-core machine (docs/testing.md). The full `/usr/bin/chromium` still serves when the shell is
 * missing; `CHROMIUM_PATH` names another binary.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

/** Keeps the browser off the closed network and its sandbox off (the tests run as root in CI). */
export const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"];

/**
 * The full browser, for the one spec that needs what the headless shell lacks: the shell has no
 * notification platform (Notification.permission stays "denied" even after grantPermissions), so
 * `e2e/push-worker.spec.ts` drives `/usr/bin/chromium` (Debian's `chromium`, installed by the
 * pretest beside the shell; `CHROMIUM_FULL_PATH` names another binary), headless.
 */
export const CHROMIUM_FULL_PATH = process.env.CHROMIUM_FULL_PATH ?? "/usr/bin/chromium";
