/**
 * npx tsx bench/statement-cpu.ts  (the bench database, found as bench/database.ts says)
 *
 * The CPU one statement costs the Node process, through Prisma's raw query and through
 * node-postgres on the same pool settings: the caller's session statement (lib/auth/resolve-
 * caller.ts), 2,000 times each way, after a warm-up round. CPU time (process.cpuUsage), not wall
 * time, so a busy machine moves the figure less. Why the hot path reads through node-postgres:
 * docs/performance.md.
 */
import { createPool, createPrismaClient } from "../lib/db-admin/client";
import { openBenchDatabase } from "./database";

const CALLS = 2000;
const STATEMENT = `SELECT s.id AS session_id, s.last_seen_at, u.id AS user_id, u.role::text AS role, u.first_name, u.last_name, u.email, u.must_change_password,
    ARRAY(SELECT m.unit_id::text FROM unit_memberships m WHERE m.user_id = u.id) AS unit_ids
  FROM auth_sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1::uuid AND s.user_id = $2::uuid AND u.is_active`;

async function main() {
  const database = await openBenchDatabase();
  const url = database.url;
  const pool = createPool(url);
  const prisma = createPrismaClient(url);
  try {
    const { rows } = await pool.query<{ id: string; user_id: string }>("SELECT id, user_id FROM auth_sessions LIMIT 1");
    if (!rows[0]) throw new Error("No session in that database: sign in once (npm run bench signs its members in)");
    const args = [rows[0].id, rows[0].user_id];
    const time = async (run: () => Promise<unknown>) => {
      const started = process.cpuUsage();
      for (let i = 0; i < CALLS; i++) await run();
      const used = process.cpuUsage(started);
      return (used.user + used.system) / CALLS / 1000;
    };
    for (const round of ["warm-up", "measured"]) {
      const viaPrisma = await time(() => prisma.$queryRawUnsafe(STATEMENT, ...args));
      const viaPg = await time(() => pool.query(STATEMENT, args));
      if (round === "measured") console.log(`CPU per statement: Prisma $queryRaw ${viaPrisma.toFixed(3)} ms, node-postgres ${viaPg.toFixed(3)} ms (${CALLS} calls each)`);
    }
  } finally {
    await prisma.$disconnect();
    await pool.end();
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
