import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { findSchemaDrift } from "./schema-drift";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();

async function sql(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDb.url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe("findSchemaDrift", () => {
  it("finds no drift in a freshly migrated database", async () => {
    expect(await findSchemaDrift(testDb.url)).toEqual([]);
  });

  it("reports a field that schema.prisma has and the database lacks", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "bfs-schema-"));
    try {
      const schema = await readFile(path.resolve("prisma/schema.prisma"), "utf8");
      const edited = schema.replace('  @@map("users")', '  nickname String @default("") @map("nick_name")\n  @@map("users")');
      expect(edited).not.toBe(schema);
      const schemaPath = path.join(dir, "schema.prisma");
      await writeFile(schemaPath, edited);

      expect(await findSchemaDrift(testDb.url, schemaPath)).toEqual([
        "Column users.nick_name is in schema.prisma but missing from the database.",
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  // Runs last: it changes the database.
  it("reports columns, indexes, defaults, foreign keys and invariants changed in the database", async () => {
    await sql(`
      ALTER TABLE tasks ADD COLUMN extra TEXT;
      DROP INDEX tasks_due_date_idx;
      ALTER TABLE users ALTER COLUMN role SET DEFAULT 'admin';
      ALTER TABLE users ALTER COLUMN phone SET NOT NULL;
      ALTER TABLE vendors ALTER COLUMN name TYPE VARCHAR(50);
      ALTER TABLE alerts DROP CONSTRAINT alerts_rule_id_fkey,
        ADD CONSTRAINT alerts_rule_id_fkey FOREIGN KEY (rule_id) REFERENCES alert_rules(id) ON DELETE CASCADE ON UPDATE CASCADE;
      ALTER TYPE "Role" ADD VALUE 'owner';
      DROP INDEX punch_sessions_one_open_per_user;
      ALTER TABLE tasks ADD CONSTRAINT tasks_title_not_empty CHECK (title <> '');
      DELETE FROM counters;
    `);

    expect(await findSchemaDrift(testDb.url)).toEqual([
      'Enum "Role" has values (admin, manager, staff, clinic, owner) in the database; schema.prisma has (admin, manager, staff, clinic).',
      "Foreign key alerts_rule_id_fkey is (rule_id) -> alert_rules(id) ON DELETE CASCADE ON UPDATE CASCADE in the database; schema.prisma expects (rule_id) -> alert_rules(id) ON DELETE SET NULL ON UPDATE CASCADE.",
      "Column tasks.extra is in the database but not in schema.prisma.",
      "Index tasks_due_date_idx ON tasks USING btree (due_date) is in schema.prisma but missing from the database.",
      "Column users.phone is NOT NULL in the database; schema.prisma expects nullable.",
      `Column users.role has default 'admin'::"Role" in the database; schema.prisma expects 'staff'::"Role".`,
      "Column vendors.name has type character varying(50) in the database; schema.prisma expects text.",
      "SQL invariant punch_sessions_one_open_per_user on punch_sessions (partial-unique-index) is missing from the database.",
      "Constraint tasks_title_not_empty on tasks (CHECK ((title <> ''::text))) is not declared in prisma/sql-invariants.ts.",
      "Seed row counters.name = 'task_display_number' is missing from the database.",
    ]);
  });
});
