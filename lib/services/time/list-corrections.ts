import "server-only";
import { db } from "@/lib/db";

/** GET /api/admin/time/corrections: pending requests first, then the latest decided ones. */
export async function listCorrections(opts: { status?: "pending" | "approved" | "rejected"; take?: number } = {}) {
  return db.timeCorrectionRequest.findMany({
    where: opts.status ? { status: opts.status } : {},
    orderBy: [{ status: "asc" }, { createdAt: "desc" }],
    take: Math.min(opts.take ?? 50, 200),
    include: { user: { select: { id: true, firstName: true, lastName: true } } },
  });
}
