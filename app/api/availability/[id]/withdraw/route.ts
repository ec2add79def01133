import { route } from "@/lib/http/route";
import * as op from "@/lib/availability/contracts";
import { withdrawAvailability } from "@/lib/services/availability/availability";

export const POST = route(op.withdrawAvailability, async ({ caller, params }) => withdrawAvailability(caller, String(params.id)));
