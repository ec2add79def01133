import { config } from "zod/v4/core";

/**
 * zod 4 compiles object parsers with `new Function` unless told not to, and probes for it once
 * (a caught `new Function("")`). Under the app's strict CSP (no 'unsafe-eval') that probe is
 * reported as a script-src eval violation on every page whose client code builds a schema.
 * jitless skips both (zod's own advice for strict CSPs); parsing stays correct, a little slower.
 * Imported first by the client's root (app/providers.tsx) so it runs before any schema is built.
 * The setting lives on zod's global config, which `z.config` also writes: importing `config`
 * from the core alone keeps the full zod build (~32 KB gzipped) out of every page's first load.
 */
config({ jitless: true });
