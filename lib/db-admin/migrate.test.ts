import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { ensureDatabase, migrate, migrationChecksum, quoteIdent } from "./migrate";
import { databaseUrl, readHarnessInfo } from "@/tests/support/harness";

const PROJECT_MIGRATIONS = path.resolve("prisma/migrations");
const INIT = "20261122000000_init";
const created: string[] = [];
const tempDirs: string[] = [];

/** An empty database of its own (not a template clone: these tests migrate from scratch). */
async function emptyDatabase(): Promise<string> {
  const name = `bfs_test_migrate_${process.pid}_${created.length}_${Date.now() % 100000}`;
  await admin(`CREATE DATABASE ${quoteIdent(name)}`);
  created.push(name);
  return databaseUrl(readHarnessInfo().serverUrl, name);
}

async function admin(sql: string): Promise<void> {
  await withClient(readHarnessInfo().serverUrl, (c) => c.query(sql));
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A migrations folder of tiny migrations, for the failure cases. */
async function migrationsDir(migrations: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "bfs-migrations-"));
  tempDirs.push(dir);
  for (const [name, sql] of Object.entries(migrations)) await writeMigration(dir, name, sql);
  return dir;
}

async function writeMigration(dir: string, name: string, sql: string): Promise<void> {
  await mkdir(path.join(dir, name), { recursive: true });
  await writeFile(path.join(dir, name, "migration.sql"), sql);
}

const ledger = (url: string) =>
  withClient(url, (c) =>
    c
      .query<{ migration_name: string; checksum: string; finished_at: Date | null; applied_steps_count: number }>(
        `SELECT migration_name, checksum, finished_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name`,
      )
      .then((r) => r.rows),
  );

/** The project's migration names, in order. */
async function projectMigrations(): Promise<string[]> {
  const entries = await readdir(PROJECT_MIGRATIONS, { withFileTypes: true });
  return entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
}

const tableExists = (url: string, table: string) =>
  withClient(url, (c) => c.query("SELECT to_regclass($1) AS t", [table]).then((r) => r.rows[0].t !== null));

afterAll(async () => {
  for (const name of created) await admin(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  for (const dir of tempDirs) await rm(dir, { recursive: true, force: true });
});

describe("migrate", () => {
  it("applies the project's migrations to a fresh database and records them the way Prisma does", async () => {
    const url = await emptyDatabase();
    const lines: string[] = [];

    const all = await projectMigrations();
    expect(all[0]).toBe(INIT);

    const result = await migrate(url, { log: (line) => lines.push(line) });

    expect(result.applied).toEqual(all);
    expect(lines).toEqual(all.map((name) => `Applied migration ${name}`));
    const rows = await ledger(url);
    expect(rows.map((r) => r.migration_name)).toEqual(all);
    for (const row of rows) {
      const file = await readFile(path.join(PROJECT_MIGRATIONS, row.migration_name, "migration.sql"));
      expect(row).toMatchObject({ checksum: migrationChecksum(file), applied_steps_count: 1 });
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(row.finished_at).toBeInstanceOf(Date);
    }
    expect(await tableExists(url, "tasks")).toBe(true);

    // The second run is a no-op.
    expect(await migrate(url)).toEqual({ applied: [] });
    expect(await ledger(url)).toHaveLength(all.length);
  });

  it("never applies a migration twice when several instances run at once", async () => {
    const url = await emptyDatabase();

    const results = await Promise.all([migrate(url), migrate(url), migrate(url)]);

    const all = await projectMigrations();
    expect(results.flatMap((r) => r.applied)).toEqual(all);
    expect((await ledger(url)).map((r) => r.migration_name)).toEqual(all);
  });

  it("refuses to run when an applied migration was edited, naming it", async () => {
    const url = await emptyDatabase();
    const dir = await migrationsDir({ "001_create_a": "CREATE TABLE a (id INTEGER);\n" });
    await migrate(url, { migrationsDir: dir });

    await writeMigration(dir, "001_create_a", "CREATE TABLE a (id BIGINT);\n");
    await writeMigration(dir, "002_create_b", "CREATE TABLE b (id INTEGER);\n");

    await expect(migrate(url, { migrationsDir: dir })).rejects.toThrow(
      /^Migration 001_create_a was edited after it was applied/,
    );
    expect(await tableExists(url, "b")).toBe(false);
  });

  it("rolls a failing migration back completely and names it with Postgres' message", async () => {
    const url = await emptyDatabase();
    const dir = await migrationsDir({
      "001_ok": "CREATE TABLE a (id INTEGER);\n",
      "002_bad": "CREATE TABLE b (id INTEGER);\nINSERT INTO b VALUES (1);\nINSERT INTO missing_table VALUES (1);\n",
    });

    await expect(migrate(url, { migrationsDir: dir })).rejects.toThrow(
      'Migration 002_bad failed at line 3: relation "missing_table" does not exist',
    );

    expect((await ledger(url)).map((r) => r.migration_name)).toEqual(["001_ok"]);
    expect(await tableExists(url, "a")).toBe(true);
    expect(await tableExists(url, "b")).toBe(false);

    // Once fixed, it applies.
    await writeMigration(dir, "002_bad", "CREATE TABLE b (id INTEGER);\n");
    expect(await migrate(url, { migrationsDir: dir })).toEqual({ applied: ["002_bad"] });
  });
});

describe("data migrations", () => {
  it("20261207102000_member_type_pays: the member type becomes the one source of truth for volunteers", async () => {
    const url = await emptyDatabase();
    const target = "20261207102000_member_type_pays";
    // Migrate up to the one before, with the rows the old model allowed.
    const before = await mkdtemp(path.join(os.tmpdir(), "bfs-migrations-"));
    tempDirs.push(before);
    for (const name of (await projectMigrations()).filter((n) => n < target)) {
      await writeMigration(before, name, await readFile(path.join(PROJECT_MIGRATIONS, name, "migration.sql"), "utf8"));
    }
    await migrate(url, { migrationsDir: before });
    await withClient(url, (c) =>
      c.query(`INSERT INTO users (email, password_hash, first_name, last_name, member_type, pay_type, updated_at) VALUES
        ('grace@x.test', 'h', 'Grace', 'Volunteer-hourly', 'volunteer', 'hourly', now()),
        ('una@x.test', 'h', 'Una', 'Employee-unpaid', 'employee', 'volunteer', now()),
        ('tom@x.test', 'h', 'Tom', 'Contractor', 'contractor', 'hourly', now()),
        ('sal@x.test', 'h', 'Sal', 'Salaried', 'employee', 'salaried', now())`),
    );

    expect((await migrate(url)).applied).toContain(target);
    const rows = await withClient(url, (c) => c.query<{ first_name: string; member_type: string; pay_type: string | null }>("SELECT first_name, member_type::text, pay_type::text FROM users ORDER BY first_name").then((r) => r.rows));
    expect(rows).toEqual([
      // A volunteer keeps what the business calls them and has no pay type.
      { first_name: "Grace", member_type: "volunteer", pay_type: null },
      { first_name: "Sal", member_type: "employee", pay_type: "salaried" },
      { first_name: "Tom", member_type: "contractor", pay_type: "hourly" },
      // Pay type "volunteer" left them out of exports as a volunteer: they become one.
      { first_name: "Una", member_type: "volunteer", pay_type: null },
    ]);
    const labels = await withClient(url, (c) => c.query<{ label: string }>(`SELECT enumlabel AS label FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid WHERE t.typname = 'PayType' ORDER BY enumsortorder`).then((r) => r.rows.map((x) => x.label)));
    expect(labels).toEqual(["hourly", "salaried"]);
    // New rows: a paid member gets hourly by default; a volunteer with a pay type is refused.
    await withClient(url, (c) => c.query(`INSERT INTO users (email, password_hash, first_name, last_name, updated_at) VALUES ('new@x.test', 'h', 'New', 'Default', now())`));
    await expect(
      withClient(url, (c) => c.query(`INSERT INTO users (email, password_hash, first_name, last_name, member_type, pay_type, updated_at) VALUES ('v@x.test', 'h', 'V', 'Paid', 'volunteer', 'hourly', now())`)),
    ).rejects.toThrow(/users_pay_type_of_member_type/);
  });
});

describe("ensureDatabase", () => {
  it("creates the database named in the URL once", async () => {
    const name = `bfs_test_ensure_${process.pid}_${Date.now() % 100000}`;
    created.push(name);
    const url = databaseUrl(readHarnessInfo().serverUrl, name);

    expect(await ensureDatabase(url)).toBe(true);
    expect(await ensureDatabase(url)).toBe(false);
    expect(await withClient(url, (c) => c.query("SELECT current_database() AS db").then((r) => r.rows[0].db))).toBe(name);
  });
});
