/**
 * `npm run db:restore FILE`: restores a backup made by `npm run db:backup` into DATABASE_URL's
 * database (or the embedded bfs_tasks), which must be empty; it is created when missing.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { restoreDatabase } from "../lib/db-admin/backup";
import { withDatabaseUrl } from "./db-target";

const file = process.argv[2];
if (!file || !existsSync(file)) {
  console.error(`[bfs] Usage: npm run db:restore FILE (a file written by npm run db:backup)${file ? `; ${file} does not exist` : ""}.`);
  process.exit(1);
}

withDatabaseUrl(async (url) => {
  await restoreDatabase(url, path.resolve(file));
  console.log(`[bfs] Restored ${file} into ${new URL(url).pathname.slice(1)}`);
});
