/**
 * A database of its own for each test file: a clone of the migrated template that
 * global-setup.ts prepared, so files run in parallel without seeing each other's rows.
 *
 *   const testDb = useTestDatabase();
 *   it("...", async () => { await testDb.prisma.user.create(...); await someService(); });
 *
 * useTestDatabase() points DATABASE_URL at the clone in beforeAll and installs its client as
 * the lazily created singleton of lib/db.ts, so app code under test uses the same database
 * and the same connection pool as the test.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createPool, createPrismaClient } from "@/lib/db-admin/client";
import { quoteIdent } from "@/lib/db-admin/migrate";
import { stopListening } from "@/lib/cache/member-versions";
import { databaseUrl, readHarnessInfo } from "./harness";

export interface TestDatabase {
  url: string;
  prisma: PrismaClient;
  /** The client's own pool (lib/db.ts's hotPathPool). */
  pool: pg.Pool;
  /** Disconnects and drops the database. */
  drop(): Promise<void>;
}

/** The globals lib/db.ts keeps its lazily created client and its pool under. */
type DbGlobal = { bfsPrisma?: PrismaClient; bfsPool?: pg.Pool };

export async function createTestDatabase(): Promise<TestDatabase> {
  const { serverUrl, template } = readHarnessInfo();
  const name = `bfs_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`);
  const url = databaseUrl(serverUrl, name);
  const pool = createPool(url);
  const prisma = createPrismaClient(url, undefined, pool);
  return {
    url,
    prisma,
    pool,
    async drop() {
      await prisma.$disconnect();
      // FORCE: a connection a test leaked must not keep the database alive.
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    },
  };
}

/** Creates the file's database in beforeAll and drops it in afterAll; see the file comment. */
export function useTestDatabase(): { readonly url: string; readonly prisma: PrismaClient } {
  let current: TestDatabase | undefined;
  const required = (): TestDatabase => {
    if (!current) throw new Error("The test database exists only inside tests and hooks (after beforeAll).");
    return current;
  };

  beforeAll(async () => {
    current = await createTestDatabase();
    process.env.DATABASE_URL = current.url;
    (globalThis as DbGlobal).bfsPrisma = current.prisma;
    (globalThis as DbGlobal).bfsPool = current.pool;
  });

  afterAll(async () => {
    const g = globalThis as DbGlobal;
    // The poll and caller caches' listener (lib/cache/member-versions.ts) is on this database.
    await stopListening();
    // Should lib/db.ts have built its own client anyway, close it too.
    if (g.bfsPrisma && g.bfsPrisma !== current?.prisma) await g.bfsPrisma.$disconnect();
    delete g.bfsPrisma;
    delete g.bfsPool;
    delete process.env.DATABASE_URL;
    await current?.drop();
  });

  return {
    get url() {
      return required().url;
    },
    get prisma() {
      return required().prisma;
    },
  };
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
