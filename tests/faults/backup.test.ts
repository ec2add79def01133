/**
 * npm run db:backup / db:restore: a pg_dump custom-format file of the seeded demo data,
 * restored into an empty database, gives every table the same rows (counts and checksums).
 * Runs on TEST_DATABASE_URL's server when set (CI: the machine's Postgres), else on the fault
 * tests' embedded Postgres.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { createPrismaClient } from "@/lib/db-admin/client";
import { migrate } from "@/lib/db-admin/migrate";
import { seedDemoData } from "@/prisma/seed";
import { FaultPostgres, ROOT } from "./support";

const postgres = new FaultPostgres();
const suffix = `${process.pid}`;
const SOURCE = `bfs_faults_backup_src_${suffix}`;
const TARGET = `bfs_faults_backup_dst_${suffix}`;
let serverUrl: string;
let dir: string;

const urlOf = (database: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Row count and an order-independent checksum of every table in the public schema. */
async function fingerprint(database: string): Promise<Record<string, { rows: number; md5: string | null }>> {
  const client = new pg.Client({ connectionString: urlOf(database) });
  await client.connect();
  try {
    const tables = (await client.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")).rows;
    const out: Record<string, { rows: number; md5: string | null }> = {};
    for (const { tablename } of tables) {
      const { rows } = await client.query<{ n: number; md5: string | null }>(
        `SELECT count(*)::int AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS md5 FROM "${tablename}" t`,
      );
      out[tablename] = { rows: rows[0].n, md5: rows[0].md5 };
    }
    return out;
  } finally {
    await client.end();
  }
}

const npmScript = (script: string, args: string[], database: string) =>
  spawnSync(path.join(ROOT, "node_modules/.bin/tsx"), [path.join(ROOT, "scripts", script), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: urlOf(database) },
    encoding: "utf8",
  });

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) {
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = "/postgres";
    serverUrl = url.toString();
  } else {
    await postgres.start();
    serverUrl = postgres.serverUrl;
  }
  dir = mkdtempSync(path.join(tmpdir(), "bfs-backup-"));
  await admin(`DROP DATABASE IF EXISTS "${SOURCE}" WITH (FORCE)`);
  await admin(`DROP DATABASE IF EXISTS "${TARGET}" WITH (FORCE)`);
  await admin(`CREATE DATABASE "${SOURCE}"`);
  await migrate(urlOf(SOURCE));
  const db = createPrismaClient(urlOf(SOURCE));
  await seedDemoData(db, () => undefined);
  await db.$disconnect();
}, 120_000);

afterAll(async () => {
  await admin(`DROP DATABASE IF EXISTS "${SOURCE}" WITH (FORCE)`).catch(() => undefined);
  await admin(`DROP DATABASE IF EXISTS "${TARGET}" WITH (FORCE)`).catch(() => undefined);
  if (dir) rmSync(dir, { recursive: true, force: true });
  await postgres.stop();
});

it("round-trips the seeded data through db:backup and db:restore, table by table", async () => {
  const serverMajor = Number((await admin("SHOW server_version_num")).rows[0].server_version_num) / 10000;
  const dumpMajor = Number(/(\d+)\.\d+/.exec(execFileSync("pg_dump", ["--version"], { encoding: "utf8" }))![1]);
  const file = path.join(dir, "bfs.dump");
  const backup = npmScript("db-backup.ts", [file], SOURCE);

  if (dumpMajor < Math.floor(serverMajor)) {
    // pg_dump refuses a newer server: the script says so in one sentence (docs/operations.md).
    expect(backup.status).toBe(1);
    expect(backup.stderr).toMatch(/pg_dump [\d.]+ cannot back up a Postgres [\d.]+ server: install the client tools of version \d+ or newer/);
    return;
  }
  expect(backup.stderr).toBe("");
  expect(backup.status).toBe(0);
  expect(backup.stdout).toContain(`Backup written to ${file}`);

  const restore = npmScript("db-restore.ts", [file], TARGET);
  expect(restore.stderr).toBe("");
  expect(restore.status).toBe(0);

  const [before, after] = await Promise.all([fingerprint(SOURCE), fingerprint(TARGET)]);
  expect(Object.keys(before).length).toBeGreaterThan(20);
  expect(before.users.rows).toBeGreaterThan(5);
  expect(before.tasks.rows).toBeGreaterThan(5);
  expect(after).toEqual(before);
  console.log(JSON.stringify({ fault: "backup and restore", tables: Object.keys(before).length, rows: Object.values(before).reduce((n, t) => n + t.rows, 0), identical: true }));

  // A restore never mixes with live data.
  const again = npmScript("db-restore.ts", [file], TARGET);
  expect(again.status).toBe(1);
  expect(again.stderr).toContain(`The database ${TARGET} is not empty: restore into a new, empty database`);
}, 120_000);
