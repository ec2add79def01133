import "server-only";
import type pg from "pg";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createPool, createPrismaClient } from "@/lib/db-admin/client";
import { onShutdown } from "@/lib/lifecycle";

// One client per process. It is created on first use (not at import) so that the test
// harness can point DATABASE_URL at a per-file database before anything touches it, and
// `next build` can import route modules without a database.
const globalForDb = globalThis as unknown as { bfsPrisma?: PrismaClient; bfsPool?: pg.Pool };

function client(): PrismaClient {
  if (!globalForDb.bfsPrisma) {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set");
    const pool = createPool(url);
    const prisma = createPrismaClient(url, undefined, pool);
    globalForDb.bfsPool = pool;
    globalForDb.bfsPrisma = prisma;
    // Closed on SIGTERM after in-flight requests have finished and every service hook (the job runner) has run.
    onShutdown("database pool", () => prisma.$disconnect(), { phase: "connections" });
  }
  return globalForDb.bfsPrisma;
}

export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, prop) {
    const target = client();
    const value = Reflect.get(target, prop, target);
    return typeof value === "function" ? value.bind(target) : value;
  },
});

/**
 * The Prisma client's own connection pool, for the statements every signed-in request runs (the
 * caller's session, lib/auth/resolve-caller.ts) and every open tab polls (the punch status):
 * through node-postgres a statement costs ≈ 0.13 ms of the process's CPU, through Prisma's raw
 * query ≈ 0.45 ms (docs/performance.md). Everything else goes through `db`.
 */
export function hotPathPool(): pg.Pool {
  client();
  if (!globalForDb.bfsPool) throw new Error("lib/db.ts: a Prisma client was installed without its pool (bfsPool)");
  return globalForDb.bfsPool;
}

/** Transaction client type, for services that accept either `db` or a transaction. */
export type Db = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;
