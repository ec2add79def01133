import { route } from "@/lib/http/route";
import { requestCorrection } from "@/lib/services/time/request-correction";
import * as op from "@/lib/time/contracts";

/** A member asks for their own time to be corrected (admins decide on the time card). */
export const POST = route(op.requestCorrection, async ({ caller, body }) => requestCorrection(caller, body));
