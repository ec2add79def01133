import { route } from "@/lib/http/route";
import * as op from "@/lib/availability/contracts";
import { decideAvailability } from "@/lib/services/availability/availability";

export const POST = route(op.decideAvailability, async ({ caller, params, body }) => decideAvailability(caller, String(params.id), body));
