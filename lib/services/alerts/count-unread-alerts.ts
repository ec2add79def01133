import "server-only";
import { db } from "@/lib/db";
import { openNow } from "./alert-shape";

/**
 * The bell's unread count: my open alerts not yet read. The bell reads it from the punch-status
 * poll (`unreadAlerts`, lib/services/punch/get-punch-status.ts) and loads the list only when it opens.
 */
export function countUnreadAlerts(userId: string, now = new Date()): Promise<number> {
  return db.alertRecipient.count({ where: { userId, readAt: null, alert: openNow(now) } });
}
