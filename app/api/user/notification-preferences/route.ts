import { route } from "@/lib/http/route";
import * as op from "@/lib/notifications/contracts";
import { getNotificationPreferences, updateNotificationPreferences } from "@/lib/services/notifications/preferences";

export const GET = route(op.getNotificationPreferences, async ({ caller }) => getNotificationPreferences(caller));

export const PUT = route(op.updateNotificationPreferences, async ({ caller, body }) => updateNotificationPreferences(caller, body));
