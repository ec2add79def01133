import "server-only";
import { db } from "@/lib/db";
import { businessToday, dateColumnOf } from "@/lib/dates";

/**
 * allowAnalytics: one counter row per member and business day, incremented. Counts only,
 * never content. Called only when the member allows it.
 */
export async function recordChatUsage(userId: string, kind: "messages" | "quickActions" | "actionsConfirmed", now = new Date()): Promise<void> {
  const day = dateColumnOf(businessToday(now));
  await db.chatUsageDay.upsert({
    where: { userId_day: { userId, day } },
    create: { userId, day, [kind]: 1 },
    update: { [kind]: { increment: 1 } },
  });
}
