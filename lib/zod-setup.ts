/**
 * zod 4 compiles object parsers with `new Function` unless told not to, and probes for it once
 * (a caught `new Function("")`). Under the app's strict CSP (no 'unsafe-eval') that probe is
 * reported as a script-src eval violation on every page whose client code builds a schema.
 * jitless skips both (zod's own advice for strict CSPs); parsing stays correct, a little slower.
 * Imported first by the client's root (app/providers.tsx) and by every schema module
 * (lib/validations/text.ts), so it runs before any schema is built.
 *
 * zod keeps its global config (what `z.config` writes) on `globalThis.__zod_globalConfig`, so
 * that every copy of zod in a bundle shares it, and adopts an object already there. Writing it
 * here keeps zod's code (≈ 9 KB gzipped of its core) out of every page's first load;
 * lib/zod-setup.test.ts fails if a zod upgrade stops reading it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
