import { json, route } from "@/lib/http/route";
import { requestCorrection } from "@/lib/services/time/corrections";
import { correctionRequestSchema } from "@/lib/validations/time";

/** A member asks for their own time to be corrected (admins decide on the time card). */
export const POST = route(async ({ caller, body }) => json(await requestCorrection(caller, await body(correctionRequestSchema)), 201), { permission: "time.read" });
