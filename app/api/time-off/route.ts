import { json, route } from "@/lib/http/route";
import { getMyTimeOff, requestTimeOff } from "@/lib/services/time-off/requests";
import * as op from "@/lib/time-off/contracts";

export const GET = route(op.getMyTimeOff, async ({ caller }) => getMyTimeOff(caller));
export const POST = route(op.requestTimeOff, async ({ caller, body }) => json(await requestTimeOff(caller, body), 201));
