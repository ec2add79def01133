import { route } from "@/lib/http/route";
import * as op from "@/lib/availability/contracts";
import { getPendingAvailability } from "@/lib/services/availability/availability";

export const GET = route(op.getPendingAvailability, async ({ caller }) => getPendingAvailability(caller));
