import { json, route } from "@/lib/http/route";
import * as op from "@/lib/schedule/contracts";
import { createShift } from "@/lib/services/schedule/create-shift";

export const POST = route(op.createShift, async ({ caller, body }) => json(await createShift(caller, body), 201));
