import { route } from "@/lib/http/route";
import { updateUnitScheduleSettings } from "@/lib/services/schedule/swaps";
import * as op from "@/lib/swaps/contracts";

export const PATCH = route(op.updateUnitScheduleSettings, async ({ caller, params, body }) => updateUnitScheduleSettings(caller, String(params.id), body));
