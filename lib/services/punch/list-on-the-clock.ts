import "server-only";
import { db } from "@/lib/db";

/**
 * Who is punched in right now (the assistant's "Who's on the clock", admins and managers):
 * open punches of active members, earliest first, at most `limit`, with the full count.
 * Served by the partial unique index punch_sessions_one_open_per_user.
 */
export async function listOnTheClock(limit: number) {
  const where = { punchOutAt: null, user: { isActive: true } };
  const [rows, total] = await Promise.all([
    db.punchSession.findMany({
      where,
      orderBy: { punchInAt: "asc" },
      take: limit,
      select: { punchInAt: true, inLocation: true, user: { select: { firstName: true, lastName: true } } },
    }),
    db.punchSession.count({ where }),
  ]);
  return {
    total,
    items: rows.map((row) => ({ name: `${row.user.firstName} ${row.user.lastName}`.trim(), since: row.punchInAt, location: row.inLocation })),
  };
}
