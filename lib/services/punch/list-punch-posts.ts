import "server-only";
import { db } from "@/lib/db";
import type { PunchPost } from "@/lib/validations/punch";
import { Row, postSelect, present } from "./punch-posts";

/** Every post that is not removed, by name (its location when it has none). A handful per business: no paging. */
export async function listPunchPosts(): Promise<{ items: PunchPost[] }> {
  const rows = await db.punchStation.findMany({ where: { deletedAt: null }, select: postSelect });
  const label = (r: Row) => (r.name ?? r.location).toLocaleLowerCase();
  rows.sort((a, b) => label(a).localeCompare(label(b)) || a.location.localeCompare(b.location));
  return { items: rows.map(present) };
}
