/**
 * `npm run db:migrate`: creates the database named in DATABASE_URL if needed and applies the
 * pending migrations. Prints one line per applied migration; on failure one sentence, exit 1.
 */
import { ensureDatabase, migrate, MigrationError } from "../lib/db-admin/migrate";

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new MigrationError("DATABASE_URL is not set; point it at the Postgres database to migrate.");
  if (await ensureDatabase(url)) console.log(`Created database ${new URL(url).pathname.slice(1)}`);
  const { applied } = await migrate(url, { log: (line) => console.log(line) });
  if (applied.length === 0) console.log("Database is up to date");
}

main().catch((error: unknown) => {
  // Expected failures are already one sentence; anything else is reduced to its message.
  const message = error instanceof Error ? error.message : String(error);
  console.error(message.split("\n")[0]);
  process.exit(1);
});
