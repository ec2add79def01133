import { route } from "@/lib/http/route";
import * as op from "@/lib/availability/contracts";
import { updateScheduleSettings } from "@/lib/services/availability/availability";

export const PUT = route(op.updateScheduleSettings, async ({ caller, body }) => updateScheduleSettings(caller, body));
