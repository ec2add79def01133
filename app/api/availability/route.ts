import { json, route } from "@/lib/http/route";
import * as op from "@/lib/availability/contracts";
import { getMyAvailability, submitAvailability } from "@/lib/services/availability/availability";

export const GET = route(op.getMyAvailability, async ({ caller }) => getMyAvailability(caller));
export const POST = route(op.submitAvailability, async ({ caller, body }) => json(await submitAvailability(caller, body), 201));
