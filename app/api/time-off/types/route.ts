import { route } from "@/lib/http/route";
import { createTimeOffType, listTimeOffTypes } from "@/lib/services/time-off/types";
import * as op from "@/lib/time-off/contracts";

export const GET = route(op.getTimeOffTypes, async () => listTimeOffTypes());
export const POST = route(op.createTimeOffType, async ({ caller, body }) => createTimeOffType(caller, body));
