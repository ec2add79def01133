import "server-only";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { db } from "@/lib/db";
import { isShuttingDown } from "@/lib/lifecycle";
import type { z } from "zod";
import type { readinessSchema } from "@/lib/validations/system";

export type Readiness = z.input<typeof readinessSchema>;

/** How long the database may take to answer before readiness calls it down (the pool's own wait is longer). */
const PROBE_TIMEOUT_MS = 1500;

/**
 * Readiness: the database answers within 1.5 s, every migration in prisma/migrations is applied,
 * and the instance is not shutting down. A load balancer sends traffic only while this is 200.
 */
export async function checkReadiness(migrationsDir = path.join(process.cwd(), "prisma", "migrations")): Promise<Readiness> {
  const shuttingDown = isShuttingDown();
  let applied: Set<string> | null = null;
  try {
    const rows = await withTimeout(
      db.$queryRaw<Array<{ migration_name: string }>>`
        SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
      PROBE_TIMEOUT_MS,
    );
    applied = new Set(rows.map((r) => r.migration_name));
  } catch {
    applied = null;
  }
  const onDisk = (await readdir(migrationsDir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  const pendingMigrations = applied ? onDisk.filter((name) => !applied.has(name)) : [];
  const database = applied ? "up" : "down";
  return { ok: database === "up" && pendingMigrations.length === 0 && !shuttingDown, database, pendingMigrations, shuttingDown };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("readiness probe timed out")), ms);
    }),
  ]);
}
