import "server-only";
import { db } from "@/lib/db";

/** Liveness plus a database round trip, for load balancers and the test server's readiness wait. */
export async function checkHealth(): Promise<{ ok: boolean; database: "up" | "down" }> {
  try {
    await db.$queryRaw`SELECT 1`;
    return { ok: true, database: "up" };
  } catch {
    return { ok: false, database: "down" };
  }
}
