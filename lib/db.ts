import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createPrismaClient } from "@/lib/db-admin/client";
import { onShutdown } from "@/lib/lifecycle";

// One client per process. It is created on first use (not at import) so that the test
// harness can point DATABASE_URL at a per-file database before anything touches it, and
// `next build` can import route modules without a database.
const globalForDb = globalThis as unknown as { bfsPrisma?: PrismaClient };

function client(): PrismaClient {
  if (!globalForDb.bfsPrisma) {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set");
    const prisma = createPrismaClient(url);
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

/** Transaction client type, for services that accept either `db` or a transaction. */
export type Db = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;
