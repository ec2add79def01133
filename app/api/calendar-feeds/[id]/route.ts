import * as op from "@/lib/calendar/contracts";
import { route } from "@/lib/http/route";
import { revokeCalendarFeed } from "@/lib/services/calendar/manage-feeds";

export const DELETE = route(op.revokeCalendarFeed, async ({ caller, params }) => revokeCalendarFeed(caller, params.id));
