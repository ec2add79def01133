/**
 * `npm run db:backup [FILE]`: a pg_dump custom-format backup of DATABASE_URL's database, or of
 * the embedded one (started for the occasion when the app is not running). FILE defaults to
 * backups/bfs-<timestamp>.dump.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { backupDatabase } from "../lib/db-admin/backup";
import { withDatabaseUrl } from "./db-target";

const root = path.resolve(__dirname, "..");
const file = path.resolve(process.argv[2] ?? path.join(root, "backups", `bfs-${new Date().toISOString().replace(/[:.]/g, "-")}.dump`));

withDatabaseUrl(async (url) => {
  mkdirSync(path.dirname(file), { recursive: true });
  await backupDatabase(url, file);
  console.log(`[bfs] Backup written to ${file}`);
});
