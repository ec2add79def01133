import { route } from "@/lib/http/route";
import { updateTimeOffType } from "@/lib/services/time-off/types";
import * as op from "@/lib/time-off/contracts";

export const PATCH = route(op.updateTimeOffType, async ({ caller, params, body }) => updateTimeOffType(caller, params.id, body));
