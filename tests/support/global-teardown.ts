/**
 * Jest global teardown: stops the embedded Postgres that global-setup.ts started (when
 * TEST_DATABASE_URL was not set). Its data folder stays, so the next run reuses the template.
 */
import type { EmbeddedServerHolder } from "./global-setup";

export default async function globalTeardown(): Promise<void> {
  const holder = globalThis as EmbeddedServerHolder;
  await holder.__bfsTestPostgres?.stop();
  delete holder.__bfsTestPostgres;
}
